/**
 * The profile page's queries (spec §7): metadata, contact list, followers, mute list, relay list,
 * NIP-05 check and notes. Built once by the composition root from what it already holds (hub,
 * query client, the pool's relays, the outbox router), so the page needs nothing new.
 */
import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { ContactVersions } from '../../core/people/contact-versions.ts'
import {
  CONTACTS_KIND,
  CONTACTS_QUERY_LIMIT,
  type ContactEntry,
  parseContactList,
} from '../../core/people/contacts.ts'
import type { Followers } from '../../core/people/followers.ts'
import { MUTE_LIST_KIND, type MuteList, parseMuteList } from '../../core/people/mute-list.ts'
import { type ProfileMetadata, parseProfileMetadata } from '../../core/people/profile.ts'
import { newestEvent } from '../../core/platform/event-order.ts'
import { outsidePool } from '../../core/relays/pool-urls.ts'
import { FAILED_TO_LOAD_PROFILE } from '../../core/relays/relay-messages.ts'
import { loadOnce } from '../platform/load-once.ts'
import { lazyOutboxRelays } from '../relays/lazy-outbox-relays.ts'
import type { OutboxRelays, PoolRelay } from '../relays/outbox-relays.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { type ExtraRelays, queryPoolAnd } from '../relays/routed-query.ts'
import { answeredEvents } from '../relays/stored-events.ts'
import type { ContactVersionsStore } from './contact-versions.ts'
import { METADATA_LIMIT, metadataKey } from './metadata-queries.ts'
import { profileKeys } from './profile-keys.ts'

/** Prefetch (spec §9): profile metadata is stale at once and kept 10 minutes. */
export const PROFILE_METADATA_STALE_MS = 0
export const PROFILE_METADATA_GC_MS = 10 * 60_000
/** Contact cache (spec §9): stale after 5 minutes, kept 10. */
export const CONTACTS_STALE_MS = 5 * 60_000
export const CONTACTS_GC_MS = 10 * 60_000

export interface ContactList {
  contacts: ContactEntry[]
  createdAt: number
}

export interface PublicMuteList extends MuteList {
  createdAt: number
  /**
   * The private part, encrypted as published (NIP-51); decrypted only in memory
   * (private-mutes.ts). Absent from a copy stored before it was kept.
   */
  content?: string
}

export interface ProfileDeps {
  hub: RelayHub
  queryClient: QueryClient
  /** The pool's relays now; they change as the user edits them. */
  pool(): readonly PoolRelay[]
  /** The app's outbox router (NIP-65); absent: one of its own. */
  outbox?: OutboxRelays
  /** Who is logged in: the versions of their own contact list are kept as they are read. */
  user?: () => string | null
  /**
   * Where those versions are kept, loaded on first use (off the first note's path); absent: a
   * store of its own, in memory.
   */
  versions?: () => Promise<ContactVersionsStore>
}

/** A store of the versions of one's own, in memory, its code loaded on first use. */
const ownVersions = (queryClient: QueryClient, hub: RelayHub) =>
  loadOnce(() =>
    import('./contact-versions.ts').then(({ contactVersionsStore }) =>
      contactVersionsStore({ queryClient, hub }),
    ),
  )

async function newestOf(hub: RelayHub, kind: number, pubkey: string, limit: number) {
  return newestEvent(await hub.query([{ kinds: [kind], authors: [pubkey], limit }]))
}

export function profileQueries({ hub, queryClient, pool, ...deps }: ProfileDeps) {
  const outbox = deps.outbox ?? lazyOutboxRelays(hub)
  const versions = deps.versions ?? ownVersions(queryClient, hub)
  /** Their write relays chosen for their notes that the pool does not hold (NIP-65 outbox). */
  const writeRelaysOutside = async (pubkey: string): Promise<ExtraRelays | null> => {
    const chosen = await outbox.notesRelays(pubkey, pool())
    const relays = outsidePool(chosen.outbox, pool())
    return relays.length > 0 ? { relays, reason: { kind: 'outbox', pubkeys: [pubkey] } } : null
  }
  return {
    /**
     * Kind 0, newest of 10 (§7), from the pool (its indexers among it) and their write relays;
     * null when the relays that answered have none or it is not JSON. Fails with 'Failed to
     * load profile' (§8) when no relay answered.
     */
    metadata: (pubkey: string) =>
      queryOptions({
        queryKey: profileKeys.metadata(pubkey),
        queryFn: async (): Promise<ProfileMetadata | null> => {
          const answer = await queryPoolAnd(
            hub,
            [{ kinds: [0], authors: [pubkey], limit: METADATA_LIMIT }],
            writeRelaysOutside(pubkey),
          )
          const event = newestEvent(answeredEvents(answer, FAILED_TO_LOAD_PROFILE))
          const metadata = event ? parseProfileMetadata(event.content) : null
          // Note cards on the page read the shared metadata query: let them agree with the header.
          if (metadata) shareMetadata(queryClient, pubkey, metadata)
          return metadata
        },
        staleTime: PROFILE_METADATA_STALE_MS,
        gcTime: PROFILE_METADATA_GC_MS,
      }),

    /** Kind 3, limit 1 (§7): the people they follow; null when they published no list. */
    contacts: (pubkey: string) =>
      queryOptions({
        queryKey: profileKeys.contacts(pubkey),
        queryFn: async (): Promise<ContactList | null> => {
          const events = await hub.query([
            { kinds: [CONTACTS_KIND], authors: [pubkey], limit: CONTACTS_QUERY_LIMIT },
          ])
          // Each relay answers with its newest: the user's differ when another client shrank one.
          if (pubkey === deps.user?.()) {
            // A chunk that did not load is the page's to handle (ui/pwa/start.ts); the next
            // read records them.
            versions().then(
              (kept) => kept.record(pubkey, events),
              () => {},
            )
          }
          const event = newestEvent(events)
          return event ? { contacts: parseContactList(event), createdAt: event.created_at } : null
        },
        staleTime: CONTACTS_STALE_MS,
        gcTime: CONTACTS_GC_MS,
      }),

    /**
     * The versions of the user's own list kept on this device, with what the pool's relays hold
     * now (each its newest 10): asked again whenever Settings shows them.
     */
    contactVersions: (pubkey: string) =>
      queryOptions({
        queryKey: profileKeys.contactVersions(pubkey),
        queryFn: async (): Promise<ContactVersions> => (await versions()).fetch(pubkey),
        staleTime: 0,
        gcTime: Number.POSITIVE_INFINITY,
      }),

    /** Kind 3 lists naming them (#p), each author once. */
    followers: (pubkey: string) =>
      queryOptions({
        queryKey: profileKeys.followers(pubkey),
        queryFn: async (): Promise<Followers> => {
          // The profile page's alone: its code loads with the first ask, off the first note's path.
          const { FOLLOWERS_QUERY_LIMIT, followersOf } = await import(
            '../../core/people/followers.ts'
          )
          const events = await hub.query([
            { kinds: [CONTACTS_KIND], '#p': [pubkey], limit: FOLLOWERS_QUERY_LIMIT },
          ])
          return followersOf(pubkey, events, FOLLOWERS_QUERY_LIMIT)
        },
        staleTime: CONTACTS_STALE_MS,
        gcTime: CONTACTS_GC_MS,
      }),

    /** Kind 10000, public part and the private part still encrypted; null when they published none. */
    muteList: (pubkey: string) =>
      queryOptions({
        queryKey: profileKeys.muteList(pubkey),
        queryFn: async (): Promise<PublicMuteList | null> => {
          const event = await newestOf(hub, MUTE_LIST_KIND, pubkey, 1)
          return event
            ? { ...parseMuteList(event), createdAt: event.created_at, content: event.content }
            : null
        },
      }),

    /** Kind 10002, newest of 10, else relays named in their notes (§7); refreshes the LRU. */
    relays: (pubkey: string) =>
      queryOptions({
        queryKey: profileKeys.relays(pubkey),
        queryFn: () => outbox.fetchRelays(pubkey),
      }),

    /** Whether their NIP-05 document names this pubkey; never fails, never retried. */
    nip05: (identifier: string, pubkey: string) =>
      queryOptions({
        queryKey: profileKeys.nip05(identifier, pubkey),
        queryFn: () =>
          // Asked once a profile is shown: its code loads then, off the first note's path.
          import('./nip05-check.ts').then(({ checkNip05 }) => checkNip05(identifier, pubkey)),
        retry: false,
      }),
  }
}

export type ProfileQueries = ReturnType<typeof profileQueries>

function shareMetadata(queryClient: QueryClient, pubkey: string, metadata: ProfileMetadata) {
  queryClient.setQueryData(metadataKey(pubkey), metadata)
}

/**
 * The versions of the user's contact list (core/people/contact-versions: why and how many), held
 * for the views in the query cache under ['profile', 'contact-versions', user] and kept on this
 * device in their own IndexedDB store: the query cache is emptied by Clear Cache and dropped after
 * 24 h away, and an earlier list kept here may be the only copy left anywhere. Every read of the
 * user's kind 3 adds what it saw (the contacts query, the follow machine's read, Settings), every
 * list Plume publishes too; each change is joined with what the store holds and written back.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { NostrEvent } from 'nostr-tools/pure'
import {
  acceptVersion,
  type ContactVersions,
  FOLLOW_LIST_FAILED,
  joinVersions,
  KEPT_VERSIONS,
  keepVersions,
  keptVersionsOf,
  NO_VERSIONS,
} from '../../core/people/contact-versions.ts'
import { CONTACTS_KIND } from '../../core/people/contacts.ts'
import { idbStore, type KeyValueStore, memoryStore } from '../platform/idb-store.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { answeredEvents, queryStored } from '../relays/stored-events.ts'
import { profileKeys } from './profile-keys.ts'

/** The device's own store of the versions (Clear Everything empties it, Clear Cache does not). */
export const CONTACT_VERSIONS_DATABASE = 'plume-contact-versions'

export const keptContactVersions = (): KeyValueStore =>
  idbStore(CONTACT_VERSIONS_DATABASE, 'versions')

export interface ContactVersionsStore {
  /** What the session holds now (the device's store joined once it has been read). */
  get(user: string): ContactVersions
  /** What the session holds joined with the device's store. */
  load(user: string): Promise<ContactVersions>
  /**
   * Adds the user's lists among `events`, each with the relays it came from (the hub's memory
   * unless given); `answered` relays sent their newest, so they no longer hold older ones.
   */
  record(
    user: string,
    events: readonly NostrEvent[],
    options?: { answered?: readonly string[]; relays?: readonly string[] },
  ): ContactVersions
  /** The user made or kept the list of this time. */
  accept(user: string, createdAt: number): void
  /**
   * Asks the pool's relays for the user's lists (the newest 10 each keeps) and adds them; fails
   * with FOLLOW_LIST_FAILED when nothing came and no relay answered.
   */
  fetch(user: string): Promise<ContactVersions>
}

export interface ContactVersionsDeps {
  queryClient: QueryClient
  hub: Pick<RelayHub, 'subscribe' | 'seenOn'>
  /** Where the versions outlive the query cache (`keptContactVersions`); absent: memory only. */
  kept?: KeyValueStore
}

export function contactVersionsStore({
  queryClient,
  hub,
  kept = memoryStore(),
}: ContactVersionsDeps): ContactVersionsStore {
  const get = (user: string) =>
    queryClient.getQueryData<ContactVersions>(profileKeys.contactVersions(user)) ?? NO_VERSIONS
  const set = (user: string, versions: ContactVersions) => {
    queryClient.setQueryData(profileKeys.contactVersions(user), versions)
    return versions
  }
  // One join at a time, so a write never drops what another added.
  let joins: Promise<unknown> = Promise.resolve()
  const join = (user: string): Promise<ContactVersions> => {
    const joined = joins.then(async () => {
      const stored = keptVersionsOf(await kept.get(user))
      // The session read after the store: a list recorded during that read is not dropped.
      const versions = set(user, joinVersions(get(user), stored))
      await kept.set(user, versions)
      return versions
    })
    // Storage refused (a private window, a full disk): the session still holds them.
    joins = joined.catch(() => {})
    return joined.catch(() => get(user))
  }
  const merged: ContactVersionsStore['record'] = (user, events, options = {}) => {
    const seen = events.map((event) => ({
      event,
      relays: options.relays ?? hub.seenOn(event.id),
    }))
    return keepVersions(get(user), user, seen, options.answered)
  }
  const change = (user: string, versions: ContactVersions) => {
    set(user, versions)
    void join(user)
    return versions
  }
  return {
    get,
    load: join,
    record: (user, events, options) => change(user, merged(user, events, options)),
    accept: (user, createdAt) => void change(user, acceptVersion(get(user), createdAt)),
    async fetch(user) {
      await join(user)
      const answer = await queryStored(hub, [
        { kinds: [CONTACTS_KIND], authors: [user], limit: KEPT_VERSIONS },
      ])
      // No relay answered: what the session and the device hold stays shown, with the failure.
      const events = answeredEvents(answer, FOLLOW_LIST_FAILED)
      return change(user, merged(user, events, { answered: [...answer.eosedBy] }))
    },
  }
}

/**
 * A person's notes for the profile's notes tab (spec §7, user notes): their kind-1 notes and
 * kind-6 reposts (shown as reposts, as the feed shows them), pages of 10 going back with `until`,
 * newest first, asked of their outbox relays (outbox-relays.ts: 2 of their write relays, in the
 * pool or not) and of the pool's readable relays. Each note remembers the relay it arrived from
 * first, for the relay discovery modal.
 *
 * An empty page is "no notes yet" only when a relay answered; when none did, the page fails with
 * the spec's 'Failed to load notes' (§8) and a refetch keeps what was shown before.
 *
 * What the user publishes is put in live rows of their own (as the feed does, feed-queries.ts),
 * not in the pages: a page fetch under way would write its older pages back over it.
 */
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query'
import type { NostrEvent } from 'nostr-tools/pure'
import { type FeedEntry, mergeEntries } from '../../core/feed/feed-entry.ts'
import { REPOST_KIND, TEXT_NOTE_KIND } from '../../core/feed/nip18.ts'
import { cutNotesPage } from '../../core/feed/note-paging.ts'
import { newestFirst } from '../../core/platform/event-order.ts'
import { FAILED_TO_LOAD_NOTES } from '../../core/relays/relay-messages.ts'
import { profileKeys } from '../people/profile-keys.ts'
import type { NotesRelays, OutboxRelays, PoolRelay } from '../relays/outbox-relays.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { answeredEvents, queryStored } from '../relays/stored-events.ts'
import { NOTES_PAGE_SIZE } from './feed-queries.ts'
import { resolveEntries } from './repost-resolver.ts'

/** What the notes tab shows: notes and reposts. */
export const PROFILE_NOTE_KINDS = [TEXT_NOTE_KIND, REPOST_KIND]

export interface ProfileNotesPage {
  entries: readonly FeedEntry[]
  /** Note id → the relay it arrived from first. */
  seenOn: Readonly<Record<string, string>>
  relays: NotesRelays
  /** `until` of the next page; undefined when there is nothing older. */
  nextUntil: number | undefined
}

export interface ProfileNotesDeps {
  hub: RelayHub
  outbox: OutboxRelays
  /** The pool's relays now (they change as the user edits them). */
  pool(): readonly PoolRelay[]
}

/** 0 stands for "now": the first page has no `until`. */
type PageParam = number

/** Newest first, each event once. */
const newestOnce = (events: readonly NostrEvent[]): NostrEvent[] => {
  const seen = new Set<string>()
  return events.filter((event) => !seen.has(event.id) && seen.add(event.id)).sort(newestFirst)
}

export function profileNotesQueryOptions(deps: ProfileNotesDeps, pubkey: string) {
  return infiniteQueryOptions({
    queryKey: profileKeys.notes(pubkey),
    initialPageParam: 0 as PageParam,
    queryFn: async ({ pageParam, client }): Promise<ProfileNotesPage> => {
      const until = pageParam || undefined
      const relays = await deps.outbox.notesRelays(pubkey, deps.pool())
      // Before the pool has started no relay is known: the hub then asks whichever joins.
      const options =
        relays.asked.length > 0
          ? { relays: relays.asked, reason: { kind: 'outbox', pubkeys: [pubkey] } as const }
          : undefined
      const answer = await queryStored(
        deps.hub,
        [{ kinds: PROFILE_NOTE_KINDS, authors: [pubkey], limit: NOTES_PAGE_SIZE, until }],
        options,
      )
      const events = newestOnce(answeredEvents(answer, FAILED_TO_LOAD_NOTES))
      const page = cutNotesPage(events, NOTES_PAGE_SIZE, until)
      const kept = new Set(page.notes.map((event) => event.id))
      const seenOn: Record<string, string> = {}
      for (const { event, relay } of answer.found)
        if (kept.has(event.id)) seenOn[event.id] ??= relay
      const entries = await resolveEntries({ hub: deps.hub, queryClient: client }, page.notes)
      return { entries: mergeEntries([], entries), seenOn, relays, nextUntil: page.nextUntil }
    },
    getNextPageParam: (last: ProfileNotesPage): PageParam | undefined => last.nextUntil,
  })
}

/** The author's rows published in this session; nothing fetches them (see above). */
export const profileLiveOptions = (pubkey: string) =>
  queryOptions({
    queryKey: profileKeys.liveNotes(pubkey),
    queryFn: (): readonly FeedEntry[] => [],
    staleTime: Number.POSITIVE_INFINITY,
  })

/** A row the author just published, on their notes tab at once. */
export function addProfileLive(queryClient: QueryClient, pubkey: string, entry: FeedEntry): void {
  queryClient.setQueryData<readonly FeedEntry[]>(profileKeys.liveNotes(pubkey), (rows = []) =>
    mergeEntries(rows, [entry]),
  )
}

/** A person's notes tab: its pages (from their outbox relays, NIP-65) and the live rows on top. */
export const profileNotesQueries = (deps: ProfileNotesDeps) => ({
  notes: (pubkey: string) => profileNotesQueryOptions(deps, pubkey),
  liveNotes: profileLiveOptions,
})

export type ProfileNotesQueries = ReturnType<typeof profileNotesQueries>

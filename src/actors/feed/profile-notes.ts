/**
 * A person's notes for the profile's notes tab (spec §7, user notes): their kind-1 notes and
 * kind-6 reposts (shown as reposts, as the feed shows them), newest first, asked of their outbox
 * relays (outbox-relays.ts: 2 of their write relays, in the pool or not) and of the pool's
 * readable relays. Pages go back with `until`, each showing every note that came complete from
 * the relays asked (10 to 50, pageLength). Each note remembers the relay it arrived from first,
 * for the relay discovery modal.
 *
 * A relay that did not answer a page in time, or whose full answer stopped short of the page's
 * oldest note, still owes notes (core/feed/relays-owed.ts): the next page asks it from where it
 * owes them, in a request of its own, and what it then sends that is newer than that page shows
 * among the rows already there (core/feed/note-paging.ts). One `until` for every relay skipped
 * its notes for good, most of all for someone who writes only to a relay outside the pool.
 *
 * An empty page is "no notes yet" only when a relay answered; when none did, the page fails with
 * the spec's 'Failed to load notes' (§8) and a refetch keeps what was shown before.
 *
 * What the user publishes is put in live rows of their own (as the feed does, feed-queries.ts),
 * not in the pages: a page fetch under way would write its older pages back over it.
 */
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query'
import type { Filter } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import { type FeedEntry, mergeEntries } from '../../core/feed/feed-entry.ts'
import { NOTES_PAGE_SIZE, pageLength } from '../../core/feed/feed-source.ts'
import { REPOST_KIND, TEXT_NOTE_KIND } from '../../core/feed/nip18.ts'
import {
  cutNotesPage,
  FIRST_NOTES_PAGE,
  type NotesPageStart,
  nextNotesPage,
} from '../../core/feed/note-paging.ts'
import { completeDownTo, relayOutcome, splitLate, untilFor } from '../../core/feed/relays-owed.ts'
import { newestFirst } from '../../core/platform/event-order.ts'
import { FAILED_TO_LOAD_NOTES } from '../../core/relays/relay-messages.ts'
import { sameRelayUrl } from '../../core/relays/relay-url.ts'
import { profileKeys } from '../people/profile-keys.ts'
import type { NotesRelays, OutboxRelays, PoolRelay } from '../relays/outbox-relays.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { mergeAnswers } from '../relays/routed-query.ts'
import { answeredEvents, queryStored, sentBy } from '../relays/stored-events.ts'
import type { PageAnswer } from './follows-feed.ts'
import { addLiveRows, liveRowsQuery } from './live-rows.ts'
import { resolveEntries } from './repost-resolver.ts'

/** What the notes tab shows: notes and reposts. */
export const PROFILE_NOTE_KINDS = [TEXT_NOTE_KIND, REPOST_KIND]

export interface ProfileNotesPage {
  /** The page's notes, and the late ones of relays that owed them (newest first). */
  entries: readonly FeedEntry[]
  /** Note id → the relay it arrived from first. */
  seenOn: Readonly<Record<string, string>>
  relays: NotesRelays
  /** Where the next page starts; undefined when there is nothing older. */
  next: NotesPageStart | undefined
}

export interface ProfileNotesDeps {
  hub: RelayHub
  outbox: OutboxRelays
  /** The pool's relays now (they change as the user edits them). */
  pool(): readonly PoolRelay[]
}

/** Newest first, each event once. */
const newestOnce = (events: readonly NostrEvent[]): NostrEvent[] => {
  const seen = new Set<string>()
  return events.filter((event) => !seen.has(event.id) && seen.add(event.id)).sort(newestFirst)
}

/** Their newest page of notes up to `until` (0: now). */
const notesFilters = (pubkey: string, until: number): Filter[] => [
  {
    kinds: PROFILE_NOTE_KINDS,
    authors: [pubkey],
    limit: NOTES_PAGE_SIZE,
    until: until || undefined,
  },
]

/**
 * Asks the relays for a page: those that owe nothing in one request from the page's `until`, and
 * each that still owes notes in a request of its own from where it owes them (a subscription asks
 * every relay the same filters). What each did says what it owes after this page.
 */
async function askRelays(
  hub: RelayHub,
  pubkey: string,
  asked: readonly string[],
  start: NotesPageStart,
): Promise<PageAnswer> {
  // Before the pool has started no relay is known: the hub then asks whichever joins.
  if (asked.length === 0) {
    return { ...(await queryStored(hub, notesFilters(pubkey, start.until))), outcomes: [] }
  }
  const reason = { kind: 'outbox', pubkeys: [pubkey] } as const
  // A relay no longer asked for their notes (the pool or their list changed) is not asked again.
  const owing = asked.filter((url) => start.owed?.[url] !== undefined)
  const square = asked.filter((url) => !owing.includes(url))
  const requests = [
    ...(square.length > 0 ? [{ relays: square, until: start.until }] : []),
    ...owing.map((url) => ({ relays: [url], until: untilFor(start.owed, url, start.until) })),
  ].map((request) => ({ ...request, filters: notesFilters(pubkey, request.until) }))
  const answers = await Promise.all(
    requests.map(({ relays, filters }) =>
      queryStored(hub, filters, { relays, reason, copies: true }),
    ),
  )
  const outcomes = requests.flatMap(({ relays, until, filters }, i) => {
    const answer = answers[i]!
    return relays.map((url) => {
      const answered = [...answer.eosedBy].some((relay) => sameRelayUrl(relay, url))
      return relayOutcome(url, until, answered, filters, sentBy(answer, url))
    })
  })
  return { ...mergeAnswers(answers), outcomes, complete: completeDownTo(outcomes) }
}

export function profileNotesQueryOptions(deps: ProfileNotesDeps, pubkey: string) {
  return infiniteQueryOptions({
    queryKey: profileKeys.notes(pubkey),
    initialPageParam: FIRST_NOTES_PAGE,
    queryFn: async ({ pageParam: start, client }): Promise<ProfileNotesPage> => {
      const relays = await deps.outbox.notesRelays(pubkey, deps.pool())
      const answer = await askRelays(deps.hub, pubkey, relays.asked, start)
      const found = newestOnce(answeredEvents(answer, FAILED_TO_LOAD_NOTES))
      // Late notes, from relays that owed them, show among the rows already there.
      const { onPage, late } = splitLate(found, start.until)
      // Every note that came complete from the relays asked, at least a page (pageLength).
      const pageSize = pageLength(onPage, answer.complete)
      const page = cutNotesPage(onPage, pageSize, start.until || undefined)
      const shown = newestOnce([...page.notes, ...late])
      const kept = new Set(shown.map((event) => event.id))
      const seenOn: Record<string, string> = {}
      for (const { event, relay } of answer.found)
        if (kept.has(event.id)) seenOn[event.id] ??= relay
      const entries = await resolveEntries({ hub: deps.hub, queryClient: client }, shown)
      const next = nextNotesPage(start, page, answer.outcomes)
      return { entries: mergeEntries([], entries), seenOn, relays, next }
    },
    getNextPageParam: (last: ProfileNotesPage): NotesPageStart | undefined => last.next,
  })
}

/** The author's rows published in this session; nothing fetches them (see above). */
export const profileLiveOptions = (pubkey: string) => liveRowsQuery(profileKeys.liveNotes(pubkey))

/** A row the author just published, on their notes tab at once (the newest LIVE_ROWS_MAX kept). */
export function addProfileLive(queryClient: QueryClient, pubkey: string, entry: FeedEntry): void {
  addLiveRows(queryClient, profileKeys.liveNotes(pubkey), [entry])
}

/** A person's notes tab: its pages (from their outbox relays, NIP-65) and the live rows on top. */
export const profileNotesQueries = (deps: ProfileNotesDeps) => ({
  notes: (pubkey: string) => profileNotesQueryOptions(deps, pubkey),
  liveNotes: profileLiveOptions,
})

export type ProfileNotesQueries = ReturnType<typeof profileNotesQueries>

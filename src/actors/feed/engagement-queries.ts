/**
 * Who liked and reposted each shown note (core/feed/engagement.ts) through TanStack Query, key
 * ['engagement', note id]. The notes a view shows ask together (ui/components/feed/use-engagement-asks.ts)
 * and the asks of one moment go out as one REQ (gather.ts): the notes' reactions, their reposts,
 * and the viewer's own of both, asked apart so that a note with more reactions than the limit
 * still shows whether the viewer liked it; and their authors' deletion requests (NIP-09), so a
 * note deleted on relays that still serve it leaves the views (deleted-notes.ts); and the reports
 * (NIP-56) of the notes by the people the viewer follows, for the warning over a reported note.
 * Loaded once the first screen is drawn.
 */
import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { Filter } from 'nostr-tools/filter'
import {
  ENGAGEMENT_KINDS,
  type Engagement,
  GENERIC_REPOST_KIND,
  tallyEngagement,
} from '../../core/feed/engagement.ts'
import { deletedAmong, deletionFilter } from '../../core/feed/nip09.ts'
import { REPOST_KIND } from '../../core/feed/nip18.ts'
import type { NoteRef } from '../../core/feed/note.ts'
import { REACTION_KIND } from '../../core/feed/reaction.ts'
import { REPORT_KIND } from '../../core/people/report.ts'
import { capQueries } from '../app/query-cap.ts'
import { createGatherer } from '../platform/gather.ts'
import type { RelayHub } from '../relays/relay-hub.ts'

/** Notes per REQ, and events of each side asked for per note in it. */
const MAX_NOTES = 50
const EVENTS_PER_NOTE = 100
/**
 * The pages of a first screen come a few hundred milliseconds apart as the feed fills it (a
 * filtered page may show two rows): counts can wait that long to be asked for together.
 */
const ENGAGEMENT_QUIET_MS = 600
const ENGAGEMENT_MAX_MS = 2000
/** Counts refresh when the note is asked for again after a minute. */
const ENGAGEMENT_STALE_MS = 60 * 1000

const HEX64 = /^[0-9a-f]{64}$/
/**
 * Followed people whose reports are asked for: each author is 67 bytes of the REQ, so 500 keep
 * it near 34 KB, under the message limits relays commonly set (64 KB and up).
 */
const MAX_REPORT_AUTHORS = 500
/**
 * Notes no view shows whose engagement is kept: a few screens to scroll back through. Each is
 * some 450 bytes of JS heap and a timer; without a cap the feed kept every note scrolled past
 * (bench "scroll heap").
 */
export const UNUSED_ENGAGEMENT = 200

export const engagementKey = (noteId: string) => ['engagement', noteId] as const

export type EngagementLoader = (note: NoteRef) => Promise<Engagement>

/**
 * The filters of one REQ for these notes: reactions, reposts, their authors' deletion requests,
 * the viewer's own reactions and reposts when someone is logged in, and the reports of the
 * people they follow.
 */
export function engagementFilters(
  notes: readonly NoteRef[],
  viewer: string | null,
  follows: readonly string[] = [],
): Filter[] {
  const ids = notes.map((note) => note.id)
  const limit = ids.length * EVENTS_PER_NOTE
  const filters: Filter[] = [
    { kinds: [REACTION_KIND], '#e': ids, limit },
    { kinds: [REPOST_KIND, GENERIC_REPOST_KIND], '#e': ids, limit },
  ]
  const authored = notes.filter((note) => HEX64.test(note.pubkey))
  if (authored.length > 0) filters.push(deletionFilter(authored))
  if (viewer) filters.push({ kinds: [...ENGAGEMENT_KINDS], authors: [viewer], '#e': ids })
  const reporters = follows.filter((pubkey) => HEX64.test(pubkey)).slice(0, MAX_REPORT_AUTHORS)
  if (reporters.length > 0) {
    filters.push({ kinds: [REPORT_KIND], authors: reporters, '#e': ids, limit })
  }
  return filters
}

/**
 * Loads a note's engagement with the other notes asked in the same moment. `deleted` hears the
 * ids of the notes their authors deleted (checked: `deletedAmong`); `follows` gives the people
 * the viewer follows, whose reports count.
 */
export function createEngagementLoader(
  hub: Pick<RelayHub, 'query'>,
  viewer: () => string | null,
  deleted: (ids: readonly string[]) => void = () => {},
  follows: (viewer: string) => Promise<readonly string[]> = async () => [],
): EngagementLoader {
  /** The author of each note waiting to be asked about (a moment's asks at most). */
  const authors = new Map<string, string>()
  const gather = createGatherer({
    maxBatch: MAX_NOTES,
    quietMs: ENGAGEMENT_QUIET_MS,
    maxMs: ENGAGEMENT_MAX_MS,
    load: async (ids) => {
      const notes = ids.map((id) => ({ id, pubkey: authors.get(id) ?? '' }))
      for (const id of ids) authors.delete(id)
      const user = viewer()
      // Unknown follows (the list did not load) ask no reports: likes and reposts still come.
      const followed = user ? await follows(user).catch((): readonly string[] => []) : []
      const events = await hub.query(engagementFilters(notes, user, followed))
      const gone = deletedAmong(events, notes)
      if (gone.length > 0) deleted(gone)
      return tallyEngagement(events, ids, new Set(followed))
    },
  })
  return (note) => {
    authors.set(note.id, note.pubkey)
    return gather(note.id)
  }
}

export function engagementQueryOptions(load: EngagementLoader, { id, pubkey }: NoteRef) {
  // The id and author only: the query keeps its function, and the whole notes it kept were
  // 0.8 MiB of the heap after scrolling 2,000 notes (bench "scroll heap", heap snapshot).
  return queryOptions({
    queryKey: engagementKey(id),
    queryFn: () => load({ id, pubkey }),
    staleTime: ENGAGEMENT_STALE_MS,
  })
}

/** Asks for these notes' engagement now; those known and fresh are not asked again. */
export function askEngagement(
  queryClient: QueryClient,
  load: EngagementLoader,
  notes: Iterable<NoteRef>,
): void {
  for (const note of notes) void queryClient.prefetchQuery(engagementQueryOptions(load, note))
}

/** What the notes' views ask of engagement. */
export interface EngagementQueries {
  /**
   * Asks for these notes' engagement now; those known and fresh are not asked again, unless they
   * were asked for someone else (before a login, say).
   */
  ask(notes: Iterable<NoteRef>): void
  /**
   * Keeps these notes' engagement in the cache while a view shows them (until the returned
   * function is called): views read it without observing it, and the cache keeps at most
   * UNUSED_ENGAGEMENT of the others.
   */
  hold(notes: readonly NoteRef[]): () => void
  /**
   * Whether the relays (or the cache, asked already) know a like of the note by whoever is logged
   * in. Unknown, when no relay answers, is false: the like goes out, as it did before anyone asked.
   */
  likedByViewer(note: NoteRef): Promise<boolean>
}

export interface EngagementDeps {
  hub: Pick<RelayHub, 'query'>
  queryClient: QueryClient
  /** Whoever is logged in now, or null. */
  viewer(): string | null
  /** Hears the notes found deleted by their authors (NIP-09). */
  deleted?(ids: readonly string[]): void
  /** The people this viewer follows (their kind 3), whose reports of notes are shown. */
  follows?(viewer: string): Promise<readonly string[]>
}

/** The app's engagement queries over one loader (made on first use). */
export function createEngagementQueries({
  hub,
  queryClient,
  viewer,
  deleted,
  follows,
}: EngagementDeps): EngagementQueries {
  let loader: EngagementLoader | undefined
  const load = () => (loader ??= createEngagementLoader(hub, viewer, deleted, follows))
  /** Whom the counts known were asked for: their own likes and their follows' reports differ. */
  let askedFor: string | null | undefined
  const cap = capQueries(queryClient.getQueryCache(), 'engagement', UNUSED_ENGAGEMENT)
  return {
    hold: (notes) => cap.hold(notes.map((note) => engagementKey(note.id))),
    ask(notes) {
      const user = viewer()
      if (askedFor !== undefined && user !== askedFor) {
        // Asked again, not dropped: the counts stay on screen until the new ones come.
        void queryClient.invalidateQueries({ queryKey: ['engagement'], refetchType: 'none' })
      }
      askedFor = user
      askEngagement(queryClient, load(), notes)
    },
    async likedByViewer(note) {
      const user = viewer()
      if (user === null) return false
      const options = engagementQueryOptions(load(), note)
      const known = await queryClient.ensureQueryData(options).catch(() => null)
      return known?.likers.includes(user) ?? false
    },
  }
}

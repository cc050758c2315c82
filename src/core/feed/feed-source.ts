/**
 * Where the feed's notes come from: everyone, or the people the user follows (Follow Only), either
 * narrowed to notes tagged with any of some hashtags (the custom hashtag filter, spec README
 * decisions; an empty list is every note). The relays do this narrowing (authors, #t), so a page
 * of 10 is 10 notes of that feed rather than 10 notes mostly thrown away.
 */
import type { Filter } from 'nostr-tools/filter'
import { hashtagKey } from './hashtags.ts'
import { REPOST_KIND, TEXT_NOTE_KIND } from './nip18.ts'
import type { RelaysOwed } from './relays-owed.ts'

/** Notes page size (spec §9, queries): each relay's `limit` for a page. */
export const NOTES_PAGE_SIZE = 10
/**
 * The most notes one page shows when more than a page came complete (pageNotes): the window of
 * pages (feed-window.ts) then holds up to 20 of these.
 */
export const NOTES_PAGE_MAX = 50

/**
 * The notes a page shows, of these (newest first, each once): NOTES_PAGE_SIZE, or every note down
 * to `complete` when more than that many are, up to NOTES_PAGE_MAX. `complete`: how far back
 * every relay asked sent all it holds (relays-owed.ts, completeDownTo); undefined when not known.
 * A feed asks each relay (of the pool, of its outbox plan, of a person's relays) for its own newest
 * page: cut to 10, most of what came was thrown away and every relay asked again for the next page
 * (the wide world's Following feed: 10,562 REQs over 7,661 sockets to scroll back 7 days).
 */
export const pageNotes = <T extends { created_at: number }>(
  notes: readonly T[],
  complete: number | undefined,
): T[] => notes.slice(0, pageLength(notes, complete))

/** How many of these notes a page shows (pageNotes). */
export function pageLength(
  notes: readonly { created_at: number }[],
  complete: number | undefined,
): number {
  if (complete === undefined) return NOTES_PAGE_SIZE
  const older = notes.findIndex((note) => note.created_at < complete)
  const completeCount = older === -1 ? notes.length : older
  return Math.min(NOTES_PAGE_MAX, Math.max(NOTES_PAGE_SIZE, completeCount))
}

/** Kinds the feed asks for: notes and their reposts. */
export const FEED_KINDS = [TEXT_NOTE_KIND, REPOST_KIND]
/** Authors per filter: relays commonly cap the size of a filter. */
export const MAX_AUTHORS_PER_FILTER = 500

export interface FeedSource {
  /** Follow Only: whose list, its version (the kind-3 created_at) and the authors in it. */
  follows: { pubkey: string; version: number; authors: readonly string[] } | null
  /** Notes t-tagged with any of these (compared in lower case); empty for every note. */
  hashtags: readonly string[]
}

export const GLOBAL_SOURCE: FeedSource = { follows: null, hashtags: [] }

/**
 * The hashtags a feed shows: the one the URL names (`?tag=`, a narrower view of one tab), else
 * the custom list, as relays index them (NIP-24: lower case), sorted so the same set is one key.
 */
export function feedHashtags(custom: readonly string[], urlTag: string | null): string[] {
  const tags = urlTag ? [urlTag] : custom
  return [...new Set(tags.map(hashtagKey))].sort()
}

/**
 * The query key of a feed: ['feed', 'global'] for everyone, then the follow list and the
 * hashtags. Every feed key starts with 'feed' (the spec's cache group).
 */
export function feedSourceKey(source: FeedSource): readonly string[] {
  const key = ['feed']
  if (source.follows) key.push('follows', source.follows.pubkey, String(source.follows.version))
  const hashtags = feedHashtags(source.hashtags, null)
  if (hashtags.length > 0) key.push('tags', ...hashtags)
  if (key.length === 1) key.push('global')
  return key
}

/** The filters of the feed without paging; live notes are matched against these. */
export function feedFilters(source: FeedSource): Filter[] {
  const base: Filter = { kinds: [...FEED_KINDS] }
  // Reposts carry no t tags: a hashtag feed is notes only.
  const hashtags = feedHashtags(source.hashtags, null)
  if (hashtags.length > 0) Object.assign(base, { kinds: [TEXT_NOTE_KIND], '#t': hashtags })
  if (!source.follows) return [base]
  const { authors } = source.follows
  const filters: Filter[] = []
  for (let i = 0; i < authors.length; i += MAX_AUTHORS_PER_FILTER) {
    filters.push({ ...base, authors: authors.slice(i, i + MAX_AUTHORS_PER_FILTER) })
  }
  return filters
}

/** One page: the newest `limit` events of each filter up to `until` (inclusive, NIP-01). */
export const feedPageFilters = (source: FeedSource, limit: number, until?: number): Filter[] =>
  feedFilters(source).map((filter) => (until ? { ...filter, until, limit } : { ...filter, limit }))

/**
 * Where a page starts: `until` (inclusive, NIP-01; 0 for the newest page) and the events of that
 * very second already shown. Several notes often share a second: going on from the second before
 * the oldest one shown would skip the others of that second.
 */
export interface PageStart {
  until: number
  shown: readonly string[]
  /** Empty pages in a row just before this one (see EMPTY_PAGES_BEFORE_END). */
  empty?: number
  /** Relays asked from an earlier `until` than this: they still owe notes (relays-owed.ts). */
  owed?: RelaysOwed
}

export const FIRST_PAGE: PageStart = { until: 0, shown: [] }

/**
 * Empty pages in a row that end the feed. A relay that does not answer in time gives an empty
 * page as well as one that has nothing older, so one empty page is asked again, twice, before
 * the feed is taken to have ended: a slow moment must not end it.
 */
export const EMPTY_PAGES_BEFORE_END = 3

/**
 * The start of the page after `page`, whose events (newest first) are given: the oldest second of
 * them, past the events of that second shown so far. After an empty page the same start again,
 * until EMPTY_PAGES_BEFORE_END of them in a row: then undefined, the end.
 */
export function nextPageStart(
  start: PageStart,
  page: readonly { id: string; created_at: number }[],
): PageStart | undefined {
  const oldest = page.at(-1)
  if (!oldest) {
    const empty = (start.empty ?? 0) + 1
    return empty < EMPTY_PAGES_BEFORE_END ? { ...start, empty } : undefined
  }
  const atOldest = page.filter((e) => e.created_at === oldest.created_at).map((e) => e.id)
  const earlier = start.until === oldest.created_at ? start.shown : []
  return { until: oldest.created_at, shown: [...earlier, ...atOldest] }
}

/** The page start with what relays owe, or without it when they owe nothing. */
export function withOwed(start: PageStart, owed: RelaysOwed): PageStart {
  const { owed: _, ...rest } = start
  return Object.keys(owed).length > 0 ? { ...rest, owed } : rest
}

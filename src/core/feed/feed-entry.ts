/**
 * One row of the feed: a note, or a repost (NIP-18) of a note. Rows are ordered by when the event
 * that put them there was made: a repost sits where it was reposted, not where the note was written.
 */
import { newestFirst } from '../platform/event-order.ts'
import type { EventPointer } from './nip18.ts'
import type { Note } from './note.ts'

export interface RepostInfo {
  /** The kind-6 event. */
  id: string
  /** Who reposted. */
  pubkey: string
  created_at: number
  target: EventPointer
}

export interface FeedEntry {
  /** The event that made the row: the note's id, or the repost's. */
  id: string
  created_at: number
  /** The note to show: the note itself or the reposted one; null when it could not be found. */
  note: Note | null
  repost: RepostInfo | null
}

export const noteEntry = (note: Note): FeedEntry => ({
  id: note.id,
  created_at: note.created_at,
  note,
  repost: null,
})

/** A kind-6 event's row information, of what it reposts (nip18.ts parseRepost). */
export const repostInfo = (
  event: Pick<RepostInfo, 'id' | 'pubkey' | 'created_at'>,
  target: EventPointer,
): RepostInfo => ({ id: event.id, pubkey: event.pubkey, created_at: event.created_at, target })

export const repostEntry = (repost: RepostInfo, note: Note | null): FeedEntry => ({
  id: repost.id,
  created_at: repost.created_at,
  note,
  repost,
})

/** Whose row it is: the reposter's for a repost. */
export const entryAuthor = (entry: FeedEntry): string | null =>
  entry.repost?.pubkey ?? entry.note?.pubkey ?? null

/** Adds rows to a newest-first list, one per event id. Returns the same list when nothing is new. */
export function mergeEntries(
  list: readonly FeedEntry[],
  incoming: readonly FeedEntry[],
): readonly FeedEntry[] {
  const known = new Set(list.map((entry) => entry.id))
  const fresh = incoming.filter((entry) => !known.has(entry.id) && known.add(entry.id))
  if (fresh.length === 0) return list
  return [...list, ...fresh].sort(newestFirst)
}

/**
 * The most live rows a list keeps (a feed's, a profile's): the newest 200, a full window of
 * pages (core/feed/feed-window.ts: 20 pages of 10 notes). Live events have no limit of their own,
 * so a relay flooding the live subscription would otherwise grow the rows, and the work of each
 * merge, without end. The newest always stay; the ones let go are older than every kept live row
 * and come back with the pages when the feed is refreshed.
 */
export const LIVE_ROWS_MAX = 200

/** Adds live rows to a newest-first list, each once, keeping the newest `max` of them. */
export function mergeLiveEntries(
  list: readonly FeedEntry[],
  incoming: readonly FeedEntry[],
  max: number = LIVE_ROWS_MAX,
): readonly FeedEntry[] {
  const merged = mergeEntries(list, incoming)
  return merged.length > max ? merged.slice(0, max) : merged
}

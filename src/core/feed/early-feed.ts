/**
 * The early feed: the home feed's first page drawn by the start-up script while the app's scripts
 * still load (ui/components/feed/early-feed.ts), then replaced by the app's own rows. It is drawn
 * only where the app shows the same rows in the same order, and drawn alike:
 * - nobody logged in (no mutes, no Follow Only, no web of trust), on the bare home route;
 * - the feed itself, its "All" tab when there are hashtag tabs: no Image Notes Only, no Image Mode;
 * - of the page, only the leading notes it draws as the app does: text, links, hashtags, people
 *   mentioned, the person a reply answers, quoted notes (loading), pictures (in ASCII Mode the
 *   art's box of the app's grid until the app's ASCII cache has drawn the art); a repost with the
 *   note its content carries. A clip, a content warning, a reference drawn as a chip or a repost
 *   without its note ends it; a note the feed's filters hide is left out, as the app leaves it out.
 */
import type { Filter } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import type { Preferences } from '../app/preferences.ts'
import { newestFirst } from '../platform/event-order.ts'
import { segmentContent } from './content.ts'
import {
  type FeedEntry,
  noteEntry,
  type RepostInfo,
  repostEntry,
  repostInfo,
} from './feed-entry.ts'
import { feedFilter, passesFilter } from './feed-filter.ts'
import { feedHashtags, feedPageFilters, GLOBAL_SOURCE, NOTES_PAGE_SIZE } from './feed-source.ts'
import { parseRepost, TEXT_NOTE_KIND } from './nip18.ts'
import { type Note, toNote } from './note.ts'
import { sensitiveReason } from './sensitive-content.ts'

export interface EarlyFeedStart {
  /** The location's path and query string. */
  pathname: string
  search: string
  preferences: Preferences
  /** A login is stored: it may come back, with its mutes and its feed. */
  signedIn: boolean
}

/** The filters of the page the early feed asks for (the app's first page), or null: none drawn. */
export function earlyFeedFilters(start: EarlyFeedStart): Filter[] | null {
  const { pathname, search, preferences, signedIn } = start
  if (pathname !== '/' || search !== '' || signedIn) return null
  const { customHashtags, filterByImageNotesOnly, imageMode } = preferences
  if (filterByImageNotesOnly || imageMode) return null
  const hashtags = feedHashtags(customHashtags, null)
  return feedPageFilters({ ...GLOBAL_SOURCE, hashtags }, NOTES_PAGE_SIZE)
}

/** Whether the early feed draws this note as the app's card does, before anything else loads. */
function drawnAlike(note: Note): boolean {
  if (sensitiveReason(note.tags, note.content) !== null || note.videoUrls.length > 0) return false
  // A person mentioned shows by name as the author does (the short npub until the profile comes),
  // a quoted note as the app's quote does while it loads; other references are drawn as chips.
  return segmentContent(note.content).every(
    (segment) =>
      segment.kind !== 'reference' ||
      segment.reference.type === 'profile' ||
      segment.reference.type === 'event',
  )
}

/**
 * The rows to draw, of the events of a page that every relay has answered (checked, in any order,
 * repeats allowed): the newest NOTES_PAGE_SIZE, from the top while they draw alike. A repost is
 * drawn with the note its content carries, once that note's signature has held (`carried`, by the
 * repost's id), as the app shows it before asking relays for the note; without one it ends them.
 */
/** A row the early feed draws: a note, and the repost that put it there if one did. */
export interface EarlyRow {
  note: Note
  repost: RepostInfo | null
}

export function earlyRows(
  events: readonly NostrEvent[],
  preferences: Preferences,
  carried: ReadonlyMap<string, NostrEvent>,
): EarlyRow[] {
  const seen = new Set<string>()
  const page = events
    .filter((event) => !seen.has(event.id) && seen.add(event.id))
    .sort(newestFirst)
    .slice(0, NOTES_PAGE_SIZE)
  const filter = feedFilter(preferences, null)
  const rows: EarlyRow[] = []
  for (const event of page) {
    const entry = earlyEntry(event, carried)
    if (!entry?.note) break
    if (!passesFilter(entry, filter)) continue
    if (!drawnAlike(entry.note)) break
    rows.push({ note: entry.note, repost: entry.repost })
  }
  return rows
}

function earlyEntry(event: NostrEvent, carried: ReadonlyMap<string, NostrEvent>): FeedEntry | null {
  if (event.kind === TEXT_NOTE_KIND) return noteEntry(toNote(event, 0))
  const repost = parseRepost(event)
  const note = carried.get(event.id)
  if (!repost || !note || note.id !== repost.target.id) return null
  return repostEntry(repostInfo(event, repost.target), toNote(note, 0))
}

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

/** A row the early feed draws: a note, and the repost that put it there if one did. */
export interface EarlyRow {
  note: Note
  repost: RepostInfo | null
}

/** The note a repost's content carries, once its signature has held; else null. */
export type CarriedNote = (repost: NostrEvent) => NostrEvent | null

/** The rows a call adds, and whether any can follow. */
export interface EarlyRowsStep {
  rows: EarlyRow[]
  /** No row follows: the page's NOTES_PAGE_SIZE notes are read, or one only the app draws. */
  complete: boolean
}

/**
 * The rows to draw, as the page's leading events become final: each call is given them newest
 * first, each once, checked, the last call's and more (actors/feed/early-page.ts), and returns the
 * rows they add: of the newest NOTES_PAGE_SIZE, from the top while they draw alike. A repost is
 * drawn with the note its content carries, once that note's signature has held (`carried`: asked
 * only of the reposts read), as the app shows it before asking relays for the note; without one
 * it ends them.
 */
export function earlyRows(
  preferences: Preferences,
): (leading: readonly NostrEvent[], carried: CarriedNote) => EarlyRowsStep {
  const filter = feedFilter(preferences, null)
  let read = 0
  let complete = false
  return (leading, carried) => {
    const rows: EarlyRow[] = []
    for (const event of leading.slice(read, NOTES_PAGE_SIZE)) {
      if (complete) break
      read++
      const entry = earlyEntry(event, carried)
      if (entry?.note && !passesFilter(entry, filter)) continue
      if (!entry?.note || !drawnAlike(entry.note)) complete = true
      else rows.push({ note: entry.note, repost: entry.repost })
    }
    complete ||= read === NOTES_PAGE_SIZE
    return { rows, complete }
  }
}

function earlyEntry(event: NostrEvent, carried: CarriedNote): FeedEntry | null {
  if (event.kind === TEXT_NOTE_KIND) return noteEntry(toNote(event, 0))
  const repost = parseRepost(event)
  const note = carried(event)
  if (!repost || !note || note.id !== repost.target.id) return null
  return repostEntry(repostInfo(event, repost.target), toNote(note, 0))
}

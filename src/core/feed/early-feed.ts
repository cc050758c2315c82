/**
 * The early feed: the home feed's first page drawn by the start-up script while the app's scripts
 * still load (ui/components/feed/early-feed.ts), then replaced by the app's own rows. It is drawn
 * only where the app shows the same rows in the same order, and drawn alike:
 * - nobody logged in (no mutes, no Follow Only, no web of trust), on the bare home route;
 * - the feed itself, its "All" tab when there are hashtag tabs: no Image Notes Only, no Image Mode;
 * - of the page, only the leading notes it draws as the app does: text, links, hashtags and,
 *   outside ASCII Mode, pictures. A repost, a reply, a quote, a mention, a clip or a content
 *   warning ends it; a note the feed's filters hide is left out, as the app leaves it out.
 */
import type { Filter } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import type { Preferences } from '../app/preferences.ts'
import { newestFirst } from '../platform/event-order.ts'
import { segmentContent } from './content.ts'
import { noteEntry } from './feed-entry.ts'
import { feedFilter, passesFilter } from './feed-filter.ts'
import { feedHashtags, feedPageFilters, GLOBAL_SOURCE, NOTES_PAGE_SIZE } from './feed-source.ts'
import { isReply } from './nip10.ts'
import { quotedNotes, TEXT_NOTE_KIND } from './nip18.ts'
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
function drawnAlike(note: Note, preferences: Preferences): boolean {
  if (isReply(note.tags) || sensitiveReason(note.tags, note.content) !== null) return false
  if (note.videoUrls.length > 0 || (preferences.useAscii && note.imageUrls.length > 0)) return false
  if (quotedNotes(note.tags, note.content).length > 0) return false
  return segmentContent(note.content).every((segment) => segment.kind !== 'reference')
}

/**
 * The notes to draw, of the events of a page that every relay has answered (checked, in any
 * order, repeats allowed): the newest NOTES_PAGE_SIZE, from the top while they draw alike.
 */
export function earlyNotes(events: readonly NostrEvent[], preferences: Preferences): Note[] {
  const seen = new Set<string>()
  const page = events
    .filter((event) => !seen.has(event.id) && seen.add(event.id))
    .sort(newestFirst)
    .slice(0, NOTES_PAGE_SIZE)
  const filter = feedFilter(preferences, null)
  const notes: Note[] = []
  for (const event of page) {
    if (event.kind !== TEXT_NOTE_KIND) break
    const note = toNote(event, 0)
    if (!passesFilter(noteEntry(note), filter)) continue
    if (!drawnAlike(note, preferences)) break
    notes.push(note)
  }
  return notes
}

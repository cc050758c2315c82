/**
 * Which rows the feed shows (spec §2, Filters; §3 preferences): replies (NIP-10), reposts
 * (NIP-18), only notes with images, only people the user follows. Notes behind a content warning
 * stay in the feed, hidden until revealed (sensitive-content.ts), so they are not filtered here.
 */

import type { Preferences } from '../app/preferences.ts'
import { entryAuthor, type FeedEntry } from './feed-entry.ts'
import { isReply } from './nip10.ts'

export interface FeedFilter {
  showReplies: boolean
  showReposts: boolean
  imagesOnly: boolean
  /** Follow Only: the authors to keep; null shows everyone. */
  authors: ReadonlySet<string> | null
}

/**
 * The filter the preferences ask for. Follow Only needs a logged-in user (spec §6) and their
 * follow list: `follows` is null when there is none, and the filter is off then.
 */
export function feedFilter(
  preferences: Pick<
    Preferences,
    'showReplies' | 'showReposts' | 'filterByImageNotesOnly' | 'filterByFollow'
  >,
  follows: readonly string[] | null,
): FeedFilter {
  return {
    showReplies: preferences.showReplies,
    showReposts: preferences.showReposts,
    imagesOnly: preferences.filterByImageNotesOnly,
    authors: preferences.filterByFollow && follows ? new Set(follows) : null,
  }
}

/** A row passes when every active filter keeps it; a repost is judged by the note it shows. */
export function passesFilter(entry: FeedEntry, filter: FeedFilter): boolean {
  const { note } = entry
  if (!note) return false
  if (entry.repost && !filter.showReposts) return false
  if (!filter.showReplies && isReply(note.tags)) return false
  if (filter.imagesOnly && note.imageUrls.length === 0) return false
  if (filter.authors) {
    const author = entryAuthor(entry)
    if (!author || !filter.authors.has(author)) return false
  }
  return true
}

export const filterEntries = (
  entries: readonly FeedEntry[],
  filter: FeedFilter,
): readonly FeedEntry[] => entries.filter((entry) => passesFilter(entry, filter))

/** No row filter: the rows the user asked to see although their filters hide them. */
export const SHOW_EVERY_NOTE: FeedFilter = {
  showReplies: true,
  showReposts: true,
  imagesOnly: false,
  authors: null,
}

/** The rows the filter hides that would show without it (a repost of a lost note never would). */
export const hiddenEntries = (
  entries: readonly FeedEntry[],
  filter: FeedFilter,
): readonly FeedEntry[] => entries.filter((entry) => entry.note && !passesFilter(entry, filter))

/**
 * The early feed: the top of the home feed, drawn by the start-up script (ui/head-start.ts) from
 * its own first-page request before the app has loaded. It asks what the app's first page asks
 * (feed-source.ts) and draws only what the app's first render of those rows would show: for a
 * visitor (no mutes, no web of trust, no follows), on the home screen with no `?tag=`, outside
 * Image Mode and Image Notes Only. It draws the leading rows a card shows in full from the events
 * alone (no profile has come yet: people are named by their short npub, as the app first names
 * them), and stops at the first row that needs more (a repost whose note must be fetched,
 * pictures, a quote, a content warning): the app draws from there, so what is drawn early is
 * always the top of what the app shows.
 */
import type { Filter } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import { type Preferences, withStored } from '../app/preferences.ts'
import { newestFirst } from '../platform/event-order.ts'
import { type Segment, segmentContent } from './content.ts'
import { type FeedEntry, noteEntry, repostEntry } from './feed-entry.ts'
import { type FeedFilter, feedFilter, passesFilter } from './feed-filter.ts'
import { feedHashtags, feedPageFilters, NOTES_PAGE_SIZE } from './feed-source.ts'
import { repliedTo } from './nip10.ts'
import { parseRepost, quotedNotes, REPOST_KIND } from './nip18.ts'
import { toNote } from './note.ts'
import { sensitiveReason } from './sensitive-content.ts'

export interface EarlyPlan {
  /** The first page's filters, as the app asks them. */
  filters: Filter[]
  /** Which rows the preferences hide. */
  filter: FeedFilter
  /** The custom hashtags, shown as tabs over the feed ("All" selected); empty: no tabs. */
  tabs: readonly string[]
}

export interface EarlyPlanInput {
  pathname: string
  search: string
  loggedIn: boolean
  stored: Partial<Preferences>
}

/** What the start-up script asks and draws, or null when it leaves the first screen to the app. */
export function earlyPlan({
  pathname,
  search,
  loggedIn,
  stored,
}: EarlyPlanInput): EarlyPlan | null {
  if (loggedIn || pathname !== '/' || search !== '') return null
  const preferences = withStored(stored)
  if (preferences.imageMode || preferences.filterByImageNotesOnly) return null
  const hashtags = feedHashtags(preferences.customHashtags, null)
  return {
    filters: feedPageFilters({ follows: null, hashtags }, NOTES_PAGE_SIZE),
    filter: feedFilter(preferences, null),
    tabs: preferences.customHashtags,
  }
}

/** What an early card's text is made of: nothing that needs more than the event to draw. */
export type EarlySegment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; url: string }
  | { kind: 'hashtag'; tag: string }
  /** A person named in the text (NIP-21), by the short npub until their profile comes. */
  | { kind: 'mention'; pubkey: string }

export interface EarlyNote {
  id: string
  pubkey: string
  created_at: number
  /** The text as NoteContent shows it: empty when the note has none. */
  segments: EarlySegment[]
  /** Who a reply answers (NIP-10, repliedTo), or null. */
  replyTo: string | null
  /** The repost the row is (NIP-18), over the note it carries; null for a note. */
  repost: { id: string; pubkey: string; created_at: number } | null
}

function earlySegment(segment: Segment): EarlySegment | null {
  if (segment.kind === 'text' || segment.kind === 'link' || segment.kind === 'hashtag')
    return segment
  if (segment.kind === 'reference' && segment.reference.type === 'profile')
    return { kind: 'mention', pubkey: segment.reference.pubkey }
  return null
}

/** A card's text as NoteContent trims it: no blank ends. */
function trimmed(segments: EarlySegment[]): EarlySegment[] {
  const text = [...segments]
  const blank = (segment: EarlySegment | undefined) =>
    segment?.kind === 'text' && segment.text.trim() === ''
  while (blank(text[0])) text.shift()
  while (blank(text.at(-1))) text.pop()
  const first = text[0]
  if (first?.kind === 'text') text[0] = { kind: 'text', text: first.text.trimStart() }
  const last = text.at(-1)
  if (last?.kind === 'text') text[text.length - 1] = { kind: 'text', text: last.text.trimEnd() }
  return text
}

/** The note's card from the event alone, or null when it needs more (see the file's comment). */
function earlyNote(note: NostrEvent, repost: EarlyNote['repost']): EarlyNote | null {
  const { content, tags } = note
  if (sensitiveReason(tags, content) !== null || quotedNotes(tags, content).length > 0) return null
  const segments: EarlySegment[] = []
  for (const segment of segmentContent(content)) {
    const early = earlySegment(segment)
    if (!early) return null
    segments.push(early)
  }
  return {
    id: note.id,
    pubkey: note.pubkey,
    created_at: note.created_at,
    segments: trimmed(segments),
    replyTo: repliedTo(note),
    repost,
  }
}

/** The app's first page from every relay's events: the newest NOTES_PAGE_SIZE, each once. */
export function earlyPage(events: readonly NostrEvent[]): NostrEvent[] {
  const seen = new Set<string>()
  return events
    .filter((event) => !seen.has(event.id) && seen.add(event.id))
    .sort(newestFirst)
    .slice(0, NOTES_PAGE_SIZE)
}

/** The notes the page's reposts carry: shown only once their own signatures hold. */
export const carriedNotes = (page: readonly NostrEvent[]): NostrEvent[] =>
  page.flatMap((event) => parseRepost(event)?.embedded ?? [])

/**
 * The rows to draw early: the page's (earlyPage), less those the filter hides, up to the first
 * row an early card cannot show as the app would. `carried`: the ids of carried notes whose
 * signatures hold; a repost whose note is not among them would be fetched.
 */
export function earlyRows(
  page: readonly NostrEvent[],
  filter: FeedFilter,
  carried: ReadonlySet<string>,
): EarlyNote[] {
  const rows: EarlyNote[] = []
  for (const event of page) {
    let note: NostrEvent | null = event
    let entry: FeedEntry
    let repost: EarlyNote['repost'] = null
    if (event.kind === REPOST_KIND) {
      const parsed = parseRepost(event)
      // The app makes no row of a repost that names no note.
      if (!parsed) continue
      note = parsed.embedded && carried.has(parsed.embedded.id) ? parsed.embedded : null
      repost = { id: event.id, pubkey: event.pubkey, created_at: event.created_at }
      entry = repostEntry({ ...repost, target: parsed.target }, note && toNote(note, 0))
      if (!filter.showReposts) continue
    } else entry = noteEntry(toNote(event, 0))
    if (note && !passesFilter(entry, filter)) continue
    const early = note && earlyNote(note, repost)
    if (!early) break
    rows.push(early)
  }
  return rows
}

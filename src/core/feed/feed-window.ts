/**
 * The feed holds a window of pages, not all of them: a reader may scroll through thousands of
 * notes, and memory must stay flat. Pages that fall out of the window at the top are asked for
 * again when the reader scrolls back up, so each page's cursor remembers the one before it.
 * Rows of pages out of the window keep their place (and height) in the list: the rows above the
 * window are counted, page by page, while they are in it.
 */
import { FIRST_PAGE, NOTES_PAGE_SIZE, type PageStart } from './feed-source.ts'

/** Pages held at once: 20 pages of 10 notes, some screens above and below the reader. */
export const FEED_WINDOW_PAGES = 20
/**
 * Notes held at once, whatever the pages' size: a Following page holds up to NOTES_PAGE_MAX,
 * and 20 of those would be 1,000 rows. Past this many the window stops growing.
 */
export const FEED_WINDOW_NOTES = FEED_WINDOW_PAGES * NOTES_PAGE_SIZE
/**
 * Filters may hide most notes (Image Notes Only): the window then grows a page at a
 * time until it shows this many rows, up to FEED_MAX_PAGES. A window of 20 pages showing a dozen
 * rows would drop a page on screen at each fetch and ask for it again at once, for ever.
 */
export const FEED_WINDOW_MIN_ROWS = 100
/** The most pages, and notes, held however few rows they show: memory stays bounded. */
export const FEED_MAX_PAGES = 100
export const FEED_MAX_NOTES = FEED_MAX_PAGES * NOTES_PAGE_SIZE

/**
 * How many pages the window holds, given the pages held now, the rows they show and the notes
 * they hold. A full window holds what it has: the next fetch drops a page at the other end. It
 * never holds fewer pages than it has, which would drop several at once.
 */
export function windowPages(held: number, shown: number, notes: number): number {
  const enoughRows = shown >= FEED_WINDOW_MIN_ROWS
  const full = held >= FEED_MAX_PAGES || notes >= (enoughRows ? FEED_WINDOW_NOTES : FEED_MAX_NOTES)
  if (full) return held
  return Math.max(FEED_WINDOW_PAGES, enoughRows ? held : held + 1)
}

export interface FeedCursor {
  start: PageStart
  /** 0 for the newest page. */
  page: number
  /** The cursor of the page before (newer), to ask for it again; undefined for the newest. */
  before: FeedCursor | undefined
}

export const FIRST_CURSOR: FeedCursor = { start: FIRST_PAGE, page: 0, before: undefined }

/** The cursor of the page after the one `cursor` asked for, which ended at `next`. */
export const nextCursor = (
  cursor: FeedCursor,
  next: PageStart | undefined,
): FeedCursor | undefined => next && { start: next, page: cursor.page + 1, before: cursor }

/**
 * Records the shown rows of the pages in the window in `counts` (page number to rows, kept across
 * renders) and returns how many rows are above the window. A page asked for again may come back
 * with another count (new filters, a deleted note): the list then shifts by the difference, which
 * is the best that can be known.
 */
export function rowsAbove(
  counts: Map<number, number>,
  pages: readonly { page: number; rows: number }[],
): number {
  for (const { page, rows } of pages) counts.set(page, rows)
  const first = pages[0]?.page ?? 0
  let above = 0
  for (const [page, rows] of counts) if (page < first) above += rows
  return above
}

/**
 * Records each page's count in `counts` (page number to rows, kept across renders, as rowsAbove
 * does) and returns the sum over every page recorded: the pages the window let go count too.
 */
export function rowsInAllPages(
  counts: Map<number, number>,
  pages: readonly { page: number; rows: number }[],
): number {
  for (const { page, rows } of pages) counts.set(page, rows)
  let total = 0
  for (const rows of counts.values()) total += rows
  return total
}

interface WindowPage {
  cursor: { page: number }
  entries: readonly { id: string }[]
}

/**
 * The rows shown of each page in the window. Rows not in any page (live notes, on top of the
 * newest) count with the page above which they show.
 */
export function rowsPerPage(
  pages: readonly WindowPage[],
  rows: readonly { id: string }[],
): { page: number; rows: number }[] {
  const pageOf = new Map<string, number>()
  for (const { cursor, entries } of pages) for (const { id } of entries) pageOf.set(id, cursor.page)
  const counts = new Map<number, number>(pages.map(({ cursor }) => [cursor.page, 0]))
  let current = pages[0]?.cursor.page ?? 0
  for (const { id } of rows) {
    current = pageOf.get(id) ?? current
    counts.set(current, (counts.get(current) ?? 0) + 1)
  }
  return [...counts].map(([page, shown]) => ({ page, rows: shown }))
}

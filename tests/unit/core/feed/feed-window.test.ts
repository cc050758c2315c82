import { describe, expect, it } from 'vitest'
import { startsPastNewest } from '../../../../src/core/app/persisted-cache.ts'
import {
  FEED_MAX_NOTES,
  FEED_MAX_PAGES,
  FEED_WINDOW_MIN_ROWS,
  FEED_WINDOW_NOTES,
  FEED_WINDOW_PAGES,
  FIRST_CURSOR,
  nextCursor,
  rowsAbove,
  rowsInAllPages,
  rowsPerPage,
  windowPages,
} from '../../../../src/core/feed/feed-window.ts'

const page = (number: number, ids: string[]) => ({
  cursor: { page: number },
  entries: ids.map((id) => ({ id })),
})
const rows = (ids: string) => ids.split('').map((id) => ({ id }))

describe('cursors', () => {
  it('number the pages and remember the one before', () => {
    const second = nextCursor(FIRST_CURSOR, { until: 50, shown: ['a'] })!
    const third = nextCursor(second, { until: 40, shown: [] })!
    expect(second).toEqual({ start: { until: 50, shown: ['a'] }, page: 1, before: FIRST_CURSOR })
    expect(third.page).toBe(2)
    expect(third.before).toBe(second)
  })

  it('end after the last page', () => {
    expect(nextCursor(FIRST_CURSOR, undefined)).toBeUndefined()
  })

  it('tell a window that moved down from one at the newest page', () => {
    const second = nextCursor(FIRST_CURSOR, { until: 50, shown: [] })!
    expect(startsPastNewest([FIRST_CURSOR, second])).toBe(false)
    expect(startsPastNewest([second])).toBe(true)
    expect(startsPastNewest([])).toBe(false)
    // Not a feed's cursors (another infinite query): never "moved".
    expect(startsPastNewest([{ until: 5 }])).toBe(false)
  })
})

describe('rowsPerPage', () => {
  it('counts the rows shown of each page, live rows with the newest', () => {
    const pages = [page(0, ['a', 'b', 'c']), page(1, ['d', 'e'])]
    // x is live (in no page); b is filtered out.
    expect(rowsPerPage(pages, rows('xacde'))).toEqual([
      { page: 0, rows: 3 },
      { page: 1, rows: 2 },
    ])
  })

  it('gives a page with every row filtered out none', () => {
    expect(rowsPerPage([page(3, ['a']), page(4, ['b'])], rows('b'))).toEqual([
      { page: 3, rows: 0 },
      { page: 4, rows: 1 },
    ])
  })
})

describe('rowsInAllPages', () => {
  it('adds up the rows of every page seen, those the window let go too, each page once', () => {
    const counts = new Map<number, number>()
    expect(
      rowsInAllPages(counts, [
        { page: 0, rows: 3 },
        { page: 1, rows: 2 },
      ]),
    ).toBe(5)
    // Page 0 left at the top; page 1 counted again, page 2 came in below.
    expect(
      rowsInAllPages(counts, [
        { page: 1, rows: 2 },
        { page: 2, rows: 4 },
      ]),
    ).toBe(9)
  })
})

describe('rowsAbove', () => {
  it('adds up the rows of the pages that left the window above it', () => {
    const counts = new Map<number, number>()
    expect(
      rowsAbove(counts, [
        { page: 0, rows: 10 },
        { page: 1, rows: 8 },
        { page: 2, rows: 10 },
      ]),
    ).toBe(0)
    // Pages 0 and 1 left at the top; page 3 came in below.
    expect(
      rowsAbove(counts, [
        { page: 2, rows: 10 },
        { page: 3, rows: 9 },
      ]),
    ).toBe(18)
    // Scrolled back up: page 1 is in again, with one row fewer now.
    expect(
      rowsAbove(counts, [
        { page: 1, rows: 7 },
        { page: 2, rows: 10 },
      ]),
    ).toBe(10)
  })

  it('is zero for an empty window', () => {
    expect(rowsAbove(new Map(), [])).toBe(0)
  })
})

describe('windowPages', () => {
  /** Pages of ten notes, as the global feed's. */
  const tens = (held: number, shown: number) => windowPages(held, shown, held * 10)

  it('holds the nominal window while its pages show enough rows', () => {
    expect(tens(FEED_WINDOW_PAGES, FEED_WINDOW_MIN_ROWS)).toBe(FEED_WINDOW_PAGES)
    expect(tens(FEED_WINDOW_PAGES, 200)).toBe(FEED_WINDOW_PAGES)
    // Fewer pages than the window, however few rows: the nominal window.
    expect(tens(0, 0)).toBe(FEED_WINDOW_PAGES)
    expect(tens(3, 2)).toBe(FEED_WINDOW_PAGES)
  })

  it('grows a page at a time while filters hide most notes, up to the most it may hold', () => {
    expect(tens(FEED_WINDOW_PAGES, 12)).toBe(FEED_WINDOW_PAGES + 1)
    expect(tens(40, FEED_WINDOW_MIN_ROWS - 1)).toBe(41)
    expect(tens(FEED_MAX_PAGES, 12)).toBe(FEED_MAX_PAGES)
  })

  it('keeps a grown window once it shows enough rows: it never drops pages at once', () => {
    expect(tens(40, FEED_WINDOW_MIN_ROWS)).toBe(40)
  })

  it('holds as many notes in large pages as in pages of ten', () => {
    expect(FEED_WINDOW_NOTES).toBe(FEED_WINDOW_PAGES * 10)
    // Pages of 50 (a Following feed): full at four, where pages of ten would be full at twenty.
    expect(windowPages(3, 150, 150)).toBe(FEED_WINDOW_PAGES)
    expect(windowPages(4, 200, FEED_WINDOW_NOTES)).toBe(4)
    // Filters hiding most of them: the window grows up to the most notes it may hold.
    expect(windowPages(10, 12, 500)).toBe(FEED_WINDOW_PAGES)
    expect(windowPages(25, 12, FEED_MAX_NOTES - 1)).toBe(26)
    expect(windowPages(25, 12, FEED_MAX_NOTES)).toBe(25)
  })
})

import { describe, expect, it } from 'vitest'
import {
  asksNextPage,
  asksPreviousPage,
  type NextPageState,
  nextPageHeld,
  type PreviousPageState,
  type RenderedWindow,
  ROWS_LEFT_BEFORE_NEXT_PAGE,
  renderedEnds,
  wantsNextPage,
} from '../../../../src/core/feed/feed-paging.ts'

/** A full window of 20 pages, 30 rows above it, 200 rows in it (10 a page). */
const window: RenderedWindow = {
  held: 20,
  maxPages: 20,
  above: 30,
  count: 230,
  firstPageRows: 10,
  lastPageRows: 10,
  firstRendered: 100,
  lastRendered: 120,
}

describe('renderedEnds', () => {
  it('finds no end page rendered in the middle of the window', () => {
    expect(renderedEnds(window)).toEqual({ firstPageRendered: false, lastPageRendered: false })
  })

  it('finds the first page rendered when a rendered row is in it', () => {
    expect(renderedEnds({ ...window, firstRendered: 39 }).firstPageRendered).toBe(true)
    expect(renderedEnds({ ...window, firstRendered: 40 }).firstPageRendered).toBe(false)
  })

  it('finds the last page rendered when a rendered row is in it', () => {
    expect(renderedEnds({ ...window, lastRendered: 220 }).lastPageRendered).toBe(true)
    expect(renderedEnds({ ...window, lastRendered: 219 }).lastPageRendered).toBe(false)
  })

  it('drops nothing from a window that is not full: no end counts as rendered', () => {
    const growing = { ...window, held: 19, firstRendered: 30, lastRendered: 229 }
    expect(renderedEnds(growing)).toEqual({ firstPageRendered: false, lastPageRendered: false })
    expect(renderedEnds({ ...growing, held: 20 })).toEqual({
      firstPageRendered: true,
      lastPageRendered: true,
    })
  })

  it('counts a page that shows no rows as never rendered', () => {
    const empty = { ...window, firstPageRows: 0, lastPageRows: 0, firstRendered: 30 }
    expect(renderedEnds({ ...empty, lastRendered: 229 })).toEqual({
      firstPageRendered: false,
      lastPageRendered: false,
    })
  })
})

describe('wantsNextPage', () => {
  it('wants the next page once 6 rows or fewer are left below the screen', () => {
    expect(ROWS_LEFT_BEFORE_NEXT_PAGE).toBe(6)
    expect(wantsNextPage(22, 30)).toBe(false)
    expect(wantsNextPage(23, 30)).toBe(true)
    expect(wantsNextPage(29, 30)).toBe(true)
  })

  it('wants one for an empty list, and before anything is on the screen of a short one', () => {
    expect(wantsNextPage(-1, 0)).toBe(true)
    expect(wantsNextPage(-1, 6)).toBe(true)
    expect(wantsNextPage(-1, 7)).toBe(false)
  })
})

const next: NextPageState = {
  settled: true,
  hasNextPage: true,
  fetching: false,
  nextPageFailed: false,
  wantsNext: true,
  firstPageRendered: false,
}

describe('asksNextPage', () => {
  it('asks when the end is near and nothing holds it back', () => {
    expect(asksNextPage(next)).toBe(true)
  })

  it('waits for the rows to catch up, a fetch under way, a retry after a failure', () => {
    expect(asksNextPage({ ...next, settled: false })).toBe(false)
    expect(asksNextPage({ ...next, fetching: true })).toBe(false)
    expect(asksNextPage({ ...next, nextPageFailed: true })).toBe(false)
  })

  it('asks nothing past the last page, nor while the end is far', () => {
    expect(asksNextPage({ ...next, hasNextPage: false })).toBe(false)
    expect(asksNextPage({ ...next, wantsNext: false })).toBe(false)
  })

  it('never drops a first page with rows rendered', () => {
    expect(asksNextPage({ ...next, firstPageRendered: true })).toBe(false)
  })
})

describe('nextPageHeld', () => {
  it('is a wanted next page that would drop the first page, rendered', () => {
    expect(nextPageHeld({ hasNextPage: true, wantsNext: true, firstPageRendered: true })).toBe(true)
    expect(nextPageHeld({ hasNextPage: true, wantsNext: true, firstPageRendered: false })).toBe(
      false,
    )
    expect(nextPageHeld({ hasNextPage: true, wantsNext: false, firstPageRendered: true })).toBe(
      false,
    )
    expect(nextPageHeld({ hasNextPage: false, wantsNext: true, firstPageRendered: true })).toBe(
      false,
    )
  })
})

const previous: PreviousPageState = {
  settled: true,
  hasPreviousPage: true,
  fetching: false,
  lastPageRendered: false,
  firstRendered: 35,
  above: 30,
}

describe('asksPreviousPage', () => {
  it('asks as the first row rendered comes within 6 rows of the window top', () => {
    expect(asksPreviousPage(previous)).toBe(true)
    expect(asksPreviousPage({ ...previous, firstRendered: 20 })).toBe(true)
    expect(asksPreviousPage({ ...previous, firstRendered: 36 })).toBe(false)
  })

  it('waits for the rows to catch up and for a fetch under way', () => {
    expect(asksPreviousPage({ ...previous, settled: false })).toBe(false)
    expect(asksPreviousPage({ ...previous, fetching: true })).toBe(false)
  })

  it('asks nothing at the newest page, nor to drop a last page with rows rendered', () => {
    expect(asksPreviousPage({ ...previous, hasPreviousPage: false })).toBe(false)
    expect(asksPreviousPage({ ...previous, lastPageRendered: true })).toBe(false)
  })
})

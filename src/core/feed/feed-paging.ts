/**
 * When the feed asks for a page: the next one as the end of the loaded rows comes near, the one
 * before the window (core/feed/feed-window.ts) as the reader scrolls back up to it. A fetch into a
 * full window drops the page at its other end: never one with rows rendered, which would be asked
 * for again at once, and so on for ever.
 */

/**
 * The next page is asked for when this few rows are left below the last one on the screen. Counted
 * from the screen, not from the rows rendered beyond it: with Image Notes Only most pages add a
 * row or none, and every row asked for ahead is some pages fetched and drawn on a phone's start.
 * The page before the window is asked for when the first row rendered is this near its top.
 */
export const ROWS_LEFT_BEFORE_NEXT_PAGE = 6

/** Where the rendered rows are in the list, and how the window's pages fill it. */
export interface RenderedWindow {
  /** Pages held now, and the most the window holds (windowPages). */
  held: number
  maxPages: number
  /** Rows above the window (kept as space of their height), and every row: those and the window's. */
  above: number
  count: number
  /** Rows shown of the window's first page and of its last. */
  firstPageRows: number
  lastPageRows: number
  /** The first and last rows rendered: the screen's and the overscan's. */
  firstRendered: number
  lastRendered: number
}

/**
 * Whether the window's first and last pages have rows rendered while the window is full: a fetch
 * at the other end would then drop them.
 */
export function renderedEnds(view: RenderedWindow): {
  firstPageRendered: boolean
  lastPageRendered: boolean
} {
  const full = view.held >= view.maxPages
  return {
    firstPageRendered: full && view.firstRendered < view.above + view.firstPageRows,
    lastPageRendered: full && view.lastRendered >= view.count - view.lastPageRows,
  }
}

/** The end of the loaded rows is near the screen's last row (lastOnScreen; -1 for none). */
export const wantsNextPage = (lastOnScreen: number, count: number): boolean =>
  lastOnScreen >= count - 1 - ROWS_LEFT_BEFORE_NEXT_PAGE

/** The query's state the next page waits on, and where the reader is. */
export interface NextPageState {
  /** The rows have caught up with the data: no page is asked for on the strength of old rows. */
  settled: boolean
  hasNextPage: boolean
  /**
   * The query is fetching: a page, or its pages again (a refetch, as after a start from the stored
   * cache). A page asked for now would cancel that fetch, and what it brought would be lost
   * (react-query's fetchNextPage and fetchPreviousPage cancel a running one): a note newer than
   * the stored pages, say.
   */
  fetching: boolean
  /** The last fetch of the next page failed: the reader retries it. */
  nextPageFailed: boolean
  wantsNext: boolean
  firstPageRendered: boolean
}

/** Whether to ask for the next page now. */
export const asksNextPage = (state: NextPageState): boolean =>
  state.settled &&
  state.hasNextPage &&
  !state.fetching &&
  !state.nextPageFailed &&
  state.wantsNext &&
  !state.firstPageRendered

/**
 * The next page is wanted but held back: it would drop the window's first page, on screen. With
 * the window as large as it grows, the filters show few of its notes and no more are fetched.
 */
export const nextPageHeld = (
  state: Pick<NextPageState, 'hasNextPage' | 'wantsNext' | 'firstPageRendered'>,
): boolean => state.hasNextPage && state.wantsNext && state.firstPageRendered

/** The query's state the page before the window waits on, and where the reader is. */
export interface PreviousPageState {
  settled: boolean
  hasPreviousPage: boolean
  /** As for the next page. */
  fetching: boolean
  lastPageRendered: boolean
  firstRendered: number
  above: number
}

/** Whether to ask for the page before the window now: the reader is near its top. */
export const asksPreviousPage = (state: PreviousPageState): boolean =>
  state.settled &&
  state.hasPreviousPage &&
  !state.fetching &&
  !state.lastPageRendered &&
  state.firstRendered < state.above + ROWS_LEFT_BEFORE_NEXT_PAGE

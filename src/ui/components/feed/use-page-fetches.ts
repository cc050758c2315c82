/**
 * The feed's page fetches, as core/feed/feed-paging.ts decides them: the next page as the end of
 * the loaded rows comes near, the page before the window as the reader scrolls back up to it.
 * Each in a task of its own, not the commit's: the query's bookkeeping and the REQ made that task
 * one of the longest of a phone's start.
 */
import { useEffect } from 'react'
import { inOwnTask } from '../../../actors/platform/own-task.ts'
import { asksNextPage, asksPreviousPage } from '../../../core/feed/feed-paging.ts'

/** What a page fetch keeps: a fetch under way, begun since the effect decided (KEEP_FETCH). */
interface PageFetchOptions {
  cancelRefetch: false
}

/** The infinite query's part the fetches read. */
export interface PagedQuery {
  /** A page, or the pages again (core/feed/feed-paging.ts: no page is asked for meanwhile). */
  isFetching: boolean
  hasNextPage: boolean
  isFetchNextPageError: boolean
  fetchNextPage(options: PageFetchOptions): Promise<unknown>
  hasPreviousPage: boolean
  fetchPreviousPage(options: PageFetchOptions): Promise<unknown>
}

/**
 * A page asked for in its own task keeps a fetch begun since the effect saw none: react-query's
 * default cancels it, and what it brought is lost (the pages again, with a newer note). The call
 * then waits on that fetch, and the effect, run again when it ends, asks for the page.
 */
export const KEEP_FETCH: PageFetchOptions = { cancelRefetch: false }

/** Where the reader is: core/feed/feed-paging.ts (wantsNextPage, renderedEnds). */
export interface ReaderPlace {
  wantsNext: boolean
  firstPageRendered: boolean
  lastPageRendered: boolean
  firstRendered: number
  above: number
}

/** `settled`: the rows have caught up with the data; no page is asked for on old rows. */
export function usePageFetches(settled: boolean, query: PagedQuery, place: ReaderPlace): void {
  const { isFetching, hasNextPage, isFetchNextPageError, fetchNextPage } = query
  const { hasPreviousPage, fetchPreviousPage } = query
  const { wantsNext, firstPageRendered, lastPageRendered, firstRendered, above } = place

  useEffect(() => {
    const next = {
      settled,
      hasNextPage,
      fetching: isFetching,
      nextPageFailed: isFetchNextPageError,
      wantsNext,
      firstPageRendered,
    }
    if (asksNextPage(next)) return inOwnTask(() => void fetchNextPage(KEEP_FETCH))
  }, [
    settled,
    wantsNext,
    firstPageRendered,
    hasNextPage,
    isFetching,
    isFetchNextPageError,
    fetchNextPage,
  ])

  useEffect(() => {
    const previous = {
      settled,
      hasPreviousPage,
      fetching: isFetching,
      lastPageRendered,
      firstRendered,
      above,
    }
    if (asksPreviousPage(previous)) return inOwnTask(() => void fetchPreviousPage(KEEP_FETCH))
  }, [
    settled,
    firstRendered,
    above,
    lastPageRendered,
    hasPreviousPage,
    isFetching,
    fetchPreviousPage,
  ])
}

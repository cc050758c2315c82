/**
 * Live rows: what the live subscriptions (and the user's own publishing) add on top of a list's
 * pages, in a query of their own that nothing fetches. Each list keeps its newest LIVE_ROWS_MAX
 * (core/feed/feed-entry.ts), so a relay flooding a live subscription costs a bounded merge per
 * event.
 */
import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { type FeedEntry, mergeLiveEntries } from '../../core/feed/feed-entry.ts'

/**
 * The live rows under this key. No structural sharing: the rows only change by a merge, and
 * sharing would compare every row deeply at each live event (a flood's thousands of them).
 */
export const liveRowsQuery = (queryKey: readonly unknown[]) =>
  queryOptions({
    queryKey,
    queryFn: (): readonly FeedEntry[] => [],
    staleTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
  })

/** Adds rows to the live rows under this key, each once, the newest LIVE_ROWS_MAX kept. */
export function addLiveRows(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  entries: readonly FeedEntry[],
): void {
  // Built without structural sharing before the first write: setQueryData alone would create it
  // with the client's defaults (sharing on); the list's own query sets the rest when it mounts.
  queryClient.getQueryCache().build(queryClient, { queryKey, structuralSharing: false })
  queryClient.setQueryData<readonly FeedEntry[]>(queryKey, (rows = []) =>
    mergeLiveEntries(rows, entries),
  )
}

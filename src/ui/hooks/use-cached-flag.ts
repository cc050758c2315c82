import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether the query cache holds data under a key (none: false). Read, not observed with useQuery:
 * an observer would leave a query behind for every note scrolled past, and the feed's memory would
 * grow with it. Only that key's query is listened to: the cache changes hundreds of times while a
 * feed loads, and every card on it reads a few of these flags.
 */
export function useCachedFlag(queryClient: QueryClient, key: QueryKey | null): boolean {
  return useCachedData(queryClient, key) !== undefined
}

/** The query cache's data under a key (none: undefined), read the same way as useCachedFlag. */
export function useCachedData<T>(queryClient: QueryClient, key: QueryKey | null): T | undefined {
  const hash = key === null ? null : hashKey(key)
  const subscribe = useCallback(
    (onChange: () => void) =>
      hash === null
        ? () => {}
        : queryClient.getQueryCache().subscribe((event) => {
            if (event.query.queryHash === hash) onChange()
          }),
    [queryClient, hash],
  )
  return useSyncExternalStore(subscribe, () =>
    hash === null
      ? undefined
      : (queryClient.getQueryCache().get(hash)?.state.data as T | undefined),
  )
}

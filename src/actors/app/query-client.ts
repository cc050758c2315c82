/** The query client with the spec's defaults (§9, query client). */
import { QueryClient } from '@tanstack/react-query'

export const QUERY_STALE_MS = 5 * 60_000
export const QUERY_GC_MS = 10 * 60_000

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        retry: 1,
        refetchOnWindowFocus: false,
      },
    },
  })

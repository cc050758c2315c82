/** The home feed through TanStack Query: pages of stored notes, then live notes on top. */
import { type InfiniteData, infiniteQueryOptions, type QueryClient } from '@tanstack/react-query'
import { mergeNotes, type Note, toNote } from '../core/note.ts'
import type { RelayHub } from './relay-hub.ts'

/** Notes page size (spec §9, queries). */
export const NOTES_PAGE_SIZE = 10

export const feedKey = ['feed', 'global'] as const

type FeedPage = readonly Note[]
/** `until` of the page; 0 for the newest page. */
type PageParam = number

export function feedQueryOptions(hub: RelayHub) {
  return infiniteQueryOptions({
    queryKey: feedKey,
    initialPageParam: 0 as PageParam,
    queryFn: async ({ pageParam }): Promise<FeedPage> => {
      const until = pageParam || undefined
      const events = await hub.query([{ kinds: [1], limit: NOTES_PAGE_SIZE, until }])
      const now = Date.now()
      return mergeNotes(
        [],
        events.map((event) => toNote(event, now)),
      )
    },
    getNextPageParam: (lastPage: FeedPage): PageParam | undefined => {
      const oldest = lastPage.at(-1)
      // `until` is inclusive; one second earlier moves on without asking for the same notes again.
      return oldest ? oldest.created_at - 1 : undefined
    },
  })
}

/** Notes of every loaded page, newest first, each once. */
export const feedNotes = (data: InfiniteData<FeedPage> | undefined): readonly Note[] =>
  data ? data.pages.reduce<readonly Note[]>((all, page) => mergeNotes(all, page), []) : []

/** Keeps the first page growing with notes published from now on. Returns the unsubscribe. */
export function followLiveFeed(hub: RelayHub, queryClient: QueryClient): () => void {
  const since = Math.floor(Date.now() / 1000)
  const subscription = hub.subscribe([{ kinds: [1], since }], {
    onEvent: (event) => {
      queryClient.setQueryData<InfiniteData<FeedPage, PageParam>>(feedKey, (data) => {
        const [first = [], ...rest] = data?.pages ?? []
        if (!data) return data
        return { ...data, pages: [mergeNotes(first, [toNote(event, Date.now())]), ...rest] }
      })
    },
  })
  return () => subscription.close()
}

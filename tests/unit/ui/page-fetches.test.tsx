// @vitest-environment happy-dom
// usePageFetches: the next page is asked for without cancelling a fetch under way, even one begun
// between the effect that decides to ask and the task that asks.
import {
  QueryClient,
  QueryClientProvider,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { usePageFetches } from '../../../src/ui/components/feed/use-page-fetches.ts'
import { reactRoot } from './react-root.ts'

const view = reactRoot()

type Pages = UseInfiniteQueryResult<{ pages: string[][] }>

/** A page's answer, held until the test gives it. */
interface Asked {
  page: number
  answer(notes: string[]): void
}

function Feed(props: { settled: boolean; asked: Asked[]; seen: (query: Pages) => void }) {
  const query = useInfiniteQuery({
    queryKey: ['feed'],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      new Promise<string[]>((answer) => props.asked.push({ page: pageParam, answer })),
    getNextPageParam: (_last, pages) => (pages.length < 3 ? pages.length : undefined),
    staleTime: Number.POSITIVE_INFINITY,
  })
  props.seen(query)
  usePageFetches(props.settled, query, {
    wantsNext: true,
    firstPageRendered: false,
    lastPageRendered: false,
    firstRendered: 0,
    above: 0,
  })
  return null
}

describe('usePageFetches', () => {
  it('keeps a refetch begun after it decided to ask for the next page: the refetch brings a newer note', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const asked: Asked[] = []
    let query: Pages | null = null
    const render = (settled: boolean) =>
      view.root.render(
        <QueryClientProvider client={client}>
          <Feed settled={settled} asked={asked} seen={(seen) => (query = seen)} />
        </QueryClientProvider>,
      )
    // React Query tells its observers in a timer: let it run inside act.
    const timers = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)))
    const answer = async (ask: number, notes: string[]) => {
      asked[ask]?.answer(notes)
      await timers()
    }
    act(() => render(false))
    await timers()
    expect(asked.length).toBe(1)
    await answer(0, ['b', 'a'])
    await vi.waitFor(() => expect(query?.data?.pages).toEqual([['b', 'a']]))

    // The rows settle: the effect decides on the next page, asked for in a task of its own. Before
    // that task runs, the pages are fetched again (a start from the stored cache does so).
    act(() => render(true))
    void client.refetchQueries({ queryKey: ['feed'] })
    expect(asked.map((ask) => ask.page)).toEqual([0, 0])
    await timers()
    await answer(1, ['c', 'b', 'a'])
    // Then the next page, once the refetch has ended.
    await act(() => vi.waitFor(() => expect(asked.map((ask) => ask.page)).toEqual([0, 0, 1])))
    await answer(2, ['older'])
    await vi.waitFor(() => expect(query?.data?.pages).toEqual([['c', 'b', 'a'], ['older']]))
  })
})

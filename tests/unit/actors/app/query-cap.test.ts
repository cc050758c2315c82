import { type QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { capQueries } from '../../../../src/actors/app/query-cap.ts'
import { queryClients } from '../query-clients.ts'

const client = queryClients()

/** After the cap's trim, which waits for the moment's changes. */
const settled = () => new Promise<void>((resolve) => queueMicrotask(resolve))
const ids = (queryClient: QueryClient, group: string) =>
  queryClient
    .getQueryCache()
    .findAll({ queryKey: [group] })
    .map((query) => query.queryKey[1])

describe('capQueries', () => {
  it("keeps the group's newest unused queries up to the cap, and no other group's are touched", async () => {
    const queryClient = client()
    capQueries(queryClient.getQueryCache(), 'engagement', 3)
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      queryClient.setQueryData(['engagement', id], { id })
      queryClient.setQueryData(['metadata', id], { id })
    }
    await settled()
    expect(ids(queryClient, 'engagement')).toEqual(['c', 'd', 'e'])
    expect(ids(queryClient, 'metadata')).toHaveLength(5)
  })

  it('lets the least recently updated go first', async () => {
    const queryClient = client()
    capQueries(queryClient.getQueryCache(), 'engagement', 2)
    queryClient.setQueryData(['engagement', 'a'], 1)
    queryClient.setQueryData(['engagement', 'b'], 1)
    queryClient.setQueryData(['engagement', 'a'], 2)
    queryClient.setQueryData(['engagement', 'c'], 1)
    await settled()
    expect(ids(queryClient, 'engagement')).toEqual(['a', 'c'])
  })

  it('counts the queries there before it', async () => {
    const queryClient = client()
    for (const id of ['a', 'b', 'c']) queryClient.setQueryData(['zap-totals', id], 1)
    capQueries(queryClient.getQueryCache(), 'zap-totals', 1)
    await settled()
    expect(ids(queryClient, 'zap-totals')).toEqual(['c'])
  })

  it('keeps observed queries, and counts them once no one observes them', async () => {
    const queryClient = client()
    capQueries(queryClient.getQueryCache(), 'zap-totals', 1)
    queryClient.setQueryData(['zap-totals', 'shown'], 1)
    const observer = new QueryObserver(queryClient, {
      queryKey: ['zap-totals', 'shown'],
      enabled: false,
    })
    const unsubscribe = observer.subscribe(() => {})
    for (const id of ['a', 'b', 'c']) queryClient.setQueryData(['zap-totals', id], 1)
    await settled()
    expect(ids(queryClient, 'zap-totals')).toEqual(['shown', 'c'])
    // The card scrolled away: its total is the newest unused one.
    unsubscribe()
    await settled()
    expect(ids(queryClient, 'zap-totals')).toEqual(['shown'])
  })

  it('keeps held queries until released, and a release held again at once loses none', async () => {
    const queryClient = client()
    const cap = capQueries(queryClient.getQueryCache(), 'engagement', 1)
    const release = cap.hold([
      ['engagement', 'a'],
      ['engagement', 'b'],
    ])
    for (const id of ['a', 'b', 'c', 'd']) queryClient.setQueryData(['engagement', id], 1)
    await settled()
    expect(ids(queryClient, 'engagement')).toEqual(['a', 'b', 'd'])
    // A view's effect letting go of its notes and holding them again in the same commit.
    release()
    const again = cap.hold([
      ['engagement', 'a'],
      ['engagement', 'b'],
    ])
    await settled()
    expect(ids(queryClient, 'engagement')).toEqual(['a', 'b', 'd'])
    again()
    again()
    await settled()
    expect(ids(queryClient, 'engagement')).toEqual(['b'])
  })

  it('leaves a query being fetched alone until its answer has come', async () => {
    const queryClient = client()
    capQueries(queryClient.getQueryCache(), 'engagement', 1)
    let answer = (_value: number) => {}
    const fetching = queryClient.prefetchQuery({
      queryKey: ['engagement', 'slow'],
      queryFn: () => new Promise<number>((resolve) => (answer = resolve)),
    })
    for (const id of ['a', 'b']) queryClient.setQueryData(['engagement', id], 1)
    await settled()
    expect(ids(queryClient, 'engagement')).toEqual(['slow', 'b'])
    answer(7)
    await fetching
    await settled()
    expect(queryClient.getQueryData(['engagement', 'slow'])).toBe(7)
    expect(ids(queryClient, 'engagement')).toEqual(['slow'])
  })

  it('lets go of nothing once stopped', async () => {
    const queryClient = client()
    const cap = capQueries(queryClient.getQueryCache(), 'engagement', 1)
    cap.stop()
    for (const id of ['a', 'b', 'c']) queryClient.setQueryData(['engagement', id], 1)
    await settled()
    expect(ids(queryClient, 'engagement')).toHaveLength(3)
  })
})

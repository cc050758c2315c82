import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearQueryGroups } from '../../../src/actors/clear-data.ts'

const client = new QueryClient()
afterEach(() => {
  client.clear()
  vi.restoreAllMocks()
})

describe('clearQueryGroups (spec §4: clearing metadata, contacts or thread queries)', () => {
  it('forgets the groups asked for, fetches again what a screen shows, keeps the rest', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {})
    client.setQueryData(['metadata', 'a'], { name: 'old' })
    client.setQueryData(['profile', 'metadata', 'b'], { name: 'old' })
    client.setQueryData(['thread', 'r'], ['old'])
    client.setQueryData(['profile', 'contacts', 'a'], ['c'])
    client.setQueryData(['feed'], { pages: [] })
    let fetched = 0
    const shown = new QueryObserver(client, {
      queryKey: ['metadata', 'shown'],
      queryFn: () => ({ name: `fetched ${++fetched}` }),
      staleTime: Number.POSITIVE_INFINITY,
    })
    const unsubscribe = shown.subscribe(() => {})
    await vi.waitFor(() => expect(fetched).toBe(1))

    await clearQueryGroups(client, ['metadata', 'thread'])
    const keys = client
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey)
    expect(keys).toEqual([['profile', 'contacts', 'a'], ['feed'], ['metadata', 'shown']])
    expect(fetched).toBe(2)
    expect(client.getQueryData(['metadata', 'shown'])).toEqual({ name: 'fetched 2' })
    expect(console.info).toHaveBeenCalledWith('Cleared cached metadata, thread')

    await clearQueryGroups(client, ['contacts'])
    expect(client.getQueryData(['profile', 'contacts', 'a'])).toBeUndefined()
    unsubscribe()
  })
})

import { describe, expect, it } from 'vitest'
import {
  asStale,
  CACHE_DATABASE,
  CACHE_KEY,
  CACHE_MAX_AGE_MS,
  CACHE_STORE,
  judgeRecord,
  PERSISTED_PAGES,
  shouldPersist,
  trimInfiniteQueries,
} from '../../../../src/core/app/persisted-cache.ts'
import { FIRST_CURSOR, nextCursor } from '../../../../src/core/feed/feed-window.ts'

const now = 1_700_000_000_000
const judge = (record: unknown) => judgeRecord(record, { buster: 'b1', now })
const state = { queries: [], mutations: [] }

describe('persisted query cache record', () => {
  it('has the spec names and a 24 hour life', () => {
    expect([CACHE_DATABASE, CACHE_STORE, CACHE_KEY]).toEqual([
      'keyval-store',
      'keyval',
      'rq-cache-v1',
    ])
    expect(CACHE_MAX_AGE_MS).toBe(86_400_000)
  })

  it('loads a record of this buster younger than 24 hours', () => {
    expect(judge({ buster: 'b1', timestamp: now - CACHE_MAX_AGE_MS, clientState: state })).toBe(
      'valid',
    )
  })

  it('says why any other record is removed', () => {
    expect(judge(null)).toBe('missing')
    expect(judge(undefined)).toBe('missing')
    expect(judge('text')).toBe('malformed')
    expect(judge({ buster: 'b1', clientState: state })).toBe('no-timestamp')
    expect(judge({ buster: 'b1', timestamp: 'yesterday', clientState: state })).toBe('no-timestamp')
    expect(judge({ buster: 'b1', timestamp: now - CACHE_MAX_AGE_MS - 1, clientState: state })).toBe(
      'expired',
    )
    // A clock set far back when it was written is no reason to trust it for ever.
    expect(judge({ buster: 'b1', timestamp: now + CACHE_MAX_AGE_MS + 1, clientState: state })).toBe(
      'expired',
    )
    expect(judge({ buster: 'b0', timestamp: now, clientState: state })).toBe('buster')
    expect(judge({ buster: 'b1', timestamp: now, clientState: null })).toBe('malformed')
  })
})

describe('trimming infinite queries for storage', () => {
  it('keeps the first pages of an infinite query and leaves other queries alone', () => {
    const pages = Array.from({ length: 10 }, (_, i) => [`page ${i}`])
    const state = {
      mutations: [],
      queries: [
        { queryKey: ['feed'], state: { data: { pages, pageParams: pages.map((_, i) => i) } } },
        { queryKey: ['metadata', 'x'], state: { data: { name: 'x' } } },
        { queryKey: ['short'], state: { data: { pages: [['only']], pageParams: [0] } } },
      ],
    }
    const trimmed = trimInfiniteQueries(state)
    expect(trimmed.queries[0]!.state.data).toEqual({
      pages: pages.slice(0, PERSISTED_PAGES),
      pageParams: [0, 1, 2],
    })
    expect(trimmed.queries[1]).toBe(state.queries[1])
    expect(trimmed.queries[2]).toBe(state.queries[2])
    expect(state.queries[0]!.state.data.pages).toHaveLength(10)
  })

  it('leaves out a feed whose window has moved past its newest page', () => {
    const top = nextCursor(FIRST_CURSOR, { until: 9, shown: [] })!
    const moved = nextCursor(top, { until: 8, shown: [] })!
    const state = {
      mutations: [],
      queries: [
        {
          queryKey: ['feed', 'a'],
          state: { data: { pages: [[1], [2]], pageParams: [top, moved] } },
        },
        { queryKey: ['feed', 'b'], state: { data: { pages: [[1]], pageParams: [FIRST_CURSOR] } } },
      ],
    }
    expect(trimInfiniteQueries(state).queries.map((query) => query.queryKey)).toEqual([
      ['feed', 'b'],
    ])
  })
})

describe('what is persisted', () => {
  it('keeps settled queries, never searches, likes and reposts, or unsettled ones', () => {
    expect(shouldPersist(['feed', 'global'], 'success')).toBe(true)
    expect(shouldPersist(['metadata', 'ab'], 'success')).toBe(true)
    expect(shouldPersist(['search', 'my typed words'], 'success')).toBe(false)
    expect(shouldPersist(['engagement', 'note id'], 'success')).toBe(false)
    expect(shouldPersist(['feed', 'global'], 'pending')).toBe(false)
    expect(shouldPersist(['feed', 'global'], 'error')).toBe(false)
  })
})

describe('loading a stored cache', () => {
  it('marks every stored query stale, its data and the rest of its state kept', () => {
    const state = {
      mutations: [],
      queries: [
        { queryKey: ['profile', 'notes', 'me'], state: { data: { pages: [] }, dataUpdatedAt: 5 } },
        { queryKey: ['note', 'x'], state: { data: null, isInvalidated: false } },
      ],
    }
    const stale = asStale(state)
    expect(stale.queries.map((query) => query.state)).toEqual([
      { data: { pages: [] }, dataUpdatedAt: 5, isInvalidated: true },
      { data: null, isInvalidated: true },
    ])
    expect(stale.mutations).toBe(state.mutations)
    expect(state.queries[1]!.state.isInvalidated).toBe(false)
  })
})

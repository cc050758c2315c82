import { describe, expect, it } from 'vitest'
import {
  FIRST_PAGE,
  feedFilters,
  feedPageFilters,
  feedSourceKey,
  GLOBAL_SOURCE,
  MAX_AUTHORS_PER_FILTER,
  nextPageStart,
} from '../../../src/core/feed-source.ts'

const authors = Array.from({ length: MAX_AUTHORS_PER_FILTER + 3 }, (_, i) =>
  i.toString(16).padStart(64, '0'),
)
const follows = { pubkey: 'e'.repeat(64), version: 42, authors }

describe('feed source', () => {
  it('keys every feed under "feed", the global one as before', () => {
    expect(feedSourceKey(GLOBAL_SOURCE)).toEqual(['feed', 'global'])
    expect(feedSourceKey({ follows: null, tag: 'Bitcoin' })).toEqual(['feed', 'tag', 'bitcoin'])
    expect(feedSourceKey({ follows, tag: null })).toEqual(['feed', 'follows', follows.pubkey, '42'])
  })

  it('asks for notes and reposts; a hashtag feed asks notes with that t tag', () => {
    expect(feedFilters(GLOBAL_SOURCE)).toEqual([{ kinds: [1, 6] }])
    expect(feedFilters({ follows: null, tag: 'News' })).toEqual([{ kinds: [1], '#t': ['news'] }])
  })

  it('splits a long follow list over several filters', () => {
    const filters = feedFilters({ follows, tag: null })
    expect(filters).toHaveLength(2)
    expect(filters[0]?.authors).toHaveLength(MAX_AUTHORS_PER_FILTER)
    expect(filters[1]?.authors).toEqual(authors.slice(MAX_AUTHORS_PER_FILTER))
    expect(feedFilters({ follows: { ...follows, authors: [] }, tag: null })).toEqual([])
  })

  it('pages by limit and an inclusive until', () => {
    expect(feedPageFilters(GLOBAL_SOURCE, 10)).toEqual([{ kinds: [1, 6], limit: 10 }])
    expect(feedPageFilters(GLOBAL_SOURCE, 10, 99)).toEqual([
      { kinds: [1, 6], until: 99, limit: 10 },
    ])
  })
})

describe('nextPageStart', () => {
  const e = (id: string, created_at: number) => ({ id, created_at })

  it('goes on from the oldest second, past the events of it already shown', () => {
    expect(nextPageStart(FIRST_PAGE, [e('a', 30), e('b', 20), e('c', 20)])).toEqual({
      until: 20,
      shown: ['b', 'c'],
    })
  })

  it('keeps the shown events of a second that fills more than one page', () => {
    const start = { until: 20, shown: ['b', 'c'] }
    expect(nextPageStart(start, [e('d', 20), e('f', 20)])).toEqual({
      until: 20,
      shown: ['b', 'c', 'd', 'f'],
    })
    expect(nextPageStart(start, [e('d', 20), e('g', 10)])).toEqual({ until: 10, shown: ['g'] })
  })

  it('ends after an empty page', () => {
    expect(nextPageStart({ until: 20, shown: ['b'] }, [])).toBeUndefined()
  })
})

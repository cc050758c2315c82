import { matchFilters } from 'nostr-tools/filter'
import { describe, expect, it } from 'vitest'
import {
  EMPTY_PAGES_BEFORE_END,
  FIRST_PAGE,
  feedFilters,
  feedHashtags,
  feedPageFilters,
  feedSourceKey,
  GLOBAL_SOURCE,
  MAX_AUTHORS_PER_FILTER,
  NOTES_PAGE_MAX,
  NOTES_PAGE_SIZE,
  nextPageStart,
  pageNotes,
  withOwed,
} from '../../../../src/core/feed/feed-source.ts'

const authors = Array.from({ length: MAX_AUTHORS_PER_FILTER + 3 }, (_, i) =>
  i.toString(16).padStart(64, '0'),
)
const follows = { pubkey: 'e'.repeat(64), version: 42, authors }

describe('feed source', () => {
  it('shows the custom hashtags, or the one the URL names, lower-cased, sorted, each once', () => {
    expect(feedHashtags(['Bitcoin', 'Nostr', 'News'], null)).toEqual(['bitcoin', 'news', 'nostr'])
    expect(feedHashtags(['Bitcoin', 'Nostr', 'News'], 'art')).toEqual(['art'])
    expect(feedHashtags(['Art', 'ART', 'art'], null)).toEqual(['art'])
    // An empty list is every note.
    expect(feedHashtags([], null)).toEqual([])
  })

  it('keys every feed under "feed", with the sorted lower-case hashtags; the global one as before', () => {
    expect(feedSourceKey(GLOBAL_SOURCE)).toEqual(['feed', 'global'])
    expect(feedSourceKey({ follows: null, hashtags: ['Nostr', 'Bitcoin', 'News'] })).toEqual([
      'feed',
      'tags',
      'bitcoin',
      'news',
      'nostr',
    ])
    // The same set in another order or case is the same feed.
    expect(feedSourceKey({ follows: null, hashtags: ['news', 'NOSTR', 'bitcoin'] })).toEqual(
      feedSourceKey({ follows: null, hashtags: ['Bitcoin', 'Nostr', 'News'] }),
    )
    expect(feedSourceKey({ follows, hashtags: [] })).toEqual([
      'feed',
      'follows',
      follows.pubkey,
      '42',
    ])
    expect(feedSourceKey({ follows, hashtags: ['Art'] })).toEqual([
      'feed',
      'follows',
      follows.pubkey,
      '42',
      'tags',
      'art',
    ])
  })

  it('asks for notes and reposts; a hashtag feed asks notes t-tagged with any of its hashtags', () => {
    expect(feedFilters(GLOBAL_SOURCE)).toEqual([{ kinds: [1, 6] }])
    expect(feedFilters({ follows: null, hashtags: ['News'] })).toEqual([
      { kinds: [1], '#t': ['news'] },
    ])
    expect(feedFilters({ follows: null, hashtags: ['Nostr', 'Bitcoin', 'News'] })).toEqual([
      { kinds: [1], '#t': ['bitcoin', 'news', 'nostr'] },
    ])
  })

  it('matches live notes as the relays do: tagged with any of the hashtags, by followed authors', () => {
    const note = (pubkey: string, tags: string[][]) => ({
      id: '0'.repeat(64),
      pubkey,
      created_at: 1,
      kind: 1,
      tags,
      content: '',
      sig: '0'.repeat(128),
    })
    const tagged = feedFilters({ follows: null, hashtags: ['Bitcoin', 'News'] })
    expect(matchFilters(tagged, note(authors[0]!, [['t', 'news']]))).toBe(true)
    expect(matchFilters(tagged, note(authors[0]!, [['t', 'art']]))).toBe(false)
    expect(matchFilters(tagged, note(authors[0]!, []))).toBe(false)
    expect(matchFilters(tagged, { ...note(authors[0]!, [['t', 'news']]), kind: 6 })).toBe(false)

    const followed = feedFilters({ follows, hashtags: ['Bitcoin'] })
    expect(matchFilters(followed, note(authors.at(-1)!, [['t', 'bitcoin']]))).toBe(true)
    expect(matchFilters(followed, note('f'.repeat(64), [['t', 'bitcoin']]))).toBe(false)
  })

  it('splits a long follow list over several filters', () => {
    const filters = feedFilters({ follows, hashtags: [] })
    expect(filters).toHaveLength(2)
    expect(filters[0]?.authors).toHaveLength(MAX_AUTHORS_PER_FILTER)
    expect(filters[1]?.authors).toEqual(authors.slice(MAX_AUTHORS_PER_FILTER))
    expect(feedFilters({ follows: { ...follows, authors: [] }, hashtags: [] })).toEqual([])
    expect(feedFilters({ follows, hashtags: ['Art'] })[1]).toEqual({
      kinds: [1],
      '#t': ['art'],
      authors: authors.slice(MAX_AUTHORS_PER_FILTER),
    })
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

  it('asks an empty page again (a relay may have run out of time), and ends after three in a row', () => {
    const start = { until: 20, shown: ['b'] }
    const again = nextPageStart(start, [])
    expect(again).toEqual({ until: 20, shown: ['b'], empty: 1 })
    const last = nextPageStart(again!, [])
    expect(last).toEqual({ until: 20, shown: ['b'], empty: 2 })
    expect(EMPTY_PAGES_BEFORE_END).toBe(3)
    expect(nextPageStart(last!, [])).toBeUndefined()
    // A page with events in between starts the count again.
    expect(nextPageStart(again!, [e('c', 10)])).toEqual({ until: 10, shown: ['c'] })
  })

  it('a page start carries what relays owe only when they owe something', () => {
    const owed = { 'wss://a.example': 9 }
    expect(withOwed({ until: 5, shown: [], owed }, {})).toEqual({ until: 5, shown: [] })
    expect(withOwed({ until: 5, shown: [] }, owed)).toEqual({ until: 5, shown: [], owed })
  })
})

describe('pageNotes', () => {
  // Newest first, one a second, from 1,000 down.
  const notes = Array.from({ length: 120 }, (_, i) => ({ id: `n${i}`, created_at: 1000 - i }))

  it('shows a page of 10 when how far the answers are complete is not known', () => {
    expect(pageNotes(notes, undefined)).toEqual(notes.slice(0, NOTES_PAGE_SIZE))
  })

  it('shows every note down to where the answers are complete', () => {
    // Complete down to 975: the 26 notes from 1,000 to 975, that second's included.
    expect(pageNotes(notes, 975)).toEqual(notes.slice(0, 26))
  })

  it('shows a page of 10 still when fewer than that are complete, and at most NOTES_PAGE_MAX', () => {
    expect(pageNotes(notes, 998)).toEqual(notes.slice(0, NOTES_PAGE_SIZE))
    expect(pageNotes(notes, 0)).toEqual(notes.slice(0, NOTES_PAGE_MAX))
    expect(pageNotes(notes.slice(0, 30), 0)).toEqual(notes.slice(0, 30))
  })
})

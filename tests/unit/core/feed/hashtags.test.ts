import { describe, expect, it } from 'vitest'
import {
  addHashtag,
  cleanHashtag,
  HASHTAG_ERRORS,
  parseFeedSearch,
  removeHashtag,
} from '../../../../src/core/feed/hashtags.ts'

const TAGS = ['Bitcoin', 'Nostr', 'News']

describe('hashtag filter (spec §5)', () => {
  it('strips a leading # and the spaces around', () => {
    expect(cleanHashtag('  #Art ')).toBe('Art')
    expect(cleanHashtag('##music')).toBe('music')
    expect(addHashtag(TAGS, '#Art')).toEqual({ kind: 'added', tags: [...TAGS, 'Art'] })
  })

  it('ignores blank input, a lone # included', () => {
    expect(addHashtag(TAGS, '')).toEqual({ kind: 'ignored' })
    expect(addHashtag(TAGS, '   ')).toEqual({ kind: 'ignored' })
    expect(addHashtag(TAGS, ' # ')).toEqual({ kind: 'ignored' })
  })

  it('rejects duplicates case-insensitively, naming the tag already there', () => {
    expect(addHashtag(TAGS, 'bitcoin')).toEqual({
      kind: 'rejected',
      error: HASHTAG_ERRORS.duplicate('Bitcoin'),
    })
    expect(addHashtag(TAGS, '#NEWS')).toEqual({
      kind: 'rejected',
      error: '#News is already in the list',
    })
  })

  it('rejects what cannot be a hashtag', () => {
    expect(addHashtag(TAGS, 'two words')).toEqual({
      kind: 'rejected',
      error: HASHTAG_ERRORS.invalid,
    })
    expect(addHashtag(TAGS, 'a#b')).toEqual({ kind: 'rejected', error: HASHTAG_ERRORS.invalid })
    expect(addHashtag(TAGS, 'café_2')).toEqual({ kind: 'added', tags: [...TAGS, 'café_2'] })
  })

  it('removes case-insensitively', () => {
    expect(removeHashtag(TAGS, 'nostr')).toEqual(['Bitcoin', 'News'])
    expect(removeHashtag(TAGS, 'Art')).toEqual(TAGS)
  })

  it('reads the feed tag from the URL in lower case, dropping anything else', () => {
    expect(parseFeedSearch({ tag: 'Bitcoin' })).toEqual({ tag: 'bitcoin' })
    expect(parseFeedSearch({ tag: '#News' })).toEqual({ tag: 'news' })
    expect(parseFeedSearch({ tag: 'not a tag' })).toEqual({})
    expect(parseFeedSearch({ tag: 3 })).toEqual({})
    expect(parseFeedSearch({})).toEqual({})
  })
})

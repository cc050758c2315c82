import { describe, expect, it } from 'vitest'
import {
  entryAuthor,
  mergeEntries,
  noteEntry,
  repostEntry,
} from '../../../../src/core/feed/feed-entry.ts'
import type { Note } from '../../../../src/core/feed/note.ts'

const note = (id: string, created_at: number, pubkey = 'a'.repeat(64)): Note => ({
  id,
  content: '',
  pubkey,
  created_at,
  tags: [],
  imageUrls: [],
  videoUrls: [],
  receivedAt: 0,
})

describe('feed entries', () => {
  it('sorts a repost by when it was reposted and names the reposter', () => {
    const old = note('1', 10)
    const repost = repostEntry(
      {
        id: 'r',
        pubkey: 'b'.repeat(64),
        created_at: 30,
        target: { id: '1', relays: [], author: null },
      },
      old,
    )
    const list = mergeEntries([], [noteEntry(old), noteEntry(note('2', 20)), repost])
    expect(list.map((entry) => entry.id)).toEqual(['r', '2', '1'])
    expect(entryAuthor(repost)).toBe('b'.repeat(64))
    expect(entryAuthor(noteEntry(old))).toBe('a'.repeat(64))
  })

  it('keeps one row per event and returns the same list when nothing is new', () => {
    const list = mergeEntries([], [noteEntry(note('1', 10))])
    expect(mergeEntries(list, [noteEntry(note('1', 10))])).toBe(list)
    expect(mergeEntries(list, [noteEntry(note('2', 10)), noteEntry(note('2', 10))])).toHaveLength(2)
  })
})

import { describe, expect, it } from 'vitest'
import type { Note } from '../../../../src/core/feed/note.ts'
import {
  assembleThread,
  type ThreadLayout,
  threadNotes,
  threadSize,
} from '../../../../src/core/feed/thread.ts'

const id = (name: string) => name.repeat(64).slice(0, 64)
const note = (name: string, created_at: number, tags: string[][] = []): Note => ({
  id: id(name),
  content: name,
  pubkey: 'f'.repeat(64),
  created_at,
  tags,
  imageUrls: [],
  videoUrls: [],
  receivedAt: 0,
})

describe('threadSize and threadNotes', () => {
  it('count every article in reading order, missing links too, and list the notes', () => {
    const layout: ThreadLayout = {
      above: [
        { kind: 'missing', id: id('0') },
        { kind: 'note', note: note('1', 1) },
      ],
      focused: note('2', 2),
      replies: [
        { note: note('3', 3), descendants: [note('4', 4), note('5', 5)] },
        { note: note('6', 6), descendants: [] },
      ],
    }
    expect(threadSize(layout)).toBe(7)
    expect(threadNotes(layout).map((n) => n.id)).toEqual(['1', '2', '3', '4', '5', '6'].map(id))
  })

  it('are the focused note alone when nothing surrounds it', () => {
    const focused = note('a', 1)
    const layout = assembleThread(focused, [focused])
    expect(threadSize(layout)).toBe(1)
    expect(threadNotes(layout)).toEqual([focused])
  })
})

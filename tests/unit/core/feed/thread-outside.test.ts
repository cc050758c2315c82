import { describe, expect, it } from 'vitest'
import type { Note } from '../../../../src/core/feed/note.ts'
import type { ThreadLayout } from '../../../../src/core/feed/thread.ts'
import { foldOutside } from '../../../../src/core/feed/thread-outside.ts'

const INSIDE = 'a'.repeat(64)
const OUTSIDE = 'b'.repeat(64)
const note = (name: string, pubkey: string): Note => ({
  id: name.padStart(64, '0'),
  pubkey,
  content: name,
  created_at: 1,
  tags: [],
  imageUrls: [],
  videoUrls: [],
  receivedAt: 0,
})
const isOutside = (n: Note) => n.pubkey === OUTSIDE

const layout = (replies: ThreadLayout['replies']): ThreadLayout => ({
  above: [{ kind: 'note', note: note('1', OUTSIDE) }],
  focused: note('2', OUTSIDE),
  replies,
})
const names = (folded: ThreadLayout) =>
  folded.replies.map((branch) => [branch.note.content, branch.descendants.map((n) => n.content)])

describe('foldOutside', () => {
  it('sets apart the replies from outside, and counts them; the notes above and the focused note stay', () => {
    const thread = layout([
      { note: note('a', INSIDE), descendants: [note('a1', OUTSIDE), note('a2', INSIDE)] },
      { note: note('b', OUTSIDE), descendants: [note('b1', OUTSIDE)] },
      { note: note('c', INSIDE), descendants: [] },
    ])
    const folded = foldOutside(thread, isOutside)
    expect(folded.outside).toBe(3)
    expect(names(folded.layout)).toEqual([
      ['a', ['a2']],
      ['c', []],
    ])
    expect(folded.layout.above).toBe(thread.above)
    expect(folded.layout.focused).toBe(thread.focused)
  })

  it('keeps a reply from outside that someone inside answered, for their answer', () => {
    const folded = foldOutside(
      layout([
        { note: note('b', OUTSIDE), descendants: [note('b1', OUTSIDE), note('b2', INSIDE)] },
      ]),
      isOutside,
    )
    expect(folded.outside).toBe(1)
    expect(names(folded.layout)).toEqual([['b', ['b2']]])
  })

  it('is the same layout when nothing is from outside', () => {
    const thread = layout([{ note: note('a', INSIDE), descendants: [note('a1', INSIDE)] }])
    expect(foldOutside(thread, isOutside)).toEqual({ layout: thread, outside: 0 })
    expect(foldOutside(thread, isOutside).layout).toBe(thread)
  })
})

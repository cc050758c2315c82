import { describe, expect, it } from 'vitest'
import type { Note } from '../../../../src/core/feed/note.ts'
import {
  type AboveItem,
  assembleThread,
  missingAncestorIds,
  parentId,
  threadRootId,
} from '../../../../src/core/feed/thread.ts'

/** A 64-hex id that reads as its name in failures: 'r' -> '72' padded. */
const id = (name: string) =>
  [...name]
    .map((c) => c.charCodeAt(0).toString(16))
    .join('')
    .padStart(64, '0')

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

/** A marked NIP-10 reply: root tag, plus a reply tag unless it answers the root. */
const reply = (name: string, at: number, root: string, parent = root): Note =>
  note(name, at, [
    ['e', id(root), '', 'root'],
    ...(parent === root ? [] : [['e', id(parent), '', 'reply']]),
  ])

/** The deprecated positional form: plain e tags, root first, parent last. */
const positional = (name: string, at: number, ...refs: string[]): Note =>
  note(
    name,
    at,
    refs.map((ref) => ['e', id(ref)]),
  )

const names = (notes: readonly Note[]) => notes.map((n) => n.content)
const aboveNames = (items: readonly AboveItem[]) =>
  items.map((item) => (item.kind === 'note' ? item.note.content : `missing:${item.id}`))

describe('parentId and threadRootId', () => {
  it('read marked tags', () => {
    const b = reply('b', 3, 'r', 'a')
    expect(parentId(b)).toBe(id('a'))
    expect(threadRootId(b)).toBe(id('r'))
    expect(parentId(reply('a', 2, 'r'))).toBe(id('r'))
  })

  it('read positional tags: first is the root, last the parent, those between are mentions', () => {
    const c = positional('c', 4, 'r', 'm', 'b')
    expect(parentId(c)).toBe(id('b'))
    expect(threadRootId(c)).toBe(id('r'))
    // One positional tag: the note answers it, and it is the root.
    expect(parentId(positional('a', 2, 'r'))).toBe(id('r'))
  })

  it('treat a root, and a note naming itself, as having no parent', () => {
    const r = note('r', 1)
    expect(parentId(r)).toBeNull()
    expect(threadRootId(r)).toBe(r.id)
    const self = note('s', 1, [['e', id('s'), '', 'reply']])
    expect(parentId(self)).toBeNull()
  })

  it('ignore e tags marked "mention"', () => {
    expect(parentId(note('x', 1, [['e', id('m'), '', 'mention']]))).toBeNull()
  })
})

describe('assembleThread', () => {
  const r = note('r', 100)
  const a = reply('a', 200, 'r')
  const b = reply('b', 300, 'r', 'a')
  const c = reply('c', 500, 'r', 'b')
  const d = reply('d', 400, 'r', 'b')
  const e = reply('e', 600, 'r', 'c')
  const f = reply('f', 450, 'r', 'd')
  const sibling = reply('s', 350, 'r', 'a')

  it('puts the root and the parents above, top first, and the replies below, oldest first', () => {
    const layout = assembleThread(b, [r, a, c, d, e, f, sibling])
    expect(aboveNames(layout.above)).toEqual(['r', 'a'])
    expect(layout.focused).toBe(b)
    expect(layout.replies.map((branch) => branch.note.content)).toEqual(['d', 'c'])
  })

  it('lists what answers each reply in conversation order, one level deep, and leaves out other branches', () => {
    const g = reply('g', 460, 'r', 'd')
    const h = reply('h', 470, 'r', 'f')
    const layout = assembleThread(b, [r, a, c, d, e, f, g, h, sibling])
    const [first, second] = layout.replies
    // f answers d, h answers f, then g (newer than f) answers d.
    expect(names(first!.descendants)).toEqual(['f', 'h', 'g'])
    expect(names(second!.descendants)).toEqual(['e'])
    const shown = [...layout.replies.flatMap((x) => [x.note, ...x.descendants])]
    expect(names(shown)).not.toContain('s')
  })

  it('shows a root with every reply to it', () => {
    const layout = assembleThread(r, [a, b, sibling, c])
    expect(layout.above).toEqual([])
    expect(layout.replies.map((x) => x.note.content)).toEqual(['a'])
    expect(names(layout.replies[0]!.descendants)).toEqual(['b', 'c', 's'])
  })

  it('orders notes of the same second by id, whatever the order they arrived in', () => {
    const x = reply('x', 250, 'r')
    const w = reply('w', 250, 'r')
    const forward = assembleThread(r, [x, w])
    const backward = assembleThread(r, [w, x])
    expect(forward.replies.map((y) => y.note.content)).toEqual(['w', 'x'])
    expect(backward.replies.map((y) => y.note.content)).toEqual(['w', 'x'])
  })

  it('follows deprecated positional tags up the chain', () => {
    const pa = positional('a', 200, 'r')
    const pb = positional('b', 300, 'r', 'a')
    const pc = positional('c', 400, 'r', 'm', 'b')
    const layout = assembleThread(pc, [r, pa, pb, note('m', 150)])
    expect(aboveNames(layout.above)).toEqual(['r', 'a', 'b'])
  })

  it('marks a parent no relay gave, with the root still on top when known', () => {
    expect(aboveNames(assembleThread(c, [r, b]).above)).toEqual(['r', `missing:${id('a')}`, 'b'])
    expect(aboveNames(assembleThread(c, [b]).above)).toEqual([`missing:${id('a')}`, 'b'])
    expect(aboveNames(assembleThread(a, []).above)).toEqual([`missing:${id('r')}`])
  })

  it('keeps a reply to the focused root whose own parent is lost', () => {
    const layout = assembleThread(r, [a, c])
    expect(layout.replies.map((x) => x.note.content)).toEqual(['a', 'c'])
  })

  it('shows each note once, even when given twice', () => {
    const layout = assembleThread(b, [r, a, a, d, d, b, { ...d }])
    expect(layout.replies.map((x) => x.note.content)).toEqual(['d'])
  })

  it('ends at a cycle instead of looping', () => {
    // Ids are hashes, so real events cannot form a cycle; relays' tags are still not trusted.
    const x = note('x', 10, [['e', id('y'), '', 'reply']])
    const y = note('y', 20, [['e', id('x'), '', 'reply']])
    const layout = assembleThread(x, [y])
    expect(aboveNames(layout.above)).toEqual(['y'])
    expect(layout.replies).toEqual([])
    expect(missingAncestorIds(x, [y])).toEqual([])
    expect(assembleThread(y, [x]).replies).toEqual([])
  })

  it('handles long chains without recursion', () => {
    const chain = [r]
    for (let i = 1; i <= 5000; i++) {
      const parent = chain[i - 1]!
      chain.push(
        note(`n${i}`, 100 + i, [
          ['e', r.id, '', 'root'],
          ['e', parent.id, '', 'reply'],
        ]),
      )
    }
    const top = assembleThread(r, chain)
    expect(top.replies).toHaveLength(1)
    expect(top.replies[0]!.descendants).toHaveLength(4999)
    const bottom = assembleThread(chain.at(-1)!, chain)
    expect(bottom.above).toHaveLength(5000)
    expect(bottom.above[0]).toEqual({ kind: 'note', note: r })
  })
})

describe('missingAncestorIds', () => {
  const r = note('r', 100)
  const a = reply('a', 200, 'r')
  const b = reply('b', 300, 'r', 'a')

  it('names the first missing parent and the root when unknown', () => {
    expect(missingAncestorIds(b, [])).toEqual([id('a'), id('r')])
    expect(missingAncestorIds(b, [r])).toEqual([id('a')])
    expect(missingAncestorIds(b, [a])).toEqual([id('r')])
    expect(missingAncestorIds(b, [a, r])).toEqual([])
    expect(missingAncestorIds(r, [])).toEqual([])
  })

  it('walks positional chains one gap at a time', () => {
    // Legacy notes with one e tag each: every note looks like a root-level reply to its parent.
    const pa = positional('a', 200, 'r')
    const pb = positional('b', 300, 'a')
    const pc = positional('c', 400, 'b')
    expect(missingAncestorIds(pc, [])).toEqual([id('b')])
    expect(missingAncestorIds(pc, [pb])).toEqual([id('a')])
    expect(missingAncestorIds(pc, [pb, pa])).toEqual([id('r')])
    expect(missingAncestorIds(pc, [pb, pa, r])).toEqual([])
  })
})

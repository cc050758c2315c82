import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { mergeNotes, toNote } from '../../../../src/core/feed/note.ts'

const key = generateSecretKey()
const note = (created_at: number, content = `note at ${created_at}`) =>
  toNote(finalizeEvent({ kind: 1, created_at, tags: [], content }, key), 1000)

describe('toNote', () => {
  it('keeps the event fields and derives media and receipt time', () => {
    const n = toNote(
      finalizeEvent(
        { kind: 1, created_at: 5, tags: [['t', 'x']], content: 'look https://m.example/a.png' },
        key,
      ),
      42,
    )
    expect(n).toMatchObject({
      created_at: 5,
      tags: [['t', 'x']],
      imageUrls: ['https://m.example/a.png'],
      videoUrls: [],
      receivedAt: 42,
    })
    expect(Object.keys(n).sort()).toEqual([
      'content',
      'created_at',
      'id',
      'imageUrls',
      'pubkey',
      'receivedAt',
      'tags',
      'videoUrls',
    ])
  })
})

describe('mergeNotes', () => {
  it('sorts newest first and keeps one copy per id', () => {
    const [a, b, c] = [note(1), note(3), note(2)]
    const merged = mergeNotes([b!], [a!, c!, b!, a!])
    expect(merged.map((n) => n.created_at)).toEqual([3, 2, 1])
  })

  it('returns the same list when nothing is new, so views do not re-render', () => {
    const list = mergeNotes([], [note(1)])
    expect(mergeNotes(list, [list[0]!])).toBe(list)
  })
})

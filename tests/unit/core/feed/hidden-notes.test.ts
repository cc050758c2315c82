import { describe, expect, it } from 'vitest'
import {
  DELETED_NOTES_MAX,
  withDeleted,
  withoutDeleted,
} from '../../../../src/core/feed/deleted-notes.ts'
import { type FeedEntry, noteEntry, repostEntry } from '../../../../src/core/feed/feed-entry.ts'
import {
  deletedOnly,
  type Hiding,
  isHiddenEntry,
  isHiddenNote,
  NOTHING_HIDDEN,
  setApart,
  withoutHidden,
} from '../../../../src/core/feed/hidden-notes.ts'
import type { Note } from '../../../../src/core/feed/note.ts'
import { muteSetOf } from '../../../../src/core/people/mute-set.ts'

const id = (n: number) => n.toString(16).padStart(64, '0')
const MUTED = 'e'.repeat(64)
const note = (n: number, pubkey = 'a'.repeat(64)): Note => ({
  id: id(n),
  pubkey,
  content: `note ${n}`,
  created_at: n,
  tags: [],
  imageUrls: [],
  videoUrls: [],
  receivedAt: 0,
})
const mutes = muteSetOf({
  people: [{ pubkey: MUTED, relay: '', petname: '' }],
  threads: [],
  hashtags: [],
  words: [],
})

describe('the deleted notes list', () => {
  it('adds each id once, newest last, and is the same list when nothing is new', () => {
    const list = withDeleted(undefined, [id(1), id(2), id(1)])
    expect(list).toEqual([id(1), id(2)])
    expect(withDeleted(list, [id(2)])).toBe(list)
    expect(withDeleted(list, [id(3)])).toEqual([id(1), id(2), id(3)])
  })

  it(`holds at most ${DELETED_NOTES_MAX}: the oldest go first`, () => {
    const many = Array.from({ length: DELETED_NOTES_MAX }, (_, n) => id(n))
    const list = withDeleted(many, [id(DELETED_NOTES_MAX)])
    expect(list).toHaveLength(DELETED_NOTES_MAX)
    expect(list[0]).toBe(id(1))
    expect(list.at(-1)).toBe(id(DELETED_NOTES_MAX))
    expect(withDeleted([id(1), id(2), id(3)], [], 2)).toEqual([id(2), id(3)])
  })

  it('takes an id back (a deletion no relay took); the same list when it was not there', () => {
    const list = [id(1), id(2)]
    expect(withoutDeleted(list, [id(1)])).toEqual([id(2)])
    expect(withoutDeleted(list, [id(3)])).toBe(list)
  })
})

describe('hiding: deleted notes and mutes in one step', () => {
  const hiding: Hiding = { mutes, deleted: new Set([id(2), id(9)]) }

  it('leaves out the deleted notes and the muted ones', () => {
    const notes = [note(1), note(2), note(3, MUTED)]
    expect(withoutHidden(notes, hiding, isHiddenNote)).toEqual([note(1)])
  })

  it('a feed row goes with its note, or with its repost deleted by the reposter', () => {
    const target = { id: id(4), relays: [], author: null }
    const rows: FeedEntry[] = [
      noteEntry(note(1)),
      noteEntry(note(2)),
      repostEntry({ id: id(5), pubkey: 'b'.repeat(64), created_at: 5, target }, note(2)),
      repostEntry({ id: id(9), pubkey: 'b'.repeat(64), created_at: 9, target }, note(4)),
      repostEntry({ id: id(6), pubkey: MUTED, created_at: 6, target }, note(4)),
    ]
    expect(withoutHidden(rows, hiding, isHiddenEntry).map((row) => row.id)).toEqual([id(1)])
  })

  it('deletedOnly keeps muted people’s notes (a profile’s notes)', () => {
    const notes = [note(1, MUTED), note(2, MUTED)]
    expect(withoutHidden(notes, deletedOnly(hiding.deleted), isHiddenNote)).toEqual([
      note(1, MUTED),
    ])
  })

  it('nothing hidden: the same array', () => {
    const notes = [note(1)]
    expect(withoutHidden(notes, NOTHING_HIDDEN, isHiddenNote)).toBe(notes)
  })
})

describe('setApart', () => {
  it('splits the items by the second predicate, in order', () => {
    const notes = [note(1), note(2, MUTED), note(3)]
    const { shown, apart } = setApart(notes, (n) => n.pubkey === MUTED)
    expect(shown).toEqual([note(1), note(3)])
    expect(apart).toEqual([note(2, MUTED)])
  })

  it('shows the same array when nothing is set apart', () => {
    const notes = [note(1), note(3)]
    expect(setApart(notes, () => false).shown).toBe(notes)
  })
})

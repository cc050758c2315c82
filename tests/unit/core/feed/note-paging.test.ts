import { describe, expect, it } from 'vitest'
import type { Note } from '../../../../src/core/feed/note.ts'
import { cutNotesPage } from '../../../../src/core/feed/note-paging.ts'

const note = (id: string, createdAt: number): Note => ({
  id,
  content: '',
  pubkey: 'p',
  created_at: createdAt,
  tags: [],
  imageUrls: [],
  videoUrls: [],
  receivedAt: 0,
})

describe('cutNotesPage (pages of 10 with until)', () => {
  it('keeps the newest page and continues one second before its oldest note', () => {
    const notes = Array.from({ length: 15 }, (_, i) => note(`n${i}`, 100 - i))
    const page = cutNotesPage(notes, 10, undefined)
    expect(page.notes.map((n) => n.id)).toEqual(notes.slice(0, 10).map((n) => n.id))
    expect(page.nextUntil).toBe(90)
  })

  it('continues at the same second when notes of that second were left out', () => {
    const notes = [note('a', 50), note('b', 40), note('c', 40)]
    expect(cutNotesPage(notes, 2, undefined).nextUntil).toBe(40)
  })

  it('always moves back from until, so paging ends', () => {
    const notes = [note('a', 40), note('b', 40), note('c', 40)]
    expect(cutNotesPage(notes, 2, 40).nextUntil).toBe(39)
  })

  it('ends after an empty page', () => {
    expect(cutNotesPage([], 10, 100)).toEqual({ notes: [], nextUntil: undefined })
  })
})

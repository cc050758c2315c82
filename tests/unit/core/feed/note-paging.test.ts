import { describe, expect, it } from 'vitest'
import { EMPTY_PAGES_BEFORE_END } from '../../../../src/core/feed/feed-source.ts'
import type { Note } from '../../../../src/core/feed/note.ts'
import { cutNotesPage, nextNotesPage } from '../../../../src/core/feed/note-paging.ts'
import type { RelayOutcome } from '../../../../src/core/feed/relays-owed.ts'

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

describe('nextNotesPage (what relays owe after a page)', () => {
  const A = 'wss://a.example'
  const B = 'wss://b.example'
  const answered = (url: string, until: number, oldestOfFull?: number): RelayOutcome => ({
    url,
    until,
    answered: true,
    oldestOfFull,
  })
  const silent = (url: string, until: number): RelayOutcome => ({
    url,
    until,
    answered: false,
    oldestOfFull: undefined,
  })
  const page = cutNotesPage([note('a', 95), note('b', 80)], 10, 100)

  it('goes on from the cut, with the relays that did not answer owing from where they were asked', () => {
    expect(nextNotesPage({ until: 100 }, page, [answered(A, 100), silent(B, 100)])).toEqual({
      until: 79,
      owed: { [B]: 100 },
    })
    expect(nextNotesPage({ until: 100 }, page, [answered(A, 100)])).toEqual({ until: 79 })
  })

  it('a full answer owes from its oldest only when that is newer than the page reaches', () => {
    // B was asked from 150 and its full page stopped at 90: it owes from there.
    expect(nextNotesPage({ until: 100 }, page, [answered(B, 150, 90)])).toEqual({
      until: 79,
      owed: { [B]: 90 },
    })
    // Down to the page's oldest note it sent everything the next page does not ask for.
    expect(nextNotesPage({ until: 100 }, page, [answered(B, 150, 80)])).toEqual({ until: 79 })
  })

  it('after a page with no note of its own, asks again only a relay that owes from elsewhere than before', () => {
    const none = cutNotesPage([], 10, 100)
    // Everyone answered: the end, as always.
    expect(nextNotesPage({ until: 100 }, none, [answered(A, 100)])).toBeUndefined()
    // B fell silent on this page: the same `until` again, for it.
    const again = nextNotesPage({ until: 100 }, none, [answered(A, 100), silent(B, 100)])
    expect(again).toEqual({ until: 100, owed: { [B]: 100 }, empty: 1 })
    // Silent again, from where it owed: it does not keep the end away.
    expect(nextNotesPage(again!, none, [answered(A, 100), silent(B, 100)])).toBeUndefined()
    // A full page of late notes: it owes from further back, and is asked from there.
    expect(nextNotesPage(again!, none, [answered(B, 100, 130)])).toEqual({
      until: 100,
      owed: { [B]: 130 },
      empty: 2,
    })
    // At most EMPTY_PAGES_BEFORE_END such pages in a row.
    const third = { until: 100, owed: { [B]: 130 }, empty: EMPTY_PAGES_BEFORE_END - 1 }
    expect(nextNotesPage(third, none, [answered(B, 130, 110)])).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import { AT_TOP_PX, heldRows, pinnedTopId } from '../../../../src/core/feed/held-rows.ts'

const rows = (ids: string) => ids.split('').map((id) => ({ id }))

describe('pinnedTopId', () => {
  it('pins nothing within 48 px of the top', () => {
    expect(AT_TOP_PX).toBe(48)
    expect(pinnedTopId('b', 0, 'a')).toBeNull()
    expect(pinnedTopId('b', 47.5, 'a')).toBeNull()
  })

  it('pins the newest row on leaving the top, and keeps the pin further down', () => {
    expect(pinnedTopId(null, 48, 'a')).toBe('a')
    expect(pinnedTopId('b', 2000, 'a')).toBe('b')
    expect(pinnedTopId(null, 2000, null)).toBeNull()
  })
})

const pin = (topId: string, shown = '', waiting = '') => ({
  topId,
  shown: new Set(shown.split('')),
  waiting: new Set(waiting.split('')),
})

describe('heldRows', () => {
  it('shows every row, the same list, when nothing is pinned', () => {
    const all = rows('abc')
    const shown = heldRows(all, null)
    expect(shown.rows).toBe(all)
    expect(shown).toMatchObject({ held: 0, topId: 'a' })
  })

  it('holds the rows newer than the pinned one above it', () => {
    expect(heldRows(rows('xyabc'), pin('a'))).toEqual({ rows: rows('abc'), held: 2, topId: 'a' })
  })

  it('holds a row that came after the pin and sorts among the rows let in (same second, or late)', () => {
    // n: a live note of the top row's second whose id sorts after it; l: a late note.
    expect(heldRows(rows('anblcd'), pin('a', 'abcd'))).toEqual({
      rows: rows('abcd'),
      held: 2,
      topId: 'a',
    })
  })

  it('lets in rows under every row let in: older pages', () => {
    expect(heldRows(rows('abcdef'), pin('a', 'abc'))).toEqual({
      rows: rows('abcdef'),
      held: 0,
      topId: 'a',
    })
  })

  it('lets in every row under the pin before any was let in (a pin just set, or restored)', () => {
    expect(heldRows(rows('xabc'), pin('a')).rows).toEqual(rows('abc'))
  })

  it('keeps holding the rows that waited when the reader left for a note', () => {
    expect(heldRows(rows('abwc'), pin('a', '', 'w'))).toEqual({
      rows: rows('abc'),
      held: 1,
      topId: 'a',
    })
  })

  it('holds nothing when the pinned row left the list, or the list is empty', () => {
    const all = rows('abc')
    expect(heldRows(all, pin('gone', 'b', 'c')).rows).toBe(all)
    expect(heldRows(all, pin('gone')).held).toBe(0)
    expect(heldRows([], pin('a'))).toEqual({ rows: [], held: 0, topId: null })
  })
})

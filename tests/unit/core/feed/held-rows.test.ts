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

describe('heldRows', () => {
  it('shows every row, the same list, when nothing is pinned', () => {
    const all = rows('abc')
    const shown = heldRows(all, null)
    expect(shown.rows).toBe(all)
    expect(shown).toMatchObject({ held: 0, topId: 'a' })
  })

  it('holds the rows newer than the pinned one above it', () => {
    expect(heldRows(rows('xyabc'), 'a')).toEqual({ rows: rows('abc'), held: 2, topId: 'a' })
  })

  it('holds nothing when the pinned row left the list, or the list is empty', () => {
    const all = rows('abc')
    expect(heldRows(all, 'gone').rows).toBe(all)
    expect(heldRows(all, 'gone').held).toBe(0)
    expect(heldRows([], 'a')).toEqual({ rows: [], held: 0, topId: null })
  })
})

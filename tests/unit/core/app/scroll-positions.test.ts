import { describe, expect, it } from 'vitest'
import {
  MAX_SCROLL_PATHS,
  parseScrollPositions,
  SCROLL_SAVE_DEBOUNCE_MS,
  scrollPositionFor,
  serializeScrollPositions,
  withScrollPosition,
} from '../../../../src/core/app/scroll-positions.ts'

describe('scroll positions per path', () => {
  it('are saved once scrolling settles for 100 ms (spec §9)', () => {
    expect(SCROLL_SAVE_DEBOUNCE_MS).toBe(100)
  })

  it('restore the saved position, or the top when none was saved', () => {
    const positions = withScrollPosition(new Map(), '/npub/abc', 1234.6)
    expect(scrollPositionFor(positions, '/npub/abc')).toBe(1235)
    expect(scrollPositionFor(positions, '/note/xyz')).toBe(0)
  })

  it('round-trip through storage, and read nothing from anything unreadable', () => {
    const positions = withScrollPosition(withScrollPosition(new Map(), '/', 300), '/about', 20)
    expect(parseScrollPositions(serializeScrollPositions(positions))).toEqual(positions)
    for (const bad of [null, '', 'not json', '{}', '[["/", -5]]', '[["nopath", 5]]', '[[1, 2]]']) {
      expect(parseScrollPositions(bad)).toEqual(new Map())
    }
    expect(parseScrollPositions('[["/", 10], ["/a", "x"], ["/b", 5]]')).toEqual(
      new Map([
        ['/', 10],
        ['/b', 5],
      ]),
    )
  })

  it(`keep the ${MAX_SCROLL_PATHS} most recently saved paths`, () => {
    let positions = withScrollPosition(new Map(), '/first', 1)
    for (let i = 0; i < MAX_SCROLL_PATHS; i++)
      positions = withScrollPosition(positions, `/p${i}`, i)
    expect(positions.size).toBe(MAX_SCROLL_PATHS)
    expect(positions.has('/first')).toBe(false)
    // Saving again makes a path the newest.
    positions = withScrollPosition(positions, '/p0', 7)
    positions = withScrollPosition(positions, '/new', 1)
    expect(positions.get('/p0')).toBe(7)
    expect(positions.has('/p1')).toBe(false)
  })

  it('store an unusable position as the top', () => {
    expect(withScrollPosition(new Map(), '/', Number.NaN).get('/')).toBe(0)
    expect(withScrollPosition(new Map(), '/', -3).get('/')).toBe(0)
  })
})

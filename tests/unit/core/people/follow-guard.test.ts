import { describe, expect, it } from 'vitest'
import {
  compareLists,
  isMuchShorter,
  peopleCount,
  riskyShrink,
  shrinkQuestion,
} from '../../../../src/core/people/follow-guard.ts'

const pk = (n: number) => n.toString(16).padStart(64, '0')
const list = (...ns: number[]) => ns.map((n) => ['p', pk(n)])
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i)

describe('the follow-list guard (NIP-02 kind 3)', () => {
  it('counts people once each, whatever else the list holds', () => {
    const from = [...list(1, 2, 3), ['p', pk(1).toUpperCase()], ['t', 'nostr'], ['p', 'nope']]
    expect(compareLists(from, list(2, 3, 4))).toEqual({ before: 3, after: 3, dropped: 1 })
  })

  it('one person dropped (an unfollow) never asks, even from a short list', () => {
    expect(riskyShrink(list(1, 2), list(1))).toBeNull()
    expect(riskyShrink(list(1), [])).toBeNull()
    expect(riskyShrink(list(...range(1, 241)), list(...range(2, 241)))).toBeNull()
  })

  it('more than 3 dropped asks, however long the list', () => {
    const long = range(1, 241)
    expect(riskyShrink(list(...long), list(...long.slice(3)))).toBeNull()
    expect(riskyShrink(list(...long), list(...long.slice(4)))).toEqual({
      before: 240,
      after: 236,
      dropped: 4,
    })
  })

  it('under 80% of the newest with more than one dropped asks', () => {
    expect(isMuchShorter({ before: 5, after: 3, dropped: 2 })).toBe(true)
    expect(isMuchShorter({ before: 10, after: 8, dropped: 2 })).toBe(false)
    // Swapping people keeps the length: only the dropped count speaks.
    expect(isMuchShorter({ before: 5, after: 5, dropped: 2 })).toBe(false)
  })

  it('an empty list replacing one of 240 asks', () => {
    expect(riskyShrink(list(...range(1, 241)), [])).toEqual({ before: 240, after: 0, dropped: 240 })
  })

  it('says the numbers', () => {
    expect(peopleCount(1)).toBe('1 person')
    expect(peopleCount(0)).toBe('0 people')
    expect(shrinkQuestion({ before: 240, after: 12, dropped: 228 })).toBe(
      'This would leave you following 12 people instead of 240: 228 of the people in your newest list would be dropped, on every relay.',
    )
  })
})

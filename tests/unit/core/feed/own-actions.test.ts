import { describe, expect, it } from 'vitest'
import { viewerSide } from '../../../../src/core/feed/own-actions.ts'

const hex = (c: string) => c.repeat(64)

describe('viewerSide', () => {
  const people = [hex('a'), hex('b')]

  it('the relays say the viewer did it: done, counted once', () => {
    expect(viewerSide(people, hex('a'), false)).toEqual({ done: true, count: 2 })
    expect(viewerSide(people, hex('a'), true)).toEqual({ done: true, count: 2 })
  })

  it('done here and not on the relays yet: done, and counted', () => {
    expect(viewerSide(people, hex('c'), true)).toEqual({ done: true, count: 3 })
    expect(viewerSide(undefined, hex('c'), true)).toEqual({ done: true, count: 1 })
  })

  it("not done, or nobody logged in: the relays' count", () => {
    expect(viewerSide(people, hex('c'), false)).toEqual({ done: false, count: 2 })
    expect(viewerSide(people, null, false)).toEqual({ done: false, count: 2 })
    expect(viewerSide(undefined, null, false)).toEqual({ done: false, count: 0 })
  })
})

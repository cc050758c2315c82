import { describe, expect, it } from 'vitest'
import { boundedSet } from '../../../../src/core/platform/bounded-set.ts'

describe('boundedSet', () => {
  it('keeps the newest members only, forgetting the oldest first', () => {
    const set = boundedSet(3)
    for (const value of ['a', 'b', 'c', 'd']) set.add(value)
    expect(set.size).toBe(3)
    expect(set.has('a')).toBe(false)
    expect(['b', 'c', 'd'].every((value) => set.has(value))).toBe(true)
  })

  it('does not count a member added twice', () => {
    const set = boundedSet(2)
    set.add('a')
    set.add('a')
    set.add('b')
    expect(set.has('a')).toBe(true)
    expect(set.size).toBe(2)
  })
})

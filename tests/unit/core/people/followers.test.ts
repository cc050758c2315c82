import { describe, expect, it } from 'vitest'
import { followersCountText, followersOf } from '../../../../src/core/people/followers.ts'

const ME = 'e'.repeat(64)
const A = 'a'.repeat(64)
const B = 'b'.repeat(64)
const C = 'c'.repeat(64)

const list = (
  pubkey: string,
  createdAt: number,
  follows: string[],
  id = `${pubkey}${createdAt}`,
) => ({
  id,
  kind: 3,
  pubkey,
  created_at: createdAt,
  tags: follows.map((p) => ['p', p]),
})

describe('followersOf (kind 3 events tagging them, distinct authors)', () => {
  it('gives each author once, newest list first', () => {
    const events = [list(A, 10, [ME]), list(B, 30, [ME, C]), list(A, 5, [ME])]
    expect(followersOf(ME, events, 500)).toEqual({ pubkeys: [B, A], capped: false })
  })

  it("goes by each author's newest list: one that no longer names them does not count", () => {
    const events = [list(A, 10, [ME]), list(A, 20, [C]), list(B, 5, [ME])]
    expect(followersOf(ME, events, 500).pubkeys).toEqual([B])
  })

  it('ignores other kinds, lists that do not name them and their own list', () => {
    const reaction = { ...list(C, 50, [ME]), kind: 7 }
    const events = [reaction, list(B, 10, [C]), list(ME, 40, [ME])]
    expect(followersOf(ME, events, 500).pubkeys).toEqual([])
  })

  it('is capped when the relays sent as many events as asked for', () => {
    const events = [list(A, 1, [ME]), list(B, 2, [ME])]
    expect(followersOf(ME, events, 2).capped).toBe(true)
    expect(followersOf(ME, events, 3).capped).toBe(false)
  })

  it('words the count, with "at least" when capped', () => {
    expect(followersCountText({ pubkeys: [A], capped: false })).toBe('1 follower')
    expect(followersCountText({ pubkeys: [A, B], capped: false })).toBe('2 followers')
    expect(followersCountText({ pubkeys: [], capped: false })).toBe('0 followers')
    expect(followersCountText({ pubkeys: [A, B], capped: true })).toBe('at least 2 followers')
  })
})

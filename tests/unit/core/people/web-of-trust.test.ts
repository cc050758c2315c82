import { describe, expect, it } from 'vitest'
import {
  authorBatches,
  followListsFilter,
  followListsOf,
  isOutside,
  outsideLabel,
  sameFollows,
  TRUST_BATCH_AUTHORS,
  TRUST_LIST_CAP,
  trustedSet,
} from '../../../../src/core/people/web-of-trust.ts'

const key = (n: number) => n.toString(16).padStart(64, '0')
const USER = key(1)
const [A, B, C, D, STRANGER] = [key(10), key(11), key(12), key(13), key(99)]

const contactList = (pubkey: string, created_at: number, follows: string[], kind = 3) => ({
  pubkey,
  kind,
  created_at,
  tags: follows.map((p) => ['p', p]),
})

describe('trustedSet', () => {
  it('holds the user, their follows and their follows’ follows', () => {
    const trusted = trustedSet(USER, [A, B], [[C], [D, A]])
    expect([...trusted].sort()).toEqual([USER, A, B, C, D].sort())
    expect(trusted.has(STRANGER)).toBe(false)
  })

  it('holds the user and their follows before any list arrived', () => {
    const trusted = trustedSet(USER, [A], [])
    expect([...trusted].sort()).toEqual([USER, A].sort())
  })

  it('holds the user alone when they follow nobody', () => {
    expect([...trustedSet(USER, [], [])]).toEqual([USER])
  })
})

describe('isOutside', () => {
  it('folds nobody while the web of trust is off or not known', () => {
    expect(isOutside(null, STRANGER)).toBe(false)
  })

  it('folds those the set does not hold, never the user or a follow', () => {
    const trusted = trustedSet(USER, [A], [[C]])
    expect(isOutside(trusted, STRANGER)).toBe(true)
    expect(isOutside(trusted, USER)).toBe(false)
    expect(isOutside(trusted, A)).toBe(false)
    expect(isOutside(trusted, C)).toBe(false)
  })
})

describe('authorBatches and followListsFilter', () => {
  it('split the follows into filters of at most 250 authors, each author’s newest kind 3', () => {
    const follows = Array.from({ length: 601 }, (_, n) => key(1000 + n))
    const batches = authorBatches(follows)
    expect(TRUST_BATCH_AUTHORS).toBe(250)
    expect(batches.map((batch) => batch.length)).toEqual([250, 250, 101])
    expect(batches.flat()).toEqual(follows)
    expect(followListsFilter(batches[2]!)).toEqual({ kinds: [3], authors: batches[2], limit: 101 })
  })

  it('ask nothing for no follows', () => {
    expect(authorBatches([])).toEqual([])
  })
})

describe('followListsOf', () => {
  it('takes each asked author’s newest kind 3, and nothing from others or other kinds', () => {
    const lists = followListsOf(
      [
        contactList(A, 10, [C]),
        contactList(A, 20, [D]),
        contactList(A, 15, [STRANGER]),
        contactList(B, 5, [C], 10000),
        contactList(STRANGER, 30, [C]),
      ],
      [A, B],
    )
    expect([...lists]).toEqual([[A, [D]]])
  })

  it('counts the first 2,000 of a list: a hostile one near the frame cap lets no more in', () => {
    const long = Array.from({ length: 7500 }, (_, i) => key(1000 + i))
    const lists = followListsOf([contactList(A, 10, long)], [A])
    expect(TRUST_LIST_CAP).toBe(2000)
    expect(lists.get(A)).toEqual(long.slice(0, 2000))
  })
})

describe('sameFollows', () => {
  it('compares the people and their order, not the array', () => {
    expect(sameFollows([A, B], [A, B])).toBe(true)
    expect(sameFollows([A, B], [B, A])).toBe(false)
    expect(sameFollows([A], null)).toBe(false)
    expect(sameFollows(null, null)).toBe(true)
  })
})

describe('outsideLabel', () => {
  it('counts what the line stands for', () => {
    expect(outsideLabel(1, 'reply')).toBe('1 reply hidden from outside your network')
    expect(outsideLabel(3, 'reply')).toBe('3 replies hidden from outside your network')
    expect(outsideLabel(1, 'notification')).toBe('1 notification hidden from outside your network')
    expect(outsideLabel(2, 'notification')).toBe('2 notifications hidden from outside your network')
  })
})

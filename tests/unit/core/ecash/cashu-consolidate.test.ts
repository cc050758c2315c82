import { describe, expect, it } from 'vitest'
import { dropSpent } from '../../../../src/core/ecash/cashu-consolidate.ts'
import {
  addProofs,
  emptyBook,
  reserve,
  type StoredProof,
} from '../../../../src/core/ecash/cashu-proof-book.ts'

const proof = (secret: string, amount: number): StoredProof => ({
  id: '00abc',
  amount,
  secret,
  C: `02${secret}`,
})

describe('dropSpent', () => {
  it('deletes the available proofs at the mint the mint reports spent, nothing else', () => {
    let book = addProofs(
      emptyBook(),
      'https://a',
      [proof('a1', 1), proof('a2', 2), proof('a3', 4)],
      1,
    )
    book = addProofs(book, 'https://b', [proof('b1', 8)], 1)
    book = reserve(book, { opId: 'op', kind: 'melt', mint: 'https://a', secrets: ['a3'] }, 2)
    const spent = new Set(['a1', 'a3', 'b1'])
    const after = dropSpent(book, 'https://a', (s) => (spent.has(s) ? 'SPENT' : 'UNSPENT'), 3)
    expect(after.entries.map((e) => [e.proof.secret, e.state, e.timestamp])).toEqual([
      ['a1', 'deleted', 3],
      ['a2', 'available', 1],
      // Reserved: its operation's reservation settles it.
      ['a3', 'reserved', 2],
      // Another mint's proof is not this consolidation's.
      ['b1', 'available', 1],
    ])
    expect(after.journal).toEqual(book.journal)
  })

  it('keeps proofs whose state is pending or unknown', () => {
    const book = addProofs(emptyBook(), 'https://a', [proof('p', 1), proof('u', 2)], 1)
    const after = dropSpent(book, 'https://a', (s) => (s === 'p' ? 'PENDING' : undefined), 2)
    expect(after.entries.every((e) => e.state === 'available')).toBe(true)
  })
})

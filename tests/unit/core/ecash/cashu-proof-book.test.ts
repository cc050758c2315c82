import { describe, expect, it } from 'vitest'
import {
  addProofs,
  balance,
  commit,
  emptyBook,
  inBatches,
  PROOF_BOOK_ERRORS,
  type ProofBook,
  proofsIn,
  release,
  reserve,
  type StoredProof,
  settle,
  toStoredProof,
  unbackedSats,
} from '../../../../src/core/ecash/cashu-proof-book.ts'

const MINT = 'http://127.0.0.1:3338'
const proof = (secret: string, amount: number): StoredProof => ({
  id: '00aa',
  amount,
  secret,
  C: '02',
})
const T0 = 1000

function booked(): ProofBook {
  return addProofs(emptyBook(), MINT, [proof('a', 8), proof('b', 4), proof('c', 2)], T0)
}

const states = (book: ProofBook) =>
  Object.fromEntries(book.entries.map((e) => [e.proof.secret, e.state]))

describe('local proof book', () => {
  it('adds proofs as available, once', () => {
    const book = addProofs(booked(), MINT, [proof('a', 8), proof('d', 1)], T0)
    expect(states(book)).toEqual({ a: 'available', b: 'available', c: 'available', d: 'available' })
    expect(balance(book)).toBe(15)
    expect(balance(book, 'http://other')).toBe(0)
  })

  it('reserves for one operation and journals it; reserved proofs leave the balance', () => {
    const book = reserve(
      booked(),
      { opId: 'op1', kind: 'send', mint: MINT, secrets: ['a', 'b'] },
      2000,
    )
    expect(states(book)).toEqual({ a: 'reserved', b: 'reserved', c: 'available' })
    expect(book.journal).toEqual([
      { opId: 'op1', kind: 'send', mint: MINT, secrets: ['a', 'b'], startedAt: 2000 },
    ])
    expect(balance(book)).toBe(2)
    expect(() =>
      reserve(book, { opId: 'op2', kind: 'melt', mint: MINT, secrets: ['b'] }, 2000),
    ).toThrow(PROOF_BOOK_ERRORS.unavailable)
    expect(() =>
      reserve(book, { opId: 'op1', kind: 'melt', mint: MINT, secrets: ['c'] }, 2000),
    ).toThrow('Operation op1 is already running')
    expect(() =>
      reserve(booked(), { opId: 'x', kind: 'send', mint: 'http://other', secrets: ['c'] }, 1),
    ).toThrow(PROOF_BOOK_ERRORS.unavailable)
  })

  it('on success deletes the spent inputs, returns the unused ones and adds the change', () => {
    const reserved = reserve(
      booked(),
      { opId: 'op1', kind: 'melt', mint: MINT, secrets: ['a', 'b'] },
      2000,
    )
    const book = commit(reserved, 'op1', ['a'], [proof('e', 1)], 3000)
    expect(states(book)).toEqual({ a: 'deleted', b: 'available', c: 'available', e: 'available' })
    expect(book.journal).toEqual([])
    expect(balance(book)).toBe(7)
    expect(proofsIn(book, 'deleted').map((p) => p.secret)).toEqual(['a'])
  })

  it("commits only the operation's own reservation: spent secrets outside it (available, or another operation's) are left as they were", () => {
    const book = addProofs(booked(), MINT, [proof('d', 1)], T0)
    const op1 = reserve(book, { opId: 'op1', kind: 'melt', mint: MINT, secrets: ['a'] }, 2000)
    const both = reserve(op1, { opId: 'op2', kind: 'send', mint: MINT, secrets: ['b'] }, 2000)
    // The operation's result names more than it reserved: b (op2's) and c, d (available).
    const committed = commit(both, 'op1', ['a', 'b', 'c'], [], 3000)
    expect(states(committed)).toEqual({
      a: 'deleted',
      b: 'reserved',
      c: 'available',
      d: 'available',
    })
    expect(committed.journal.map((j) => j.opId)).toEqual(['op2'])
    const untouched = (secret: string) => committed.entries.find((e) => e.proof.secret === secret)
    expect(untouched('b')?.timestamp).toBe(2000)
    expect(untouched('c')?.timestamp).toBe(T0)
    expect(untouched('d')?.timestamp).toBe(T0)
    expect(balance(committed)).toBe(2 + 1)
    // An operation with no reservation commits nothing.
    const stray = commit(book, 'none', ['a', 'b'], [], 3000)
    expect(states(stray)).toEqual(states(book))
  })

  it('on a refusal returns every reserved proof', () => {
    const reserved = reserve(
      booked(),
      { opId: 'op1', kind: 'send', mint: MINT, secrets: ['a', 'c'] },
      2000,
    )
    const book = release(reserved, 'op1', 3000)
    expect(states(book)).toEqual(states(booked()))
    expect(book.journal).toEqual([])
    expect(balance(book)).toBe(14)
  })

  it('settles from checkstate: spent deleted, unspent returned, pending kept with its journal', () => {
    const reserved = reserve(
      booked(),
      { opId: 'op1', kind: 'melt', mint: MINT, secrets: ['a', 'b', 'c'] },
      2000,
    )
    const mint = { a: 'SPENT', b: 'UNSPENT', c: 'PENDING' } as const
    const partly = settle(reserved, 'op1', (s) => mint[s as keyof typeof mint], 3000)
    expect(states(partly)).toEqual({ a: 'deleted', b: 'available', c: 'reserved' })
    expect(partly.journal.map((j) => j.opId)).toEqual(['op1'])
    const done = settle(partly, 'op1', () => 'SPENT', 4000)
    expect(states(done)).toEqual({ a: 'deleted', b: 'available', c: 'deleted' })
    expect(done.journal).toEqual([])
  })

  it('stores cashu-ts proofs as plain JSON: amount a number, witness a string', () => {
    const fromWallet = {
      id: '00aa',
      amount: { toNumber: () => 8 },
      secret: 's',
      C: '02',
      dleq: { e: 'e', s: 's', r: 'r' },
      witness: { signatures: ['sig'] },
    }
    const stored = toStoredProof(fromWallet)
    expect(stored).toEqual({
      id: '00aa',
      amount: 8,
      secret: 's',
      C: '02',
      dleq: { e: 'e', s: 's', r: 'r' },
      witness: '{"signatures":["sig"]}',
    })
    expect(JSON.parse(JSON.stringify(stored))).toEqual(stored)
    expect(toStoredProof({ id: 'x', amount: 1, secret: 't', C: '03' })).toEqual({
      id: 'x',
      amount: 1,
      secret: 't',
      C: '03',
    })
  })

  it('cuts lists into batches of 100 for checkstate', () => {
    const items = Array.from({ length: 250 }, (_, i) => i)
    expect(inBatches(items, 100).map((b) => b.length)).toEqual([100, 100, 50])
    expect(inBatches([], 100)).toEqual([])
  })
})

describe('unbackedSats (what Clear Everything must not delete)', () => {
  it('counts unspent proofs without a NIP-60 token event and open operations', () => {
    expect(unbackedSats(emptyBook())).toEqual({ sats: 0, openOperations: 0 })
    expect(unbackedSats(booked())).toEqual({ sats: 14, openOperations: 0 })
    const reserved = reserve(booked(), { opId: 'op1', kind: 'send', mint: MINT, secrets: ['a'] }, 2)
    expect(unbackedSats(reserved)).toEqual({ sats: 14, openOperations: 1 })
    const backedUp: ProofBook = {
      ...booked(),
      entries: booked().entries.map((entry) => ({ ...entry, tokenId: 'ev1' })),
    }
    expect(unbackedSats(backedUp)).toEqual({ sats: 0, openOperations: 0 })
    const spent: ProofBook = {
      ...booked(),
      entries: booked().entries.map((entry) => ({ ...entry, state: 'deleted' as const })),
    }
    expect(unbackedSats(spent).sats).toBe(0)
  })
})

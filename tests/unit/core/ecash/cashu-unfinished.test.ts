import { describe, expect, it } from 'vitest'
import { emptyRecord, type WalletRecord } from '../../../../src/actors/ecash/cashu-store.ts'
import { emptyBook } from '../../../../src/core/ecash/cashu-proof-book.ts'
import { unfinishedOperations } from '../../../../src/core/ecash/cashu-unfinished.ts'

const M = 'https://mint.example'

describe('unfinished operations of a wallet record', () => {
  it('none in an empty record', () => {
    expect(unfinishedOperations({ book: emptyBook(), opCounters: {}, quotes: [] })).toEqual([])
    // It reads the wallet record as stored (actors/ecash/cashu-store.ts).
    const record: WalletRecord = emptyRecord()
    expect(unfinishedOperations(record)).toEqual([])
  })

  it('lists open reservations, noted counters and deposit quotes, each once', () => {
    const book = {
      entries: [],
      journal: [{ opId: 'op-1', kind: 'melt' as const, mint: M, secrets: ['s'], startedAt: 1 }],
    }
    const opCounters = {
      // The melt's own counters: listed once, as the melt.
      'op-1': { mint: M, operation: 'melt' },
      'receive:r1': { mint: M, operation: 'receive' },
      'deposit:q1': { mint: M },
      'deposit:q-gone': { mint: M },
      'op-2': { mint: M, operation: 'send' },
      'op-3': { mint: M },
    }
    const quotes = [{ quote: 'q1', mint: M }]
    expect(unfinishedOperations({ book, opCounters, quotes })).toEqual([
      { id: 'op-1', kind: 'melt', mint: M },
      { id: 'receive:r1', kind: 'receive', mint: M },
      { id: 'deposit:q-gone', kind: 'deposit', mint: M },
      { id: 'op-2', kind: 'send', mint: M },
      { id: 'op-3', kind: 'recovery', mint: M },
      { id: 'q1', kind: 'deposit', mint: M },
    ])
  })
})

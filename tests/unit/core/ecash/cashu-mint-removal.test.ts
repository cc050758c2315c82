import { describe, expect, it } from 'vitest'
import { removalRefusal, runningDeposits } from '../../../../src/core/ecash/cashu-mint-info.ts'

const MINT = 'https://mint.example.com'
const deposits = [
  { mint: MINT, outcome: null },
  { mint: MINT, outcome: 'minted' },
  { mint: MINT, outcome: 'cancelled' },
  { mint: 'https://other.example.com', outcome: null },
  { mint: MINT, outcome: null },
]

describe('runningDeposits', () => {
  it("counts the mint's deposits that have no outcome yet", () => {
    expect(runningDeposits(deposits, MINT)).toBe(2)
    expect(runningDeposits(deposits, 'https://other.example.com')).toBe(1)
    expect(runningDeposits([], MINT)).toBe(0)
  })

  it('makes a mint with a deposit under way refused for removal, with the reason', () => {
    const operations = runningDeposits(deposits, MINT)
    expect(removalRefusal({ known: true, balance: 0, operations })).toBe(
      'An operation with this mint is still running: wait for it to finish',
    )
    expect(removalRefusal({ known: true, balance: 21, operations })).toBe(
      'This mint still holds 21 sats: send or pay them out first',
    )
    expect(
      removalRefusal({ known: true, balance: 0, operations: runningDeposits([], MINT) }),
    ).toBeNull()
  })
})

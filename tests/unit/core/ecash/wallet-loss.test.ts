import { describe, expect, it } from 'vitest'
import {
  clearRefusal,
  nothingAtRisk,
  type WalletAtRisk,
  whatWouldBeLost,
} from '../../../../src/core/ecash/wallet-loss.ts'

const risk = (part: Partial<WalletAtRisk>): WalletAtRisk => ({ ...nothingAtRisk(), ...part })

describe('whatWouldBeLost (Clear Everything refuses while something exists only here)', () => {
  it('says nothing when nothing is at risk: clearing may go ahead', () => {
    expect(whatWouldBeLost(nothingAtRisk())).toEqual([])
    expect(clearRefusal(nothingAtRisk())).toBeNull()
  })

  it('names sats not backed up to relays', () => {
    expect(clearRefusal(risk({ unbackedSats: 40 }))).toBe(
      'Your ecash wallet holds 40 sats that are not backed up to relays: clearing would lose them. Send or pay them out first.',
    )
  })

  it('names deposits paid and not yet minted, one or several', () => {
    expect(clearRefusal(risk({ paidDeposits: [100] }))).toBe(
      '1 paid deposit (100 sats) is not minted yet: open the wallet and let it finish first.',
    )
    expect(clearRefusal(risk({ paidDeposits: [100, 21] }))).toBe(
      '2 paid deposits (121 sats) are not minted yet: open the wallet and let them finish first.',
    )
  })

  it('names deposits the mint could not be asked about', () => {
    expect(clearRefusal(risk({ uncheckedDeposits: 1 }))).toBe(
      '1 deposit could not be checked with the mint: if paid, clearing would lose the sats. Try again when the mint answers.',
    )
    expect(clearRefusal(risk({ uncheckedDeposits: 3 }))).toMatch(/^3 deposits could not/)
  })

  it('names sent tokens not yet claimed', () => {
    expect(clearRefusal(risk({ unclaimedSends: [8] }))).toBe(
      '1 sent token (8 sats) is not claimed yet: clearing would lose the only copy. Wait until claimed, or receive it back.',
    )
    expect(clearRefusal(risk({ unclaimedSends: [8, 2] }))).toBe(
      '2 sent tokens (10 sats) are not claimed yet: clearing would lose the only copy. Wait until claimed, or receive them back.',
    )
  })

  it('names sent tokens the mint could not be asked about', () => {
    expect(clearRefusal(risk({ uncheckedSends: 2 }))).toBe(
      '2 sent tokens could not be checked with the mint: if unclaimed, clearing would lose the only copy. Try again when the mint answers.',
    )
  })

  it('names receives in progress', () => {
    expect(clearRefusal(risk({ unfinishedReceives: 1 }))).toBe(
      '1 receive is still in progress: open the wallet and let it finish first.',
    )
    expect(clearRefusal(risk({ unfinishedReceives: 2 }))).toBe(
      '2 receives are still in progress: open the wallet and let them finish first.',
    )
  })

  it('names an operation still settling, unless the unbacked sats already say the wallet is busy', () => {
    expect(clearRefusal(risk({ openOperations: 1 }))).toBe(
      'Your ecash wallet has an operation still settling: open the wallet and let it finish first.',
    )
    expect(whatWouldBeLost(risk({ openOperations: 1, unbackedSats: 5 }))).toHaveLength(1)
  })

  it('names a recovery phrase not confirmed as written down (a confirmed one restores the wallet)', () => {
    expect(clearRefusal(risk({ phraseUnconfirmed: true }))).toBe(
      'Your wallet recovery phrase is only on this device and not confirmed as written down: open the wallet and write it down first.',
    )
  })

  it('says every loss at once, most valuable first', () => {
    const lost = whatWouldBeLost(
      risk({
        unbackedSats: 1,
        paidDeposits: [2],
        uncheckedDeposits: 1,
        unclaimedSends: [3],
        uncheckedSends: 1,
        unfinishedReceives: 1,
        phraseUnconfirmed: true,
      }),
    )
    expect(lost.map((sentence) => sentence.split(' ').slice(0, 3).join(' '))).toEqual([
      'Your ecash wallet',
      '1 paid deposit',
      '1 deposit could',
      '1 sent token',
      '1 sent token',
      '1 receive is',
      'Your wallet recovery',
    ])
  })
})

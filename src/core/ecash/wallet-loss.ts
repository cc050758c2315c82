/**
 * What Clear Everything would lose for good (spec §4, clear all caches; README decision: no
 * ecash is deleted that exists only here). Pure: the actor gathers the facts (the wallet
 * records, the mints' answers) and this says, in the user's words, what would be lost.
 */

export interface WalletAtRisk {
  /** Sats in proofs no relay has been seen to hold (NIP-60 token events read back). */
  unbackedSats: number
  /** Operations still open in the proof book's journal. */
  openOperations: number
  /** Amounts of deposits the mint reports paid and not yet issued (NUT-04 PAID). */
  paidDeposits: readonly number[]
  /** Deposits the mint could not be asked about: paid or not, nobody knows. */
  uncheckedDeposits: number
  /** Amounts of sent tokens the mint reports not yet spent (NUT-07 UNSPENT or PENDING). */
  unclaimedSends: readonly number[]
  /** Sent tokens the mint could not be asked about. */
  uncheckedSends: number
  /** Receives (swaps of a received token) started and not finished. */
  unfinishedReceives: number
  /**
   * A recovery phrase the user has not confirmed writing down. Once confirmed, deleting the
   * device's copy loses nothing: the phrase restores the wallet (NUT-13).
   */
  phraseUnconfirmed: boolean
}

export const nothingAtRisk = (): WalletAtRisk => ({
  unbackedSats: 0,
  openOperations: 0,
  paidDeposits: [],
  uncheckedDeposits: 0,
  unclaimedSends: [],
  uncheckedSends: 0,
  unfinishedReceives: 0,
  phraseUnconfirmed: false,
})

const sum = (amounts: readonly number[]) => amounts.reduce((total, n) => total + n, 0)
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** One sentence per kind of loss, most valuable first; empty when clearing loses nothing. */
export function whatWouldBeLost(risk: WalletAtRisk): string[] {
  const lost: string[] = []
  if (risk.unbackedSats > 0) {
    lost.push(
      `Your ecash wallet holds ${risk.unbackedSats} sats that are not backed up to relays: clearing would lose them. Send or pay them out first.`,
    )
  }
  if (risk.paidDeposits.length > 0) {
    const n = risk.paidDeposits.length
    lost.push(
      `${count(n, 'paid deposit', 'paid deposits')} (${sum(risk.paidDeposits)} sats) ${n === 1 ? 'is' : 'are'} not minted yet: open the wallet and let ${n === 1 ? 'it' : 'them'} finish first.`,
    )
  }
  if (risk.uncheckedDeposits > 0) {
    lost.push(
      `${count(risk.uncheckedDeposits, 'deposit', 'deposits')} could not be checked with the mint: if paid, clearing would lose the sats. Try again when the mint answers.`,
    )
  }
  if (risk.unclaimedSends.length > 0) {
    const n = risk.unclaimedSends.length
    lost.push(
      `${count(n, 'sent token', 'sent tokens')} (${sum(risk.unclaimedSends)} sats) ${n === 1 ? 'is' : 'are'} not claimed yet: clearing would lose the only copy. Wait until claimed, or receive ${n === 1 ? 'it' : 'them'} back.`,
    )
  }
  if (risk.uncheckedSends > 0) {
    lost.push(
      `${count(risk.uncheckedSends, 'sent token', 'sent tokens')} could not be checked with the mint: if unclaimed, clearing would lose the only copy. Try again when the mint answers.`,
    )
  }
  if (risk.unfinishedReceives > 0) {
    lost.push(
      `${count(risk.unfinishedReceives, 'receive is', 'receives are')} still in progress: open the wallet and let ${risk.unfinishedReceives === 1 ? 'it' : 'them'} finish first.`,
    )
  }
  if (risk.openOperations > 0 && risk.unbackedSats === 0) {
    lost.push(
      'Your ecash wallet has an operation still settling: open the wallet and let it finish first.',
    )
  }
  if (risk.phraseUnconfirmed) {
    lost.push(
      'Your wallet recovery phrase is only on this device and not confirmed as written down: open the wallet and write it down first.',
    )
  }
  return lost
}

/** Why Clear Everything must not run now, or null when nothing would be lost. */
export function clearRefusal(risk: WalletAtRisk): string | null {
  const lost = whatWouldBeLost(risk)
  return lost.length > 0 ? lost.join(' ') : null
}

/**
 * Said before a new wallet replaces the one on the user's relays (NIP-60's wallet event holds the
 * key nutzaps are locked to, NIP-61): the token events stay, that key does not.
 */
export const REPLACE_RELAY_WALLET_NOTE =
  "A new wallet replaces the one on your relays: the sats there stay for a later restore, but nutzaps locked to that wallet's key could no longer be redeemed."

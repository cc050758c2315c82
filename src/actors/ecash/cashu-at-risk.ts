/**
 * The facts Clear Everything weighs (core/ecash/wallet-loss.ts), read from the wallet database
 * as stored (every account's record and seed) and, where only the mint knows, asked of it: is a
 * deposit quote paid and not yet issued (NUT-04), is a sent token still unspent (NUT-07)?
 * A mint that does not answer in time leaves the item "unchecked", which refuses too.
 */
import { Mint, Wallet } from '@cashu/cashu-ts'
import { withMintTimeout } from '../../core/ecash/cashu-mint.ts'
import { unbackedSats } from '../../core/ecash/cashu-proof-book.ts'
import { unfinishedOperations } from '../../core/ecash/cashu-unfinished.ts'
import { nothingAtRisk, type WalletAtRisk } from '../../core/ecash/wallet-loss.ts'
import type { QuoteState } from '../../machines/deposit.machine.ts'
import { UNIT } from './cashu-mint-loader.ts'
import type { SeedRecord, WalletRecord } from './cashu-store.ts'

/** What only a mint can say. */
export interface MintQuestions {
  quoteState(mint: string, quote: string): Promise<QuoteState>
  /** NUT-07 states of proofs by secret, in order. */
  proofStates(mint: string, secrets: readonly string[]): Promise<string[]>
}

/** Asks the mints themselves, each question bounded by the mint timeout. */
export const askMints = (timeoutMs?: number): MintQuestions => ({
  quoteState: async (mint, quote) =>
    (await withMintTimeout(new Mint(mint).checkMintQuoteBolt11(quote), timeoutMs)).state,
  proofStates: async (mint, secrets) => {
    const wallet = new Wallet(mint, { unit: UNIT })
    const states = await withMintTimeout(
      wallet.checkProofsStates(secrets.map((secret) => ({ secret }))),
      timeoutMs,
    )
    return states.map((s) => s.state)
  },
})

const isWallet = (value: unknown): value is Partial<WalletRecord> =>
  typeof value === 'object' && value !== null && 'book' in value
const isUnconfirmedSeed = (value: unknown): value is SeedRecord =>
  typeof value === 'object' && value !== null && (value as SeedRecord).unconfirmed === true

/** The values of the wallet database's store, whatever account they belong to. */
export async function walletAtRisk(
  stored: readonly unknown[],
  mints: MintQuestions,
): Promise<WalletAtRisk> {
  const risk = { ...nothingAtRisk(), paidDeposits: [] as number[], unclaimedSends: [] as number[] }
  for (const value of stored) {
    if (isUnconfirmedSeed(value)) risk.phraseUnconfirmed = true
    if (!isWallet(value)) continue
    if (value.book) {
      const unbacked = unbackedSats(value.book)
      risk.unbackedSats += unbacked.sats
      risk.openOperations += unbacked.openOperations
    }
    // Unfinished work with the mint (noted counters not yet forgotten, NUT-09): receives are
    // named; a send's or a payment's recovery counts as an operation still settling. Journal
    // entries are counted above and deposit quotes below.
    const journal = new Set(value.book?.journal.map((entry) => entry.opId))
    const quoted = new Set(value.quotes?.map((quote) => quote.quote))
    const unfinished = unfinishedOperations({
      book: value.book ?? { entries: [], journal: [] },
      opCounters: value.opCounters ?? {},
      quotes: value.quotes ?? [],
    }).filter((op) => !journal.has(op.id) && !(op.kind === 'deposit' && quoted.has(op.id)))
    const receives = unfinished.filter((op) => op.kind === 'receive').length
    risk.unfinishedReceives += receives
    risk.openOperations += unfinished.length - receives
    for (const quote of value.quotes ?? []) {
      try {
        if ((await mints.quoteState(quote.mint, quote.quote)) === 'PAID') {
          risk.paidDeposits.push(quote.amount)
        }
      } catch {
        risk.uncheckedDeposits += 1
      }
    }
    // A nutzap is locked to its recipient: the sender could not take it back anyway.
    const sends = (value.history ?? []).filter(
      (entry) => entry.kind === 'send' && entry.token && !entry.nutzap && entry.secrets?.length,
    )
    // One question per mint for all its sent tokens (cashu-ts asks 100 proofs at a time).
    for (const mint of new Set(sends.map((send) => send.mint))) {
      const ofMint = sends.filter((send) => send.mint === mint)
      try {
        const secrets = ofMint.flatMap((send) => send.secrets ?? [])
        const states = await mints.proofStates(mint, secrets)
        const stateOf = new Map(secrets.map((secret, i) => [secret, states[i]]))
        for (const send of ofMint) {
          if (send.secrets?.some((secret) => stateOf.get(secret) !== 'SPENT')) {
            risk.unclaimedSends.push(send.amount)
          }
        }
      } catch {
        risk.uncheckedSends += ofMint.length
      }
    }
  }
  return risk
}

/**
 * Paying a Lightning invoice with ecash (spec §4 melt, §5, §8 payment, §9): the invoice must
 * name an amount; the mint holding the most that covers it plus 3 sats pays; its melt quote
 * gives the fee reserve; the proofs for amount plus reserve are reserved through the proof
 * reservation machine and melted, the unused reserve coming back as change. A payment the mint
 * reports pending keeps its proofs reserved until checkstate settles them. A melt the mint
 * refuses as 'already spent' (the wallet's book was behind: another device spent some of its
 * proofs) schedules a consolidation 2500 ms later: every available proof at that mint is checked
 * and the spent ones deleted; the error still reaches the caller, since nothing was paid.
 */
import type { MeltQuoteBolt11Response } from '@cashu/cashu-ts'
import { createActor } from 'xstate'
import { dropSpent } from '../../core/ecash/cashu-consolidate.ts'
import { CASHU } from '../../core/ecash/cashu-constants.ts'
import { operationFailure } from '../../core/ecash/cashu-errors.ts'
import { MINT_ERRORS } from '../../core/ecash/cashu-mint.ts'
import { invoiceAmountSats, mintForPayment } from '../../core/ecash/cashu-pay.ts'
import {
  balance,
  inBatches,
  type MintProofState,
  proofsIn,
  toStoredProof,
} from '../../core/ecash/cashu-proof-book.ts'
import type { TransferDeps } from './cashu-transfer.ts'
import { reservationLogic } from './proof-reservation.effects.ts'

export const MELT_ERRORS = {
  noMint: 'No mint has enough balance to pay this invoice',
  pending: 'The payment is pending at the mint: its ecash stays reserved until it settles',
} as const

/** Spec §8: the wait before an 'already spent' failure's consolidation. */
export const CONSOLIDATE_DELAY_MS = 2500

export interface PaymentQuote {
  id: string
  mint: string
  invoice: string
  amount: number
  feeReserve: number
}

/** Quotes a payment from the best funded mint (the quote itself is kept for `payQuote`). */
export async function quotePayment(
  deps: TransferDeps,
  invoice: string,
): Promise<{ view: PaymentQuote; quote: MeltQuoteBolt11Response }> {
  const text = invoice.trim().replace(/^lightning:/i, '')
  const amount = invoiceAmountSats(text)
  const { book, mints } = await deps.store.read(deps.pubkey)
  const balances = Object.fromEntries(mints.map((m) => [m.url, balance(book, m.url)]))
  const mint = mintForPayment(balances, amount)
  if (!mint) throw new Error(MELT_ERRORS.noMint)
  const wallet = await deps.walletOf(mint)
  const quote = await wallet.createMeltQuoteBolt11(text)
  return {
    quote,
    view: {
      id: quote.quote,
      mint,
      invoice: text,
      amount: quote.amount.toNumber(),
      feeReserve: quote.fee_reserve.toNumber(),
    },
  }
}

/** Pays a quoted invoice; resolves with the fee paid (inputs less amount and change). */
export async function payQuote(
  deps: TransferDeps,
  view: PaymentQuote,
  quote: MeltQuoteBolt11Response,
): Promise<{ amount: number; fee: number }> {
  const { store, pubkey, now } = deps
  const wallet = await deps.walletOf(view.mint)
  const available = proofsIn((await store.read(pubkey)).book, 'available', view.mint)
  const needed = quote.amount.add(quote.fee_reserve)
  const { send: picked } = wallet.selectProofsToSend(available, needed, true)
  if (picked.length === 0) throw new Error(MINT_ERRORS.notEnough)
  const opId = deps.newId()
  let fee = 0
  const logic = reservationLogic(deps, async (w, reserved) => {
    const { quote: after, change } = await w.meltProofsBolt11(quote, reserved)
    if (after.state !== 'PAID') throw new Error(MELT_ERRORS.pending)
    const kept = change.map(toStoredProof)
    const spent = reserved.reduce((sum, p) => sum + p.amount, 0)
    fee = spent - view.amount - kept.reduce((sum, p) => sum + p.amount, 0)
    return {
      spent: reserved.map((p) => p.secret),
      change: kept,
      history: { id: opId, kind: 'pay', mint: view.mint, amount: view.amount, at: now(), fee },
    }
  })
  const actor = createActor(logic, {
    input: { opId, kind: 'melt', mint: view.mint, secrets: picked.map((p) => p.secret) },
  })
  const done = new Promise<void>((resolve) => actor.subscribe({ complete: resolve }))
  actor.start()
  await done
  const output = actor.getSnapshot().output
  if (output?.outcome === 'succeeded') return { amount: view.amount, fee }
  const error = output?.error ?? MELT_ERRORS.pending
  if (operationFailure(error) === 'spent') {
    // The reservation settled its own proofs; the rest of the book may be as stale.
    setTimeout(() => {
      // The mint away: the book stays as it was until the next 'already spent'.
      consolidateProofs(deps, view.mint).catch(() => {})
    }, CONSOLIDATE_DELAY_MS)
  }
  throw new Error(error)
}

/** Checks the available proofs at `mint` (checkstate by 100) and deletes the spent ones. */
async function consolidateProofs(deps: TransferDeps, mint: string): Promise<void> {
  const { store, pubkey, now } = deps
  const wallet = await deps.walletOf(mint)
  const proofs = proofsIn((await store.read(pubkey)).book, 'available', mint)
  const states = new Map<string, MintProofState>()
  for (const batch of inBatches(proofs, CASHU.checkstateBatch)) {
    const answer = await wallet.checkProofsStates(batch)
    batch.forEach((p, i) => {
      const state = answer[i]?.state
      if (state) states.set(p.secret, state as MintProofState)
    })
  }
  if (![...states.values()].includes('SPENT')) return
  await store.update(pubkey, (record) => ({
    ...record,
    book: dropSpent(record.book, mint, (secret) => states.get(secret), now()),
  }))
}

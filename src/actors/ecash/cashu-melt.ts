/**
 * Paying a Lightning invoice with ecash (spec §4 melt, §5, §8 payment, §9): the invoice must
 * name an amount; the mint holding the most that covers it plus 3 sats pays; its melt quote
 * gives the fee reserve; the proofs for amount plus reserve are reserved through the proof
 * reservation machine and melted, the unused reserve coming back as change. A payment the mint
 * reports pending (20005, or its proofs PENDING) keeps its proofs reserved until its melt quote
 * (NUT-05) leaves PENDING; then checkstate settles them and the change is restored from its
 * counters (NUT-08, NUT-09). A payment whose answer was lost after the mint paid ends paid once
 * the reservation is reconciled and the quote says PAID. A melt the mint
 * refuses as 'already spent' (the wallet's book was behind: another device spent some of its
 * proofs) schedules a consolidation 2500 ms later: every available proof at that mint is checked
 * and the spent ones deleted; the error still reaches the caller, since nothing was paid.
 */
import type { MeltQuoteBolt11Response } from '@cashu/cashu-ts'
import { createActor } from 'xstate'
import { dropSpent } from '../../core/ecash/cashu-consolidate.ts'
import { CASHU } from '../../core/ecash/cashu-constants.ts'
import { operationFailure, RECOVERY_ERRORS } from '../../core/ecash/cashu-errors.ts'
import { MINT_ERRORS } from '../../core/ecash/cashu-mint.ts'
import { invoiceAmountSats, mintForPayment } from '../../core/ecash/cashu-pay.ts'
import {
  balance,
  inBatches,
  type MintProofState,
  proofsIn,
  toStoredProof,
} from '../../core/ecash/cashu-proof-book.ts'
import { runReservation } from './cashu-reservation-run.ts'
import type { TransferDeps } from './cashu-transfer.ts'
import { reservationLogic } from './proof-reservation.effects.ts'

export const MELT_ERRORS = {
  noMint: 'No mint has enough balance to pay this invoice',
  pending: 'The payment is pending at the mint: its ecash stays reserved until it settles',
} as const

/** Spec §8: the wait before an 'already spent' failure's consolidation. */
export const CONSOLIDATE_DELAY_MS = 2500

/** How often a pending payment's melt quote is asked about (NUT-05), and how many times. */
export const PENDING_MELT = { pollMs: 5000, tries: 120 } as const

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
  const before = balance((await store.read(pubkey)).book, view.mint)
  let fee = 0
  const logic = reservationLogic(
    deps,
    async (w, reserved) => {
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
    },
    { quote: quote.quote },
  )
  const actor = createActor(logic, {
    input: { opId, kind: 'melt', mint: view.mint, secrets: picked.map((p) => p.secret) },
  })
  const output = await runReservation(actor, deps)
  if (output.outcome === 'succeeded') return { amount: view.amount, fee }
  // The mint could not be asked what became of the proofs: they stay reserved (settling).
  if (output.outcome === 'unresolved') throw new Error(RECOVERY_ERRORS.payment)
  const error = output.error ?? MELT_ERRORS.pending
  if (output.outcome === 'reconciled') {
    const record = await store.read(pubkey)
    if (record.book.journal.some((j) => j.opId === opId)) {
      // PENDING at the mint: reserved until the quote settles, which the open wallet's settling
      // watches for as long as the wallet is open.
      deps.settleLater?.()
      throw new Error(MELT_ERRORS.pending)
    }
    // Settled: if the mint paid (its answer lost), the payment is done and its change restored.
    const paid = await wallet
      .checkMeltQuoteBolt11(quote.quote)
      .then((q) => q.state === 'PAID')
      .catch(() => false)
    if (paid) {
      const after = await store.update(pubkey, (latest) => ({
        ...latest,
        history: [
          {
            id: opId,
            kind: 'pay',
            mint: view.mint,
            amount: view.amount,
            at: now(),
            fee: Math.max(0, before - balance(latest.book, view.mint) - view.amount),
          },
          ...latest.history,
        ],
      }))
      return { amount: view.amount, fee: after.history[0]?.fee ?? 0 }
    }
  }
  if (operationFailure(error) === 'spent') {
    // The reservation settled its own proofs; the rest of the book may be as stale.
    setTimeout(() => {
      // The mint away: the book stays as it was until the next 'already spent'.
      consolidateProofs(deps, view.mint).catch(() => {})
    }, CONSOLIDATE_DELAY_MS)
  }
  throw new Error(error)
}

/**
 * A payment left PENDING at the mint (its proofs reserved, its journal entry open): its melt
 * quote is asked about (NUT-05) until it leaves PENDING, then the reservation is settled from
 * checkstate (NUT-07), the change restored from its counters, and a paid one noted in the
 * history. Resolves true once settled; false
 * after `tries` (the next open of the wallet settles it then).
 */
export async function settlePendingMelt(
  deps: TransferDeps,
  mint: string,
  opId: string,
  quoteId: string,
  /** False once the wallet closed: the next open settles what is left. */
  isOpen: () => boolean,
  timing: { pollMs: number; tries: number } = PENDING_MELT,
): Promise<boolean> {
  const { store, pubkey } = deps
  for (let i = 0; i < timing.tries; i++) {
    await new Promise((resolve) => setTimeout(resolve, timing.pollMs))
    if (!isOpen()) return false
    const entry = (await store.read(pubkey)).book.journal.find((j) => j.opId === opId)
    if (!entry) return true
    const quote = await deps
      .walletOf(mint)
      .then((wallet) => wallet.checkMeltQuoteBolt11(quoteId))
      .catch(() => null)
    if (!quote || quote.state === 'PENDING') continue
    const actor = createActor(reservationLogic(deps), { input: { ...entry, resume: true } })
    await runReservation(actor, {})
    if ((await store.read(pubkey)).book.journal.some((j) => j.opId === opId)) continue
    if (quote.state === 'PAID') {
      const amount = quote.amount.toNumber()
      await store.update(pubkey, (latest) => ({
        ...latest,
        history: [{ id: opId, kind: 'pay', mint, amount, at: deps.now() }, ...latest.history],
      }))
    }
    return true
  }
  return !(await store.read(pubkey)).book.journal.some((j) => j.opId === opId)
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

/**
 * Paying a Lightning invoice with ecash (spec §5 invoice rules, §8 payment, §9): the invoice
 * must name an amount, no more than the amount the caller agreed to, and a mint pays it only
 * when its balance covers the amount plus 3 sats of headroom for fees.
 */
import { bolt11AmountMsat } from '../lightning/bolt11-amount.ts'

/** Sats a mint's balance must hold beyond the invoice amount. */
export const PAYMENT_HEADROOM_SATS = 3

export const PAY_ERRORS = {
  missing: 'pr is required',
  noAmount: 'invoice amount is required',
  tooMuch: (invoice: number, allowed: number) =>
    `Invoice amount ${invoice} sats is more than the ${allowed} sats agreed`,
} as const

/** The invoice's amount in sats (millisats rounded up), checked against `maxSats` if given. */
export function invoiceAmountSats(invoice: string | undefined, maxSats?: number): number {
  if (!invoice?.trim()) throw new Error(PAY_ERRORS.missing)
  const msat = bolt11AmountMsat(invoice)
  if (msat === null || msat <= 0) throw new Error(PAY_ERRORS.noAmount)
  const sats = Math.ceil(msat / 1000)
  if (maxSats !== undefined && sats > maxSats) throw new Error(PAY_ERRORS.tooMuch(sats, maxSats))
  return sats
}

/**
 * The mint to pay `amountSats` from: among those whose balance covers it plus the headroom, the
 * one holding the most (so small mints are not drained first); null when none can.
 */
export function mintForPayment(
  balances: Readonly<Record<string, number>>,
  amountSats: number,
): string | null {
  const able = Object.entries(balances)
    .filter(([, sats]) => sats >= amountSats + PAYMENT_HEADROOM_SATS)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  return able[0]?.[0] ?? null
}

/**
 * An invoice pasted to pay from the Lightning wallet's settings: a BOLT-11 payment request, whose
 * human-readable part starts with `ln` (lnbc, lntb, lnbcrt…). What the wallet makes of the rest
 * is its own answer.
 */

export const INVOICE_INPUT_ERROR = 'Paste a Lightning invoice (it starts with ln)'

/** The invoice to pay (trimmed), or why the text is not one. */
export function checkInvoiceInput(text: string): { invoice: string } | { error: string } {
  const invoice = text.trim()
  return /^ln/i.test(invoice) ? { invoice } : { error: INVOICE_INPUT_ERROR }
}

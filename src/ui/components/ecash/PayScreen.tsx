import { useState } from 'react'
import type { PaymentQuote } from '../../../actors/ecash/cashu-melt.ts'
import { mintErrorText } from '../../../core/ecash/cashu-mint.ts'
import { sats, useOpenCashu } from './cashu-context.ts'

/** /wallet/pay: a Lightning invoice, its melt quote (amount and fee reserve), then paid. */
export function PayScreen() {
  const { wallet, view } = useOpenCashu()
  const [invoice, setInvoice] = useState('')
  const [quote, setQuote] = useState<PaymentQuote | null>(null)
  const [paid, setPaid] = useState<{ amount: number; fee: number } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const run = <T,>(work: Promise<T>, done: (value: T) => void) => {
    setBusy(true)
    setError(null)
    work.then(
      (value) => {
        done(value)
        setBusy(false)
      },
      // The invoice stays in the field and the quote on screen: nothing to type again.
      (e: unknown) => {
        setError(mintErrorText(e))
        setBusy(false)
      },
    )
  }
  const getQuote = (event: React.FormEvent) => {
    event.preventDefault()
    setPaid(null)
    run(wallet.quotePayment(invoice), setQuote)
  }
  const pay = (q: PaymentQuote) =>
    run(wallet.pay(q.id), (result) => {
      setPaid(result)
      setQuote(null)
      setInvoice('')
    })
  const mintName = (url: string) => view.mints.find((m) => m.url === url)?.name ?? url
  return (
    <form className="cashu-screen cashu-form" onSubmit={getQuote}>
      <div className="field">
        <label htmlFor="cashu-invoice">Lightning invoice</label>
        <textarea
          id="cashu-invoice"
          rows={4}
          spellCheck={false}
          placeholder="lnbc…"
          value={invoice}
          onChange={(event) => {
            setInvoice(event.target.value)
            setQuote(null)
          }}
        />
      </div>
      {quote ? (
        <>
          <p data-testid="cashu-pay-quote">
            Pay {sats(quote.amount)} from {mintName(quote.mint)}, fee reserve up to{' '}
            {sats(quote.feeReserve)} (unused reserve comes back)
          </p>
          <button type="button" className="button" disabled={busy} onClick={() => pay(quote)}>
            {busy ? 'Paying…' : `Pay ${sats(quote.amount)}`}
          </button>
        </>
      ) : (
        <button type="submit" className="button" disabled={busy || !invoice.trim()}>
          {busy ? 'Asking the mint…' : 'Get quote'}
        </button>
      )}
      {paid && (
        <p role="status">
          Paid {sats(paid.amount)} (fee {sats(paid.fee)})
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}

import { useState } from 'react'
import type { Transaction } from '../../../core/lightning/nip47.ts'
import { msatToSats } from '../../../core/lightning/nip47.ts'
import { FormError } from '../kit/Form.tsx'
import { RowBoundary } from '../kit/RowBoundary.tsx'
import { satsLabel } from './connection-labels.ts'
import { useLightning } from './use-lightning.ts'

/** The wallet's recent transactions (NIP-47 list_transactions), read when asked for. */
export function TransactionList() {
  const { wallet } = useLightning()
  const [items, setItems] = useState<Transaction[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const load = async () => {
    setBusy(true)
    setError(null)
    try {
      setItems(await wallet.listTransactions())
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="form">
      <div className="form-row">
        <button type="button" className="button" disabled={busy} onClick={load}>
          {busy ? 'Loading…' : items ? 'Refresh Transactions' : 'Show Transactions'}
        </button>
      </div>
      <FormError message={error} />
      {items && items.length === 0 && <p className="form-hint">No transactions yet.</p>}
      {items && items.length > 0 && (
        <ul className="choice-list" aria-label="Transactions">
          {items.map((item) => (
            <RowBoundary
              key={item.paymentHash || `${item.type}-${item.createdAt}-${item.amount}`}
              listItem
            >
              {() => (
                <li className="form-hint">
                  {item.type === 'incoming' ? '+' : '−'}
                  {satsLabel(msatToSats(item.amount))}
                  {item.description ? ` · ${item.description}` : ''}
                  {item.createdAt ? ` · ${new Date(item.createdAt * 1000).toLocaleString()}` : ''}
                </li>
              )}
            </RowBoundary>
          ))}
        </ul>
      )}
    </div>
  )
}

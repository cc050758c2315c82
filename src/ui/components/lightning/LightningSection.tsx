import { type FormEvent, useEffect, useState } from 'react'
import { checkInvoiceInput } from '../../../core/lightning/invoice-input.ts'
import { WEBLN_WALLET_NAME } from '../../../core/lightning/saved-wallets.ts'
import { walletErrorText } from '../../../core/lightning/wallet-connection.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { Field, FormError } from '../kit/Form.tsx'
import { CorsProxySetting } from './CorsProxySetting.tsx'
import { satsLabel, statusLabel, walletLoginHint } from './connection-labels.ts'
import { TransactionList } from './TransactionList.tsx'
import { useLightning } from './use-lightning.ts'
import './lightning.css'
import { messageOf } from '../../../core/platform/error-message.ts'

/**
 * Settings, "Lightning Wallet" (spec §2): the connection's state and balance, connect by pairing
 * string (?walletConnect=true), choose a saved wallet (?savedWallets=true), the browser's WebLN
 * provider, paying an invoice and the recent transactions. Opening it loads the wallet.
 */
export function LightningSection() {
  const view = useLightning()
  const { wallet, status, info, error, saved, refreshing } = view
  const login = useLogin()
  const { canSign } = login
  const hint = walletLoginHint(login)
  const walletConnect = useModal('walletConnect')
  const savedWallets = useModal('savedWallets')
  const hasWebln = typeof window !== 'undefined' && 'webln' in window
  useEffect(() => wallet.start(), [wallet])

  return (
    <section className="settings-section" aria-labelledby="wallet-heading">
      <h3 id="wallet-heading">Lightning Wallet</h3>
      <div className="wallet-state">
        <p className="key-status" data-testid="wallet-status">
          {statusLabel(view)}
        </p>
        {status === 'connected' && info && (
          <p className="wallet-balance" data-testid="wallet-balance">
            {info.balance === null ? 'Balance not shown by this wallet' : satsLabel(info.balance)}
            {refreshing && <span className="key-status"> (updating…)</span>}
          </p>
        )}
      </div>
      <FormError message={error && walletErrorText(error)} />
      {hint && status !== 'connected' && <p className="form-hint">{hint}</p>}
      {status === 'connected' ? (
        <>
          <div className="form-row">
            <button type="button" className="button" onClick={() => wallet.refreshBalance()}>
              Refresh Balance
            </button>
            <button type="button" className="button button-danger" onClick={wallet.disconnect}>
              Disconnect
            </button>
          </div>
          <PayInvoice />
          <TransactionList />
        </>
      ) : (
        <div className="form-row">
          <button
            type="button"
            className="button"
            disabled={!canSign}
            onClick={() => walletConnect.show()}
          >
            Connect Wallet
          </button>
          {saved.length > 0 && (
            <button
              type="button"
              className="button"
              disabled={!canSign}
              onClick={() => savedWallets.show()}
            >
              Saved Wallets
            </button>
          )}
          {hasWebln && (
            <button
              type="button"
              className="button"
              disabled={!canSign || status === 'connecting'}
              onClick={() => wallet.connectWebln({ name: WEBLN_WALLET_NAME })}
            >
              Connect WebLN
            </button>
          )}
        </div>
      )}
      <CorsProxySetting />
    </section>
  )
}

/** Pays a pasted invoice through the connected wallet; the invoice stays if it fails. */
function PayInvoice() {
  const { wallet } = useLightning()
  const [invoice, setInvoice] = useState('')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)

  const pay = async (event: FormEvent) => {
    event.preventDefault()
    const checked = checkInvoiceInput(invoice)
    if ('error' in checked) {
      setResult({ ok: false, text: checked.error })
      return
    }
    setBusy(true)
    setResult(null)
    try {
      await wallet.payInvoice(checked.invoice)
      setInvoice('')
      setResult({ ok: true, text: 'Paid' })
    } catch (error) {
      setResult({ ok: false, text: messageOf(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="form" onSubmit={pay}>
      <Field id="pay-invoice" label="Pay an invoice" value={invoice} onChange={setInvoice} />
      <div className="form-row">
        <button type="submit" className="button" disabled={busy || invoice.trim() === ''}>
          {busy ? 'Paying…' : 'Pay'}
        </button>
      </div>
      {result?.ok && (
        <p className="form-hint" role="status">
          {result.text}
        </p>
      )}
      <FormError message={result && !result.ok ? result.text : null} />
    </form>
  )
}

export default LightningSection

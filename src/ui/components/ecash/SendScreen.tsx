import { useState } from 'react'
import { mintErrorText, parseSats } from '../../../core/ecash/cashu-mint.ts'
import { CopyButton } from '../kit/CopyButton.tsx'
import { Field } from '../kit/Form.tsx'
import { QrCode } from '../kit/QrCode.tsx'
import { sats, useOpenCashu } from './cashu-context.ts'
import { MintPicker, useMintChoice } from './MintPicker.tsx'

/** /wallet/send: an amount becomes a cashuB token, as text (to copy) and as a QR code. */
export function SendScreen() {
  const { wallet, view } = useOpenCashu()
  const [chosen, setChosen] = useState('')
  const mint = useMintChoice(chosen)
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState<{ token: string; amount: number } | null>(null)
  if (view.mints.length === 0) return <p className="cashu-note">Add a mint first.</p>
  const send = (event: React.FormEvent) => {
    event.preventDefault()
    setError(null)
    let value: number
    try {
      value = parseSats(amount)
    } catch (e) {
      setError(mintErrorText(e))
      return
    }
    setBusy(true)
    wallet.send(mint, value).then(
      (token) => {
        setSent({ token, amount: value })
        setAmount('')
        setBusy(false)
      },
      (e: unknown) => {
        setError(mintErrorText(e))
        setBusy(false)
      },
    )
  }
  if (sent) {
    return (
      <section className="cashu-screen" aria-label="Token">
        <p className="cashu-heading">Token for {sats(sent.amount)}</p>
        <QrCode text={sent.token} label="Token QR code" className="cashu-qr" ecc="low" />
        <textarea
          className="cashu-text"
          aria-label="Token"
          readOnly
          rows={5}
          value={sent.token}
          onFocus={(event) => event.target.select()}
        />
        <div className="cashu-actions">
          <CopyButton text={sent.token} label="Copy token" />
          <button type="button" className="button-quiet" onClick={() => setSent(null)}>
            Done
          </button>
        </div>
      </section>
    )
  }
  return (
    <form className="cashu-screen cashu-form" onSubmit={send}>
      <MintPicker value={mint} onChange={setChosen} />
      <Field id="cashu-send-amount" label="Amount (sats)" value={amount} onChange={setAmount} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Making the token…' : 'Create token'}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}

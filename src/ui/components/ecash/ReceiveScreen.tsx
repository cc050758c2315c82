import { useState } from 'react'
import { mintErrorText } from '../../../core/ecash/cashu-mint.ts'
import { InputRow } from '../kit/InputRow.tsx'
import { sats, useOpenCashu } from './cashu-context.ts'
import { QrScanner } from './QrScanner.tsx'

/**
 * /wallet/receive: a token pasted or scanned (cashu: prefixes and all) swapped into this wallet.
 * A scanned token only fills the field: the user still confirms with Receive.
 */
export function ReceiveScreen() {
  const { wallet } = useOpenCashu()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [received, setReceived] = useState<number | null>(null)
  const receive = (event: React.FormEvent) => {
    event.preventDefault()
    setError(null)
    setReceived(null)
    setBusy(true)
    wallet.receive(text).then(
      ({ amount }) => {
        setReceived(amount)
        setText('')
        setBusy(false)
      },
      // The token stays in the field: nothing is lost on a failure.
      (e: unknown) => {
        setError(mintErrorText(e))
        setBusy(false)
      },
    )
  }
  const scanned = (token: string) => {
    setText(token)
    setError(null)
    setReceived(null)
  }
  return (
    <form className="cashu-screen cashu-form" onSubmit={receive}>
      <QrScanner onText={scanned} />
      <InputRow stacked action={busy ? 'Receiving…' : 'Receive'} disabled={busy || !text.trim()}>
        <div className="field">
          <label htmlFor="cashu-token">Token</label>
          <textarea
            id="cashu-token"
            rows={5}
            spellCheck={false}
            placeholder="cashuB…"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </InputRow>
      {received !== null && <p role="status">Received {sats(received)}</p>}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}

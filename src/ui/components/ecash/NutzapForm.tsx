/**
 * Nutzap someone (NIP-61): amount and comment, sent as ecash locked to their wallet key on a mint
 * they accept. The ecash wallet (and cashu-ts) loads when this form shows, to say what can be
 * sent; the amount and comment stay in the form when sending fails.
 */
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { acceptedFunds } from '../../../core/ecash/nip61.ts'
import { DEFAULT_SATS, parseZapSats } from '../../../core/lightning/zap-amount.ts'
import { FormError } from '../kit/Form.tsx'
import { ZapFields } from '../lightning/ZapFields.tsx'
import { sats } from './cashu-context.ts'
import { useCashu } from './use-cashu.ts'
import { useNutzapInfo } from './use-nutzap-info.ts'
import '../lightning/zap.css'
import './nutzap.css'

interface NutzapFormProps {
  recipient: string
  /** The nutzapped note, if any. */
  event?: { id: string; kind: number }
  onDone(): void
  /** Back to the Lightning zap, where the form was opened from there. */
  onBack?(): void
}

export default function NutzapForm({ recipient, event, onDone, onBack }: NutzapFormProps) {
  const id = useId()
  const cashu = useCashu()
  const info = useNutzapInfo(recipient)
  const [amount, setAmount] = useState(String(DEFAULT_SATS))
  const [comment, setComment] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState<number | null>(null)
  const value = parseZapSats(amount)

  if (sent !== null) {
    return (
      <div className="form nutzap-done">
        <p className="zap-paid" role="status">
          Sent {sats(sent)} in ecash
        </p>
        <div className="form-row">
          <button type="button" className="button button-primary" onClick={onDone}>
            Done
          </button>
        </div>
      </div>
    )
  }

  // What this wallet holds on the mints the recipient accepts.
  const view = cashu?.view
  const funds = info && view ? acceptedFunds(info, view.mints, view.balances) : null
  const shared = funds?.mints ?? []
  const available = funds?.total ?? 0

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!cashu || value === null) return
    setBusy(true)
    setError(null)
    cashu.wallet
      .sendNutzap({
        recipient,
        amount: value,
        comment: comment.trim(),
        ...(event ? { event } : {}),
      })
      .then(
        () => setSent(value),
        (problem: unknown) =>
          setError(problem instanceof Error ? problem.message : String(problem)),
      )
      .finally(() => setBusy(false))
  }

  return (
    <form className="form zap-form nutzap-form" onSubmit={submit}>
      <p className="form-hint nutzap-wallet" data-testid="nutzap-available">
        {!view
          ? 'Loading your ecash wallet…'
          : !view.hasSeed
            ? 'Create your ecash wallet first.'
            : shared.length === 0
              ? 'None of your mints is one they accept.'
              : `Your ecash on mints they accept: ${sats(available)}`}
      </p>
      <ZapFields
        id={id}
        amount={amount}
        setAmount={setAmount}
        comment={comment}
        setComment={setComment}
        disabled={busy}
      />
      <FormError message={error} />
      {(error || (view && !view.hasSeed)) && (
        <p className="form-hint">
          <Link to="/wallet">Open Ecash Wallet</Link>
        </p>
      )}
      {busy && (
        <p className="form-hint" role="status">
          Sending ecash…
        </p>
      )}
      <div className="form-row">
        {onBack && (
          <button type="button" className="button-quiet" onClick={onBack} disabled={busy}>
            Use Lightning
          </button>
        )}
        <button
          type="submit"
          className="button button-primary"
          disabled={busy || value === null || !view?.hasSeed}
        >
          {value === null ? 'Send ecash' : `Send ${value} sats in ecash`}
        </button>
      </div>
    </form>
  )
}

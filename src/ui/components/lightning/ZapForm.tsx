import { useId, useState } from 'react'
import { DEFAULT_SATS, parseZapSats } from '../../../core/lightning/zap-amount.ts'
import { FormError } from '../kit/Form.tsx'
import { ZapFields } from './ZapFields.tsx'

interface ZapFormProps {
  /** The step running now, or null while the form can be sent. */
  busy: string | null
  error: string | null
  /** What was sent last (0 sats: nothing yet): kept when a step failed. */
  initial: { amountSats: number; comment: string }
  onSubmit(amountSats: number, comment: string): void
}

export function ZapForm({ busy, error, initial, onSubmit }: ZapFormProps) {
  const id = useId()
  const first = initial.amountSats || DEFAULT_SATS
  const [amount, setAmount] = useState(String(first))
  const [comment, setComment] = useState(initial.comment)
  const sats = parseZapSats(amount)
  return (
    <form
      className="form zap-form"
      data-zap-state={busy ? 'busy' : 'editing'}
      onSubmit={(event) => {
        event.preventDefault()
        if (sats !== null) onSubmit(sats, comment.trim())
      }}
    >
      <ZapFields
        id={id}
        amount={amount}
        setAmount={setAmount}
        comment={comment}
        setComment={setComment}
        disabled={busy !== null}
      />
      <FormError message={busy ? null : error} />
      {busy && (
        <p className="form-hint" role="status">
          {busy}
        </p>
      )}
      <div className="form-row">
        <button
          type="submit"
          className="button button-primary"
          disabled={busy !== null || sats === null}
        >
          {sats === null ? 'Zap' : `Zap ${sats} sats`}
        </button>
      </div>
    </form>
  )
}

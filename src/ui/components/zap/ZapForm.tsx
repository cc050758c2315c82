import { useId, useState } from 'react'
import { FormError } from '../Form.tsx'

/** Amounts offered at one tap, in sats. */
export const ZAP_PRESETS = [21, 100, 500, 1000, 5000] as const
const DEFAULT_SATS = 21

interface ZapFormProps {
  /** The step running now, or null while the form can be sent. */
  busy: string | null
  error: string | null
  /** What was sent last (0 sats: nothing yet): kept when a step failed. */
  initial: { amountSats: number; comment: string }
  onSubmit(amountSats: number, comment: string): void
}

/** Whole sats typed in the custom field, or null when it is not a positive whole number. */
const parseSats = (text: string): number | null => {
  const value = Number(text.trim())
  return text.trim() && Number.isSafeInteger(value) && value > 0 ? value : null
}

export function ZapForm({ busy, error, initial, onSubmit }: ZapFormProps) {
  const id = useId()
  const first = initial.amountSats || DEFAULT_SATS
  const [amount, setAmount] = useState(String(first))
  const [comment, setComment] = useState(initial.comment)
  const sats = parseSats(amount)
  return (
    <form
      className="form zap-form"
      data-zap-state={busy ? 'busy' : 'editing'}
      onSubmit={(event) => {
        event.preventDefault()
        if (sats !== null) onSubmit(sats, comment.trim())
      }}
    >
      <fieldset className="zap-presets" disabled={busy !== null}>
        <legend>Amount</legend>
        {ZAP_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="button zap-preset"
            aria-pressed={sats === preset}
            onClick={() => setAmount(String(preset))}
          >
            {preset}
          </button>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-amount`}>Custom amount (sats)</label>
        <input
          id={`${id}-amount`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          disabled={busy !== null}
          onChange={(event) => setAmount(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-comment`}>Comment (optional)</label>
        <textarea
          id={`${id}-comment`}
          className="zap-comment"
          rows={2}
          value={comment}
          disabled={busy !== null}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
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

/**
 * The amount (one-tap presets or a custom number of sats) and the optional comment, as the
 * Lightning zap and the ecash nutzap both ask for them.
 */
import { parseZapSats, ZAP_PRESETS } from '../../../core/lightning/zap-amount.ts'

interface ZapFieldsProps {
  /** The form's useId(), prefixing the fields' ids. */
  id: string
  amount: string
  setAmount(amount: string): void
  comment: string
  setComment(comment: string): void
  disabled: boolean
}

export function ZapFields({
  id,
  amount,
  setAmount,
  comment,
  setComment,
  disabled,
}: ZapFieldsProps) {
  const sats = parseZapSats(amount)
  return (
    <>
      <fieldset className="zap-presets" disabled={disabled}>
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
          disabled={disabled}
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
          disabled={disabled}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
    </>
  )
}

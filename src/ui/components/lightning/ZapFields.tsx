/**
 * The amount (one-tap presets or a custom number of sats) and the optional comment, as the
 * Lightning zap and the ecash nutzap both ask for them.
 */

/** Amounts offered at one tap, in sats. */
export const ZAP_PRESETS = [21, 100, 500, 1000, 5000] as const
export const DEFAULT_SATS = 21

/** Whole sats typed in the custom field, or null when it is not a positive whole number. */
export const parseZapSats = (text: string): number | null => {
  const value = Number(text.trim())
  return text.trim() && Number.isSafeInteger(value) && value > 0 ? value : null
}

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

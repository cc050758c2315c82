import { useId } from 'react'
import './toggle.css'

interface ToggleProps {
  label: string
  checked: boolean
  onChange?(checked: boolean): void
  disabled?: boolean
  /** Why it is disabled, or what it does: read with the switch. */
  hint?: string
}

/** An on/off setting: a checkbox with the switch role, labelled, with an optional hint. */
export function Toggle({ label, checked, onChange, disabled = false, hint }: ToggleProps) {
  const id = useId()
  const hintId = useId()
  return (
    <div className="toggle-row">
      <div className="toggle-text">
        <label htmlFor={id} className="toggle-label">
          {label}
        </label>
        {hint && (
          <span id={hintId} className="toggle-hint">
            {hint}
          </span>
        )}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="toggle"
        checked={checked}
        aria-checked={checked}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange?.(event.target.checked)}
      />
    </div>
  )
}

import type { FormEvent, ReactNode } from 'react'
import './input-row.css'

interface InputRowProps {
  /** The input: a labelled Field, or an input named by its aria-label. */
  children: ReactNode
  /** The submit button's text. */
  action: ReactNode
  /** The button's name where its text alone is ambiguous (two Add buttons in Settings). */
  actionLabel?: string
  disabled?: boolean
  primary?: boolean
  /** The row's own class: its layout and the input's size. */
  className?: string
  /** Given, the row is the form itself; else it sits in the caller's form. */
  onSubmit?(event: FormEvent<HTMLFormElement>): void
  /** The button under the input, both laid out by the form around them: no row of their own. */
  stacked?: boolean
}

/** An input and the button that submits it: add a relay, a hashtag or a mint, search, apply. */
export function InputRow({
  children,
  action,
  actionLabel,
  disabled,
  primary = false,
  className,
  onSubmit,
  stacked = false,
}: InputRowProps) {
  const button = (
    <button
      type="submit"
      className={primary ? 'button button-primary' : 'button'}
      aria-label={actionLabel}
      disabled={disabled}
    >
      {action}
    </button>
  )
  if (stacked) {
    return (
      <>
        {children}
        {button}
      </>
    )
  }
  const rowClass = className ? `input-row ${className}` : 'input-row'
  if (onSubmit) {
    return (
      <form className={rowClass} onSubmit={onSubmit}>
        {children}
        {button}
      </form>
    )
  }
  return (
    <div className={rowClass}>
      {children}
      {button}
    </div>
  )
}

/** The form pieces every dialog repeats: a labelled field and an error line. */

interface FieldProps {
  id: string
  label: string
  value: string
  onChange(value: string): void
  type?: 'text' | 'password'
  autoComplete?: string
  placeholder?: string
}

/** Keys, passphrases and URLs: no spell checking, no autocomplete unless asked. */
export function Field({
  id,
  label,
  value,
  onChange,
  type = 'text',
  autoComplete = 'off',
  placeholder,
}: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        placeholder={placeholder}
        autoComplete={autoComplete}
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}

/** The passphrase of a saved key, typed to unlock or view it, with its error line below. */
export function PassphraseField({
  id,
  value,
  onChange,
  error,
}: {
  id: string
  value: string
  onChange(value: string): void
  error: string | null
}) {
  return (
    <>
      <Field
        id={id}
        label="Passphrase"
        type="password"
        autoComplete="current-password"
        value={value}
        onChange={onChange}
      />
      <FormError message={error} />
    </>
  )
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  )
}

import { type FormEvent, useState } from 'react'
import { CLIPBOARD_ERROR, parsePubkeyInput } from '../../../core/identity/pubkey-input.ts'
import { useSystem } from '../../system-context.tsx'
import { Field, FormError } from '../kit/Form.tsx'

/** Public key only (read only): an npub or hex, typed or pasted. */
export function PubkeyLogin() {
  const { login } = useSystem()
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    try {
      login.send({ type: 'login.npub', pubkey: parsePubkeyInput(value) })
    } catch (problem) {
      setError((problem as Error).message)
    }
  }
  const paste = async () => {
    try {
      // Without a secure origin there is no clipboard at all: that fails here too.
      setValue((await navigator.clipboard.readText()).trim())
      setError(null)
    } catch {
      setError(CLIPBOARD_ERROR)
    }
  }
  return (
    <form className="form" onSubmit={submit}>
      <Field
        id="pubkey-login"
        label="Public key (read only)"
        placeholder="npub1… or 64 hex characters"
        value={value}
        onChange={setValue}
      />
      <FormError message={error} />
      <div className="form-row">
        <button type="button" className="button" onClick={paste}>
          Paste Clipboard
        </button>
        <button type="submit" className="button">
          Save
        </button>
      </div>
    </form>
  )
}

import { type FormEvent, useState } from 'react'
import { readCorsProxy, writeCorsProxy } from '../../../actors/lightning/cors-proxy-setting.ts'
import { Field, FormError } from '../kit/Form.tsx'

/**
 * The CORS proxy for lightning addresses whose servers refuse the browser (spec decisions: off by
 * default; a failed LNURL request of a zap the user starts is retried through it only when set
 * here). The text says what the proxy could do: an invoice is checked against the amount and the
 * zap request's hash, both of which the proxy sees, so it could swap in its own.
 */
export function CorsProxySetting() {
  const [value, setValue] = useState(() => readCorsProxy() ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const save = (event: FormEvent) => {
    event.preventDefault()
    const error = writeCorsProxy(value)
    setProblem(error)
    setSaved(error === null)
  }
  return (
    <form className="form" onSubmit={save}>
      <Field
        id="lnurl-cors-proxy"
        label="CORS proxy for zaps (optional)"
        placeholder="https://proxy.example/?url={url}"
        value={value}
        onChange={(next) => {
          setValue(next)
          setSaved(false)
        }}
      />
      <p className="form-hint">
        Used only for zaps you start, when the recipient's lightning address cannot be reached
        directly. The proxy is trusted with those payments: it sees whom you pay, and it could
        answer with its own invoice for the same amount and description, which your wallet would
        pay. Zap totals never use it. Leave blank to send your zaps to no one but the recipient's
        service.
      </p>
      <div className="form-row">
        <button type="submit" className="button">
          Save proxy
        </button>
      </div>
      {saved && (
        <p className="form-hint" role="status">
          {value.trim() ? 'Proxy saved' : 'No proxy'}
        </p>
      )}
      <FormError message={problem} />
    </form>
  )
}

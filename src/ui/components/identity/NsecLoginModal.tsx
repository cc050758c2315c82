import { type FormEvent, useState } from 'react'
import { canPersistKeys, NO_WEBCRYPTO } from '../../../core/identity/key-encryption.ts'
import { isNcryptsec } from '../../../core/identity/nip49.ts'
import { checkNewPassphrase } from '../../../core/identity/passphrase.ts'
import { loginFormError, parseSecretInput } from '../../../core/identity/secret-input.ts'
import { pubkeyOfSecret } from '../../../core/identity/secret-key.ts'
import { Secret } from '../../../core/platform/secret.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { useSystem } from '../../system-context.tsx'
import { Field, FormError } from '../kit/Form.tsx'
import { Modal } from '../kit/Modal.tsx'
import { NewPassphraseFields } from './NewPassphraseFields.tsx'
import { useWarmCurve } from './use-warm-curve.ts'

/**
 * Log in with an nsec, 64 hex characters or a NIP-49 ncryptsec. The key stays in memory unless
 * the user asks to remember it, encrypted under a passphrase.
 */
export function NsecLoginModal() {
  const system = useSystem()
  useWarmCurve()
  const { error: machineError } = useLogin()
  const modal = useModal('nsecLogin')
  const [input, setInput] = useState('')
  const [ncryptsecPassphrase, setNcryptsecPassphrase] = useState('')
  const [remember, setRemember] = useState(false)
  const [passphrase, setPassphrase] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [working, setWorking] = useState(false)
  const encrypted = isNcryptsec(input.trim())
  const persistable = canPersistKeys()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    const chosen = new Secret(passphrase)
    if (remember) {
      const problem = checkNewPassphrase(chosen, new Secret(confirmation))
      if (problem) return setError(problem)
    }
    setWorking(true)
    try {
      const key = encrypted
        ? await (await system.nip49()).decrypt(input.trim(), new Secret(ncryptsecPassphrase))
        : parseSecretInput(input)
      const pubkey = pubkeyOfSecret(key)
      system.login.send({
        type: 'login.nsec',
        key,
        pubkey,
        ...(remember ? { persist: { passphrase: chosen } } : {}),
      })
      // The form forgets what was typed as soon as the machine holds the key.
      setInput('')
      setPassphrase('')
      setConfirmation('')
      setNcryptsecPassphrase('')
    } catch (problem) {
      setError(encrypted ? (problem as Error).message : loginFormError(problem))
    } finally {
      setWorking(false)
    }
  }

  const shown = error ?? machineError
  return (
    <Modal title="Nsec Secret Key" onClose={modal.close}>
      <form className="form" onSubmit={submit}>
        <Field
          id="nsec-input"
          label="Secret key"
          type="password"
          placeholder="nsec1…, 64 hex characters or ncryptsec1…"
          value={input}
          onChange={setInput}
        />
        {encrypted && (
          <Field
            id="ncryptsec-passphrase"
            label="Passphrase of this ncryptsec"
            type="password"
            value={ncryptsecPassphrase}
            onChange={setNcryptsecPassphrase}
          />
        )}
        <label className="form-hint">
          <input
            type="checkbox"
            checked={remember}
            disabled={!persistable}
            onChange={(event) => setRemember(event.target.checked)}
          />{' '}
          Remember on this device, encrypted with a passphrase
        </label>
        {!persistable && <p className="form-hint">{NO_WEBCRYPTO}</p>}
        {remember && (
          <NewPassphraseFields
            passphrase={passphrase}
            confirmation={confirmation}
            onPassphrase={setPassphrase}
            onConfirmation={setConfirmation}
          />
        )}
        <FormError message={shown} />
        <div className="form-row">
          <button
            type="submit"
            className="button button-primary"
            disabled={working || !input.trim()}
          >
            {working ? 'Logging in…' : 'Log in'}
          </button>
        </div>
      </form>
    </Modal>
  )
}

export default NsecLoginModal

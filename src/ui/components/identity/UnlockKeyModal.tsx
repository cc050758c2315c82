import { type FormEvent, useState } from 'react'
import { checkPassphraseEntered } from '../../../core/identity/passphrase.ts'
import { Secret } from '../../../core/platform/secret.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { useSystem } from '../../system-context.tsx'
import { PassphraseField } from '../kit/Form.tsx'
import { Modal } from '../kit/Modal.tsx'
import { AccountName } from './AccountName.tsx'
import { useWarmCurve } from './use-warm-curve.ts'

/** Unlock the saved key of a locked nsec login: 'Unlock & {action}' (spec §2). */
export function UnlockKeyModal() {
  const { login, keystore } = useSystem()
  useWarmCurve()
  const { pubkey, pendingAction, error: machineError } = useLogin()
  const modal = useModal('unlockKey')
  const [passphrase, setPassphrase] = useState('')
  const [error, setError] = useState<string | null>(null)
  const others = keystore.savedAccounts().filter((account) => account !== pubkey)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const secret = new Secret(passphrase)
    const problem = checkPassphraseEntered(secret)
    setError(problem)
    if (problem) return
    login.send({ type: 'key.unlock', passphrase: secret })
    setPassphrase('')
  }

  const shown = error ?? machineError
  return (
    <Modal title="Unlock saved key" onClose={modal.close}>
      {pubkey && <AccountName pubkey={pubkey} />}
      <form className="form" onSubmit={submit}>
        <PassphraseField
          id="unlock-passphrase"
          value={passphrase}
          onChange={setPassphrase}
          error={shown}
        />
        <div className="form-row">
          <button type="submit" className="button button-primary">
            Unlock &amp; {pendingAction ?? 'Continue'}
          </button>
        </div>
      </form>
      {others.length > 0 && (
        <section className="form">
          <h3 className="form-hint">Other saved accounts on this device</h3>
          <ul className="choice-list">
            {others.map((account) => (
              <li key={account}>
                <AccountName pubkey={account} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </Modal>
  )
}

export default UnlockKeyModal

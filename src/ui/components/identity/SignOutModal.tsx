import { type FormEvent, useEffect, useState } from 'react'
import { loginFormError, parseSecretInput } from '../../../core/identity/secret-input.ts'
import { pubkeyOfSecret } from '../../../core/identity/secret-key.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { useSystem } from '../../system-context.tsx'
import { Field, FormError } from '../kit/Form.tsx'
import { Modal } from '../kit/Modal.tsx'

/**
 * Sign out (spec §4): a plain confirm, or for a key saved this session two choices: keep the
 * saved key (its passphrase brings you back) or delete it (type the full nsec to prove it).
 */
export function SignOutModal() {
  const { login } = useSystem()
  const { signOutStep, error: machineError } = useLogin()
  const modal = useModal('signOut')
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string | null>(null)

  // Opening the modal starts the machine's sign-out; it decides which question to ask.
  useEffect(() => {
    login.send({ type: 'logout.requested' })
  }, [login])

  const cancel = () => {
    login.send({ type: 'logout.cancelled' })
    modal.close()
  }
  const deleteKey = (event: FormEvent) => {
    event.preventDefault()
    try {
      const key = parseSecretInput(typed)
      login.send({
        type: 'logout.deleteSavedKey',
        nsecTyped: key,
        pubkey: pubkeyOfSecret(key),
      })
      setTyped('')
      setError(null)
    } catch (problem) {
      setError(loginFormError(problem))
    }
  }

  const shown = error ?? machineError
  return (
    <Modal title="Sign out" onClose={cancel}>
      {signOutStep === 'confirming' && (
        <>
          <p>Sign out of Plume on this device?</p>
          <div className="form-row">
            <button type="button" className="button" onClick={cancel}>
              Cancel
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => login.send({ type: 'logout.confirmed' })}
            >
              Sign out
            </button>
          </div>
        </>
      )}
      {(signOutStep === 'choosing' || signOutStep === 'deleting') && (
        <>
          <p>Your key is saved on this device, encrypted with your passphrase.</p>
          <div className="form-row">
            <button
              type="button"
              className="button button-primary"
              onClick={() => login.send({ type: 'logout.keepSavedKey' })}
            >
              Sign out
            </button>
          </div>
          <p className="form-hint">You will need your passphrase to return.</p>
          <form className="form" onSubmit={deleteKey}>
            <Field
              id="delete-key-nsec"
              label="
                To also delete the saved key, type your full nsec
              "
              type="password"
              value={typed}
              onChange={setTyped}
            />
            <FormError message={shown} />
            <div className="form-row">
              <button
                type="submit"
                className="button button-danger"
                disabled={signOutStep === 'deleting'}
              >
                {signOutStep === 'deleting' ? 'Deleting…' : 'Sign out and delete saved key'}
              </button>
            </div>
          </form>
        </>
      )}
    </Modal>
  )
}

export default SignOutModal

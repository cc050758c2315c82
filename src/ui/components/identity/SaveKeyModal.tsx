import { type FormEvent, useEffect, useState } from 'react'
import { canPersistKeys, NO_WEBCRYPTO } from '../../../core/identity/key-encryption.ts'
import { checkNewPassphrase } from '../../../core/identity/passphrase.ts'
import { Secret } from '../../../core/platform/secret.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { useSystem } from '../../system-context.tsx'
import { FormError } from '../kit/Form.tsx'
import { Modal } from '../kit/Modal.tsx'
import { NewPassphraseFields } from './NewPassphraseFields.tsx'

/**
 * Save the key of an nsec login kept in memory, encrypted under a passphrase
 * (?passphrasePrompt=true, spec §2 and §4): for whoever did not tick "Remember" when logging in.
 * It closes once the key is saved; a failure keeps what was typed.
 */
export function SaveKeyModal() {
  const { login } = useSystem()
  // Saved, signed out or locked, or opened by a link with no key in memory: nothing to save.
  const { canSaveKey, error: machineError } = useLogin()
  const modal = useModal('passphrasePrompt')
  const [passphrase, setPassphrase] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [working, setWorking] = useState(false)
  const persistable = canPersistKeys()

  useEffect(() => {
    if (!canSaveKey) void modal.close()
  }, [canSaveKey, modal])
  useEffect(() => {
    if (machineError) setWorking(false)
  }, [machineError])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const chosen = new Secret(passphrase)
    const problem = checkNewPassphrase(chosen, new Secret(confirmation))
    setError(problem)
    if (problem) return
    setWorking(true)
    login.send({ type: 'key.persist', passphrase: chosen })
  }

  return (
    <Modal title="Save key on this device" onClose={modal.close}>
      <form className="form" onSubmit={submit}>
        <p className="form-hint">
          Encrypted with a passphrase: after a reload the key comes back locked, and the passphrase
          unlocks it.
        </p>
        {!persistable && <p className="form-hint">{NO_WEBCRYPTO}</p>}
        <NewPassphraseFields
          passphrase={passphrase}
          confirmation={confirmation}
          onPassphrase={setPassphrase}
          onConfirmation={setConfirmation}
        />
        <FormError message={error ?? machineError} />
        <div className="form-row">
          <button
            type="submit"
            className="button button-primary"
            disabled={working || !persistable || !passphrase}
          >
            {working ? 'Saving…' : 'Save key'}
          </button>
        </div>
      </form>
    </Modal>
  )
}

export default SaveKeyModal

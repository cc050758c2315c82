import { useSelector } from '@xstate/react'
import { type FormEvent, useState } from 'react'
import {
  checkPassphraseEntered,
  checkViewSecretPassphrase,
} from '../../../core/identity/passphrase.ts'
import { nsecOfSecret } from '../../../core/identity/secret-key.ts'
import { Secret } from '../../../core/platform/secret.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { useSystem } from '../../system-context.tsx'
import { CopyButton } from '../kit/CopyButton.tsx'
import { Field, FormError, PassphraseField } from '../kit/Form.tsx'
import { Modal } from '../kit/Modal.tsx'
import './key-list.css'

/** View nsec: only for a saved key, after its passphrase is checked again (spec §4). */
export function ViewNsecModal() {
  const { login } = useSystem()
  const { secretShown, error: machineError } = useLogin()
  const key = useSelector(login, (snapshot) => snapshot.context.key)
  const modal = useModal('viewNsec')
  const [passphrase, setPassphrase] = useState('')
  const [error, setError] = useState<string | null>(null)

  const close = () => {
    login.send({ type: 'secret.hide' })
    modal.close()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const secret = new Secret(passphrase)
    const problem = checkViewSecretPassphrase(secret)
    setError(problem)
    if (problem) return
    login.send({ type: 'secret.view', passphrase: secret })
    setPassphrase('')
  }

  const shown = error ?? machineError
  return (
    <Modal title="View nsec" onClose={close}>
      {secretShown && key ? (
        <>
          <p className="form-hint">Anyone who has this key can post as you. Keep it private.</p>
          <p className="mono" data-testid="revealed-nsec">
            {nsecOfSecret(key)}
          </p>
          <div className="form-row">
            <CopyButton text={nsecOfSecret(key)} label="Copy nsec" />
          </div>
          <ExportNcryptsec secret={key} />
        </>
      ) : (
        <form className="form" onSubmit={submit}>
          <PassphraseField
            id="view-passphrase"
            value={passphrase}
            onChange={setPassphrase}
            error={shown}
          />
          <div className="form-row">
            <button type="submit" className="button button-primary">
              Show nsec
            </button>
          </div>
        </form>
      )}
    </Modal>
  )
}

/** NIP-49: the key encrypted under a passphrase, for other clients to import. */
function ExportNcryptsec({ secret }: { secret: Secret<Uint8Array> }) {
  const system = useSystem()
  const [passphrase, setPassphrase] = useState('')
  const [ncryptsec, setNcryptsec] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [working, setWorking] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const chosen = new Secret(passphrase)
    const problem = checkPassphraseEntered(chosen)
    setError(problem)
    if (problem) return
    setWorking(true)
    try {
      setNcryptsec(await (await system.nip49()).encrypt(secret, chosen))
      setPassphrase('')
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setWorking(false)
    }
  }
  return (
    <form className="form" onSubmit={submit}>
      <Field
        id="ncryptsec-export"
        label="Export as ncryptsec (NIP-49): passphrase"
        type="password"
        autoComplete="new-password"
        value={passphrase}
        onChange={setPassphrase}
      />
      <FormError message={error} />
      {ncryptsec && (
        <div className="key-row">
          <span className="mono" data-testid="ncryptsec">
            {ncryptsec}
          </span>
          <CopyButton text={ncryptsec} />
        </div>
      )}
      <div className="form-row">
        <button type="submit" className="button" disabled={working}>
          {working ? 'Encrypting…' : 'Export ncryptsec'}
        </button>
      </div>
    </form>
  )
}

export default ViewNsecModal

import { type FormEvent, useState } from 'react'
import { useLogin } from '../../hooks/use-login.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { useSystem } from '../../system-context.tsx'
import { CopyButton } from '../kit/CopyButton.tsx'
import { Field, FormError } from '../kit/Form.tsx'
import { Modal } from '../kit/Modal.tsx'
import { PubkeyLogin } from './PubkeyLogin.tsx'
import './key-list.css'

/**
 * The login gate's options (spec §4): shown while the login machine is choosing; closing it
 * drops the pending action.
 */
export function LoginOptionsModal() {
  const { login, keystore } = useSystem()
  const { extensionAvailable, error, busy, pendingAction } = useLogin()
  const nsecLogin = useModal('nsecLogin')
  const savedAccounts = useModal('savedAccounts')
  const generateKey = useModal('generateKey')
  const hasSaved = keystore.savedAccounts().length > 0
  return (
    <Modal
      title={pendingAction ? `Log in to ${pendingAction}` : 'Log in'}
      onClose={() => login.send({ type: 'login.cancelled' })}
    >
      <ul className="choice-list">
        {hasSaved && (
          <li>
            <button type="button" className="button" onClick={() => savedAccounts.show()}>
              Saved Account
            </button>
          </li>
        )}
        <li>
          <button
            type="button"
            className="button"
            disabled={!extensionAvailable || busy}
            onClick={() => login.send({ type: 'login.nip07' })}
          >
            NIP-07 Extension{extensionAvailable ? '' : ' (none found)'}
          </button>
        </li>
        <li>
          <button type="button" className="button" onClick={() => nsecLogin.show()}>
            Nsec Secret Key
          </button>
        </li>
        <li>
          <button type="button" className="button" onClick={() => generateKey.show()}>
            Generate New User Key
          </button>
        </li>
      </ul>
      <FormError message={error} />
      <RemoteLogin />
      <PubkeyLogin />
    </Modal>
  )
}

/**
 * NIP-46: paste a bunker:// link from a remote signer, or show a nostrconnect:// link for a
 * signer app to answer.
 */
function RemoteLogin() {
  const system = useSystem()
  const { busy } = useLogin()
  const [uri, setUri] = useState('')
  const [offer, setOffer] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    system.login.send({ type: 'login.remote', uri: uri.trim() })
  }
  const showLink = async () => {
    try {
      const link = await system.offerNostrConnect()
      setOffer(link)
      setError(null)
      system.login.send({ type: 'login.remote', uri: link })
    } catch (problem) {
      setOffer(null)
      setError((problem as Error).message)
    }
  }
  return (
    <form className="form" onSubmit={submit}>
      <Field
        id="remote-login"
        label="Remote signer (NIP-46)"
        placeholder="bunker://…"
        value={uri}
        onChange={setUri}
      />
      <div className="form-row">
        <button type="submit" className="button" disabled={busy || !uri.trim()}>
          {busy && !offer ? 'Connecting…' : 'Connect'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void showLink()}>
          Show a nostrconnect:// link
        </button>
      </div>
      <FormError message={error} />
      {offer && busy && (
        <div className="key-row">
          <span className="mono" data-testid="nostrconnect-link">
            {offer}
          </span>
          <CopyButton text={offer} />
          <p className="form-hint">Open this link in your signer app; waiting for it to answer…</p>
        </div>
      )}
    </form>
  )
}

export default LoginOptionsModal

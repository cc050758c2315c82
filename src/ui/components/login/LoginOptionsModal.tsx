import { type FormEvent, useState } from 'react'
import { useLogin } from '../../hooks/use-login.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { useSystem } from '../../system-context.tsx'
import { Modal } from '../Modal.tsx'
import { PubkeyLogin } from './PubkeyLogin.tsx'

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
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <RemoteLogin />
      <PubkeyLogin />
    </Modal>
  )
}

/** NIP-46: a bunker:// link from a remote signer. */
function RemoteLogin() {
  const { login } = useSystem()
  const { busy } = useLogin()
  const [uri, setUri] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    login.send({ type: 'login.remote', uri: uri.trim() })
  }
  return (
    <form className="form" onSubmit={submit}>
      <div className="field">
        <label htmlFor="remote-login">Remote signer (NIP-46)</label>
        <input
          id="remote-login"
          type="text"
          placeholder="bunker://…"
          autoComplete="off"
          spellCheck={false}
          value={uri}
          onChange={(event) => setUri(event.target.value)}
        />
      </div>
      <div className="form-row">
        <button type="submit" className="button" disabled={busy || !uri.trim()}>
          {busy ? 'Connecting…' : 'Connect'}
        </button>
      </div>
    </form>
  )
}

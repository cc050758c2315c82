import { type FormEvent, useState } from 'react'
import { NO_SAVED_ACCOUNTS } from '../../../core/identity/keystore-record.ts'
import { checkPassphraseEntered } from '../../../core/identity/passphrase.ts'
import { Secret } from '../../../core/platform/secret.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { useSystem } from '../../system-context.tsx'
import { PassphraseField } from '../kit/Form.tsx'
import { Modal } from '../kit/Modal.tsx'
import { AccountName } from './AccountName.tsx'

/** Log in with a key saved on this device: pick the account, give its passphrase. */
export function SavedAccountsModal() {
  const { login, keystore } = useSystem()
  const { error: machineError, busy } = useLogin()
  const modal = useModal('savedAccounts')
  const accounts = keystore.savedAccounts()
  const [pubkey, setPubkey] = useState(accounts[0] ?? '')
  const [passphrase, setPassphrase] = useState('')
  const [error, setError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const secret = new Secret(passphrase)
    const problem = checkPassphraseEntered(secret)
    setError(problem)
    if (problem) return
    login.send({ type: 'login.saved', pubkey, passphrase: secret })
    setPassphrase('')
  }

  const shown = error ?? machineError
  return (
    <Modal title="Saved Accounts" onClose={modal.close}>
      {accounts.length === 0 ? (
        <p className="form-hint">{NO_SAVED_ACCOUNTS}</p>
      ) : (
        <form className="form" onSubmit={submit}>
          <fieldset className="choice-list">
            <legend className="form-hint">Account</legend>
            {accounts.map((account) => (
              <label key={account} className="account-card">
                <input
                  type="radio"
                  name="saved-account"
                  value={account}
                  checked={pubkey === account}
                  onChange={() => setPubkey(account)}
                />
                <AccountName pubkey={account} />
              </label>
            ))}
          </fieldset>
          <PassphraseField
            id="saved-passphrase"
            value={passphrase}
            onChange={setPassphrase}
            error={shown}
          />
          <div className="form-row">
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? 'Unlocking…' : 'Unlock & Login'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  )
}

export default SavedAccountsModal

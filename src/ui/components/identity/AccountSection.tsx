import { npubOf } from '../../../core/platform/npub.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { useSystem } from '../../system-context.tsx'
import { CopyButton } from '../kit/CopyButton.tsx'
import { FormError } from '../kit/Form.tsx'
import { AccountName } from './AccountName.tsx'
import { PubkeyLogin } from './PubkeyLogin.tsx'

/** Settings, "User Login and Keys" (spec §2). */
export function AccountSection() {
  const { login, keystore } = useSystem()
  const {
    signedIn,
    pubkey,
    keyStatus,
    locked,
    canViewSecret,
    canSaveKey,
    extensionAvailable,
    error,
  } = useLogin()
  const nsecLogin = useModal('nsecLogin')
  const savedAccounts = useModal('savedAccounts')
  const generateKey = useModal('generateKey')
  const unlockKey = useModal('unlockKey')
  const viewNsec = useModal('viewNsec')
  const saveKey = useModal('passphrasePrompt')
  const signOut = useModal('signOut')

  if (signedIn && pubkey) {
    return (
      <section className="settings-section" aria-labelledby="account-heading">
        <h3 id="account-heading">User Login and Keys</h3>
        <div className="form-row">
          <AccountName pubkey={pubkey} />
          <CopyButton text={npubOf(pubkey)} label="Copy npub" />
        </div>
        <p className="key-status" data-testid="key-status">
          {keyStatus}
          {locked && (
            <>
              {' '}
              <button type="button" className="button-quiet" onClick={() => unlockKey.show()}>
                Unlock key
              </button>
            </>
          )}
        </p>
        <div className="form-row">
          {canViewSecret && (
            <button type="button" className="button" onClick={() => viewNsec.show()}>
              View nsec
            </button>
          )}
          {/* A key kept only in memory can still be saved (spec §4). */}
          {canSaveKey && (
            <button type="button" className="button" onClick={() => saveKey.show()}>
              Save key on this device
            </button>
          )}
          <button type="button" className="button button-danger" onClick={() => signOut.show()}>
            Sign Out
          </button>
        </div>
      </section>
    )
  }

  return (
    <section className="settings-section" aria-labelledby="account-heading">
      <h3 id="account-heading">User Login and Keys</h3>
      <ul className="choice-list">
        <li>
          <button type="button" className="button" onClick={() => generateKey.show()}>
            Generate New User Key
          </button>
        </li>
        {keystore.savedAccounts().length > 0 && (
          <li>
            <button type="button" className="button" onClick={() => savedAccounts.show()}>
              Login with Saved Account
            </button>
          </li>
        )}
        <li>
          <button
            type="button"
            className="button"
            disabled={!extensionAvailable}
            onClick={() => login.send({ type: 'login.nip07' })}
          >
            NIP-07 Extension
          </button>
        </li>
        <li>
          <button type="button" className="button" onClick={() => nsecLogin.show()}>
            Nsec Secret Key
          </button>
        </li>
      </ul>
      <FormError message={error} />
      <PubkeyLogin />
    </section>
  )
}

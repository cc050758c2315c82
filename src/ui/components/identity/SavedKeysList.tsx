import { useSystem } from '../../system-context.tsx'
import { AccountName } from './AccountName.tsx'

/** The secret keys saved on this device, named, for a modal that is about to delete them. */
export function SavedKeysList() {
  const { keystore } = useSystem()
  const accounts = keystore.savedAccounts()
  if (accounts.length === 0) return <p className="form-hint">No saved keys on this device.</p>
  return (
    <ul className="choice-list" aria-label="Saved keys">
      {accounts.map((pubkey) => (
        <li key={pubkey}>
          <AccountName pubkey={pubkey} />
        </li>
      ))}
    </ul>
  )
}

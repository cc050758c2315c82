import { type FormEvent, useEffect, useRef, useState } from 'react'
import { SELECT_WALLET } from '../../../core/lightning/saved-wallets.ts'
import { walletErrorText } from '../../../core/lightning/wallet-connection.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { FormError } from '../kit/Form.tsx'
import { Modal } from '../kit/Modal.tsx'
import { useLightning } from './use-lightning.ts'
import '../identity/account-card.css'

/**
 * Choose one of the user's saved wallets (?savedWallets=true, spec §2, §8): connect it (its
 * pairing string decrypted through the signer) or remove it. Closes once connected.
 */
export function SavedConnectionsModal() {
  const modal = useModal('savedWallets')
  const { wallet, saved, status, error: walletError } = useLightning()
  const [selected, setSelected] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const submitted = useRef(false)

  useEffect(() => wallet.start(), [wallet])
  useEffect(() => {
    if (submitted.current && status === 'connected') void modal.close()
  }, [status, modal])

  const choice = saved.some((entry) => entry.id === selected) ? selected : null
  const connect = (event: FormEvent) => {
    event.preventDefault()
    if (!choice) {
      setError(SELECT_WALLET)
      return
    }
    setError(null)
    submitted.current = true
    wallet.connectSaved(choice)
  }
  const remove = async () => {
    if (!choice) {
      setError(SELECT_WALLET)
      return
    }
    setError(null)
    await wallet.removeSaved(choice)
  }

  const shown = error ?? (submitted.current && walletError ? walletErrorText(walletError) : null)
  return (
    <Modal title="Saved Wallets" onClose={modal.close}>
      {saved.length === 0 ? (
        <p className="form-hint">No saved wallets on this device.</p>
      ) : (
        <form className="form" onSubmit={connect}>
          <fieldset className="choice-list">
            <legend className="form-hint">Wallet</legend>
            {saved.map((entry) => (
              <label key={entry.id} className="account-card">
                <input
                  type="radio"
                  name="saved-wallet"
                  value={entry.id}
                  checked={choice === entry.id}
                  onChange={() => setSelected(entry.id)}
                />
                <span>
                  {entry.name}{' '}
                  <span className="form-hint">
                    {entry.walletType === 'nwc' ? 'NWC' : 'WebLN'} · last used{' '}
                    {new Date(entry.lastUsed).toLocaleDateString()}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <FormError message={shown} />
          <div className="form-row">
            <button
              type="submit"
              className="button button-primary"
              disabled={status === 'connecting'}
            >
              {status === 'connecting' ? 'Connecting…' : 'Connect'}
            </button>
            <button type="button" className="button button-danger" onClick={remove}>
              Remove
            </button>
          </div>
        </form>
      )}
    </Modal>
  )
}

export default SavedConnectionsModal

import { useModal } from '../../hooks/use-modal.ts'
import { ConfirmModal } from '../kit/ConfirmModal.tsx'
import { useLightning } from './use-lightning.ts'

/**
 * Clear Stored Wallet (?clearStoredWallet=true; spec §2 of the Lightning document: the remote
 * wallet connection and its secure storage): disconnects and removes every saved wallet.
 */
export function ClearStoredWalletModal() {
  const modal = useModal('clearStoredWallet')
  const { wallet, saved } = useLightning()
  return (
    <ConfirmModal
      title="Clear Stored Wallet"
      confirmLabel="Clear Stored Wallet"
      done="Stored wallet cleared"
      onClose={modal.close}
      onConfirm={async () => {
        try {
          await wallet.clearStored()
          console.info('Cleared stored wallets')
        } catch (error) {
          console.error('Clearing stored wallets failed', error)
          throw error
        }
      }}
    >
      <p>
        The wallet is disconnected, and its saved connection strings are deleted from this device.
      </p>
      {saved.length > 0 && (
        <ul aria-label="Saved wallets">
          {saved.map((entry) => (
            <li key={entry.id}>{entry.name}</li>
          ))}
        </ul>
      )}
    </ConfirmModal>
  )
}

export default ClearStoredWalletModal

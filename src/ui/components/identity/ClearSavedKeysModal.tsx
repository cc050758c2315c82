import { useModal } from '../../hooks/use-modal.ts'
import { useSystem } from '../../system-context.tsx'
import { ConfirmModal } from '../kit/ConfirmModal.tsx'
import { SavedKeysList } from './SavedKeysList.tsx'

/**
 * Clear Saved Keys (?clearSavedKeys=true): every secret key saved on this device, named first. A
 * key in use stays in memory until sign-out; saved wallets are Clear Stored Wallet's.
 */
export function ClearSavedKeysModal() {
  const modal = useModal('clearSavedKeys')
  const { keystore } = useSystem()
  return (
    <ConfirmModal
      title="Clear Saved Keys"
      confirmLabel="Clear Saved Keys"
      done="Saved keys cleared"
      onClose={modal.close}
      onConfirm={async () => {
        try {
          await keystore.clearKeys()
          console.info('Cleared saved keys')
        } catch (error) {
          console.error('Clearing saved keys failed', error)
          throw error
        }
      }}
    >
      <p>
        These keys will be deleted from this device. Without a copy of the nsec you cannot log in to
        them again.
      </p>
      <SavedKeysList />
    </ConfirmModal>
  )
}

export default ClearSavedKeysModal

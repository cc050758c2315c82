import { useModal } from '../../hooks/use-modal.ts'
import { Modal } from '../Modal.tsx'
import { RelaySection } from '../relays/RelaySection.tsx'
import { AccountSection } from './AccountSection.tsx'

/** Settings: a full-screen overlay (?settings=true) with a Back button (spec §2). */
export function SettingsOverlay() {
  const settings = useModal('settings')
  return (
    <Modal title="Settings" onClose={settings.close} fullScreen>
      <AccountSection />
      <RelaySection />
    </Modal>
  )
}

export default SettingsOverlay

import { useModal } from '../../hooks/use-modal.ts'
import { Modal } from '../Modal.tsx'
import { RelaySection } from '../relays/RelaySection.tsx'
import { AccountSection } from './AccountSection.tsx'
import { FiltersSection } from './FiltersSection.tsx'
import { ModesSection } from './ModesSection.tsx'

/** Settings: a full-screen overlay (?settings=true) with a Back button (spec §2). */
export function SettingsOverlay() {
  const settings = useModal('settings')
  return (
    <Modal title="Settings" onClose={settings.close} fullScreen>
      <ModesSection />
      <FiltersSection />
      <AccountSection />
      <RelaySection />
    </Modal>
  )
}

export default SettingsOverlay

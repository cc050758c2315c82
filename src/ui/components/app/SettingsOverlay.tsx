import { useModal } from '../../hooks/use-modal.ts'
import { EcashSection } from '../ecash/EcashSection.tsx'
import { FiltersSection } from '../feed/FiltersSection.tsx'
import { AccountSection } from '../identity/AccountSection.tsx'
import { Modal } from '../kit/Modal.tsx'
import { WalletSection } from '../lightning/LightningSection.tsx'
import { PowSection } from '../publish/PowSection.tsx'
import { RelaySection } from '../relays/RelaySection.tsx'
import { CacheSection } from './CacheSection.tsx'
import { ModesSection } from './ModesSection.tsx'
import './settings.css'

/** Settings: a full-screen overlay (?settings=true) with a Back button (spec §2). */
export function SettingsOverlay() {
  const settings = useModal('settings')
  return (
    <Modal title="Settings" onClose={settings.close} fullScreen>
      <ModesSection />
      <FiltersSection />
      <WalletSection />
      <EcashSection />
      <AccountSection />
      <CacheSection />
      <RelaySection />
      <PowSection />
    </Modal>
  )
}

export default SettingsOverlay

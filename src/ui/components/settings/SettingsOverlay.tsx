import { useModal } from '../../hooks/use-modal.ts'
import { Modal } from '../Modal.tsx'
import { RelaySection } from '../relays/RelaySection.tsx'
import { AccountSection } from './AccountSection.tsx'
import { CacheSection } from './CacheSection.tsx'
import { EcashSection } from './EcashSection.tsx'
import { FiltersSection } from './FiltersSection.tsx'
import { ModesSection } from './ModesSection.tsx'
import { PowSection } from './PowSection.tsx'
import { WalletSection } from './WalletSection.tsx'

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

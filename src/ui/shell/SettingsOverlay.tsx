import { CacheSection } from '../components/app/CacheSection.tsx'
import { ModesSection } from '../components/app/ModesSection.tsx'
import './settings.css'
import { EcashSection } from '../components/ecash/EcashSection.tsx'
import { FiltersSection } from '../components/feed/FiltersSection.tsx'
import { AccountSection } from '../components/identity/AccountSection.tsx'
import { Modal } from '../components/kit/Modal.tsx'
import { LightningSection } from '../components/lightning/LightningSection.tsx'
import { FollowListSection } from '../components/people/FollowListSection.tsx'
import { MutesSection } from '../components/people/MutesSection.tsx'
import { PowSection } from '../components/publish/PowSection.tsx'
import { RelaySection } from '../components/relays/RelaySection.tsx'
import { useModal } from '../hooks/use-modal.ts'

/** Settings: a full-screen overlay (?settings=true) with a Back button (spec §2). */
export function SettingsOverlay() {
  const settings = useModal('settings')
  return (
    <Modal title="Settings" onClose={settings.close} fullScreen>
      <ModesSection />
      <FiltersSection />
      <LightningSection />
      <EcashSection />
      <AccountSection />
      <FollowListSection />
      <MutesSection />
      <CacheSection />
      <RelaySection />
      <PowSection />
    </Modal>
  )
}

export default SettingsOverlay

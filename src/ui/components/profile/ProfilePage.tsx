import { Outlet } from '@tanstack/react-router'
import { INVALID_NPUB } from '../../../core/route-ids.ts'
import {
  useContactsModal,
  useProfileParam,
  useRelayDiscoveryModal,
} from '../../hooks/use-profile.ts'
import { ContactsModal } from './ContactsModal.tsx'
import { ProfileBack } from './ProfileBack.tsx'
import { ProfileHeader } from './ProfileHeader.tsx'
import { ProfileTabs } from './ProfileTabs.tsx'
import { RelayDiscoveryModal } from './RelayDiscoveryModal.tsx'

/** /npub/{npub}: header, tabs (child routes) and the profile's URL-held modals. */
export function ProfilePage() {
  const { param, target } = useProfileParam()
  const contacts = useContactsModal()
  const discovery = useRelayDiscoveryModal()
  if (!target) {
    return (
      <section className="profile" aria-label="Profile">
        <ProfileBack />
        <p className="feed-message" role="alert">
          {INVALID_NPUB}
        </p>
      </section>
    )
  }
  // Keyed by person: another profile starts with fresh state, not the last one's.
  return (
    <section key={target.pubkey} className="profile" aria-label="Profile">
      <ProfileBack />
      <ProfileHeader target={target} />
      <ProfileTabs param={param} />
      <div className="profile-tab">
        <Outlet />
      </div>
      {contacts.view && <ContactsModal view={contacts.view} onClose={contacts.close} />}
      {discovery.open && <RelayDiscoveryModal target={target} onClose={discovery.close} />}
    </section>
  )
}

import { Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { INVALID_NPUB } from '../../../core/app/route-ids.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { ContactsModal } from './ContactsModal.tsx'
import { ProfileBack } from './ProfileBack.tsx'
import { ProfileHeader } from './ProfileHeader.tsx'
import { ProfileTabs } from './ProfileTabs.tsx'
import { RelayDiscoveryModal } from './RelayDiscoveryModal.tsx'
import { useContactsModal, useProfileParam, useRelayDiscoveryModal } from './use-profile.ts'

// The form, its checks and the publishing code load when the modal first opens.
const EditProfileModal = lazy(() => import('./EditProfileModal.tsx'))

/** /npub/{npub}: header, tabs (child routes) and the profile's URL-held modals. */
export function ProfilePage() {
  const { param, target } = useProfileParam()
  const contacts = useContactsModal()
  const discovery = useRelayDiscoveryModal()
  const editing = useModal('edit').open
  const { signedIn, pubkey: user } = useLogin()
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
      {/* Only one's own profile can be edited (spec §2: edit=true). */}
      {editing && signedIn && user === target.pubkey && (
        <Suspense fallback={null}>
          <EditProfileModal user={user} />
        </Suspense>
      )}
    </section>
  )
}

import { createFileRoute } from '@tanstack/react-router'
import { parseModalSearch } from '../../core/app/modal-search.ts'
import { parseProfileSearch } from '../../core/people/profile-search.ts'
import { NutzapButton } from '../components/ecash/NutzapButton.tsx'
import { ProfilePage } from '../components/people/ProfilePage.tsx'
import { ProfilePaySlot } from '../components/people/profile-pay-slot.ts'

/** /npub/{npub}: an npub, an nprofile or 64 hex (spec §2); its tabs are the child routes. */
export const Route = createFileRoute('/npub/$npub')({
  validateSearch: (raw: Record<string, unknown>) => ({
    ...parseModalSearch(raw),
    ...parseProfileSearch(raw),
  }),
  component: ProfileRoute,
})

function ProfileRoute() {
  return (
    <ProfilePaySlot.Provider value={NutzapButton}>
      <ProfilePage />
    </ProfilePaySlot.Provider>
  )
}

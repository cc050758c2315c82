import { lazy, Suspense, useContext, useState } from 'react'
import { useGated } from '../../hooks/use-gated.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { ActionError } from './ActionError.tsx'
import { FollowButton } from './FollowButton.tsx'
import { MuteButton } from './MuteButton.tsx'
import { ProfilePaySlot } from './profile-pay-slot.ts'
import { useRelayDiscoveryModal } from './use-profile.ts'
import './profile-actions.css'

// The dialog, and the publishing behind it, load on the first Report.
const ReportDialog = lazy(() =>
  import('./ReportDialog.tsx').then(({ ReportDialog }) => ({ default: ReportDialog })),
)

/**
 * What one can do on a profile: on one's own, edit it; on anyone else's, follow and mute them,
 * and, logged in, report them (NIP-56). Relay discovery on every profile.
 */
export function ProfileActions({ pubkey }: { pubkey: string }) {
  const Pay = useContext(ProfilePaySlot)
  const { signedIn, pubkey: user } = useLogin()
  const own = signedIn && user === pubkey
  return (
    <div className="profile-actions">
      {own ? (
        <EditProfileButton />
      ) : (
        <>
          <FollowButton pubkey={pubkey} />
          <MuteButton pubkey={pubkey} />
          {Pay && <Pay pubkey={pubkey} />}
          {signedIn && <ReportButton pubkey={pubkey} />}
        </>
      )}
      <DiscoverButton />
    </div>
  )
}

/** Opens edit=true; a locked key is unlocked first, a public-key-only login cannot edit. */
function EditProfileButton() {
  const edit = useModal('edit')
  const gate = useGated('edit profile')
  const [shown, setShown] = useState(false)
  const click = () => {
    setShown(true)
    gate.run(() => void edit.show())
  }
  return (
    <>
      <button type="button" className="button" onClick={click}>
        Edit profile
      </button>
      {shown && gate.problem && (
        <ActionError message={gate.problem} detail={null} onDismiss={() => setShown(false)} />
      )}
    </>
  )
}

function ReportButton({ pubkey }: { pubkey: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Report
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={{ pubkey }} close={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}

function DiscoverButton() {
  const discovery = useRelayDiscoveryModal()
  return (
    <button type="button" className="button profile-discover" onClick={discovery.show}>
      Relay discovery
    </button>
  )
}

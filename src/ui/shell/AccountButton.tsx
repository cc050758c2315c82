import { profileParam } from '../../core/app/route-ids.ts'
import { Glyph, IconButton, IconLink } from '../components/kit/IconButton.tsx'
import { ProfileAvatar } from '../components/people/ProfileAvatar.tsx'
import { useLogin } from '../hooks/use-login.ts'
import { useModal } from '../hooks/use-modal.ts'
import { useSystem } from '../system-context.tsx'
import './account-button.css'

/** The name and tooltip of the account button while the saved key is locked. */
const KEY_LOCKED_LABEL = 'Key locked — unlock'

/**
 * The header's account button (spec §2): the avatar, to the user's profile; while a saved key is
 * locked (spec §4: it comes back locked after a reload) the avatar with a lock, opening the unlock
 * modal; logged out, the login options.
 */
export function AccountButton() {
  const { login } = useSystem()
  const { signedIn, pubkey, locked } = useLogin()
  const unlockKey = useModal('unlockKey')
  if (signedIn && pubkey && locked) {
    return (
      <IconButton
        label={KEY_LOCKED_LABEL}
        title={KEY_LOCKED_LABEL}
        className="account-locked"
        onClick={() => unlockKey.show()}
      >
        <ProfileAvatar pubkey={pubkey} />
        <svg className="account-lock" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
          />
        </svg>
      </IconButton>
    )
  }
  if (signedIn && pubkey) {
    return (
      <IconLink to="/npub/$npub" params={{ npub: profileParam(pubkey) }} aria-label="Your profile">
        <ProfileAvatar pubkey={pubkey} />
      </IconLink>
    )
  }
  return (
    <IconButton label="Log in" onClick={() => login.send({ type: 'login.requested' })}>
      <Glyph path="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z" />
    </IconButton>
  )
}

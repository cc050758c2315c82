import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useLogin } from '../hooks/use-login.ts'
import { useModal } from '../hooks/use-modal.ts'
import { KeyGenModal } from './login/KeyGenModal.tsx'
import { LoginOptionsModal } from './login/LoginOptionsModal.tsx'
import { NsecLoginModal } from './login/NsecLoginModal.tsx'
import { SavedAccountsModal } from './login/SavedAccountsModal.tsx'
import { SignOutModal } from './login/SignOutModal.tsx'
import { UnlockKeyModal } from './login/UnlockKeyModal.tsx'
import { ViewNsecModal } from './login/ViewNsecModal.tsx'
import { SettingsOverlay } from './settings/SettingsOverlay.tsx'

/** Every overlay the URL (or the login gate) says is open, stacked in a fixed order. */
export function Overlays() {
  const { choosing } = useLogin()
  const settings = useModal('settings').open
  const nsecLogin = useModal('nsecLogin').open
  const savedAccounts = useModal('savedAccounts').open
  const generateKey = useModal('generateKey').open
  const unlockKey = useModal('unlockKey').open
  const viewNsec = useModal('viewNsec').open
  const signOut = useModal('signOut').open
  useCloseFinished()
  return (
    <>
      {settings && <SettingsOverlay />}
      {choosing && <LoginOptionsModal />}
      {nsecLogin && <NsecLoginModal />}
      {savedAccounts && <SavedAccountsModal />}
      {generateKey && <KeyGenModal />}
      {unlockKey && <UnlockKeyModal />}
      {viewNsec && <ViewNsecModal />}
      {signOut && <SignOutModal />}
    </>
  )
}

/** Login modals close once the login succeeds; account modals once the user signed out. */
function useCloseFinished() {
  const navigate = useNavigate()
  const { signedIn, locked } = useLogin()
  const was = useRef({ signedIn, locked })
  useEffect(() => {
    const before = was.current
    was.current = { signedIn, locked }
    const closing: Record<string, undefined> = {}
    if (signedIn && !before.signedIn)
      Object.assign(closing, {
        nsecLogin: undefined,
        savedAccounts: undefined,
        generateKey: undefined,
      })
    if (!signedIn && before.signedIn)
      Object.assign(closing, { signOut: undefined, viewNsec: undefined, unlockKey: undefined })
    if (!locked && before.locked && signedIn) Object.assign(closing, { unlockKey: undefined })
    if (Object.keys(closing).length > 0) {
      void navigate({ to: '.', search: (prev) => ({ ...prev, ...closing }), replace: true })
    }
  }, [signedIn, locked, navigate])
}

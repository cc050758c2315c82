import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useRef } from 'react'
import { useLogin } from '../hooks/use-login.ts'
import { useModal, useRemoveRelayModal } from '../hooks/use-modal.ts'
import { useNoteModal } from '../hooks/use-note-modal.ts'
import { useThreadModal } from '../hooks/use-thread-modal.ts'

// Overlays and the crypto behind them load when first opened, not before the first note.
const SettingsOverlay = lazy(() => import('./settings/SettingsOverlay.tsx'))
const LoginOptionsModal = lazy(() => import('./login/LoginOptionsModal.tsx'))
const NsecLoginModal = lazy(() => import('./login/NsecLoginModal.tsx'))
const SavedAccountsModal = lazy(() => import('./login/SavedAccountsModal.tsx'))
const KeyGenModal = lazy(() => import('./login/KeyGenModal.tsx'))
const UnlockKeyModal = lazy(() => import('./login/UnlockKeyModal.tsx'))
const SaveKeyModal = lazy(() => import('./login/SaveKeyModal.tsx'))
const ViewNsecModal = lazy(() => import('./login/ViewNsecModal.tsx'))
const SignOutModal = lazy(() => import('./login/SignOutModal.tsx'))
const RemoveRelayModal = lazy(() => import('./relays/RemoveRelayModal.tsx'))
const RelayHealthModal = lazy(() => import('./relays/RelayHealthModal.tsx'))
const AuxRelaysModal = lazy(() => import('./relays/AuxRelaysModal.tsx'))
const ResetPreferencesModal = lazy(() => import('./settings/ResetPreferencesModal.tsx'))
const ClearCacheModal = lazy(() => import('./settings/ClearCacheModal.tsx'))
const ClearStoredWalletModal = lazy(() => import('./settings/ClearStoredWalletModal.tsx'))
const ClearSavedKeysModal = lazy(() => import('./settings/ClearSavedKeysModal.tsx'))
const ClearEverythingModal = lazy(() => import('./settings/ClearEverythingModal.tsx'))
const WalletConnectModal = lazy(() => import('./wallet/WalletConnectModal.tsx'))
const SavedWalletsModal = lazy(() => import('./wallet/SavedWalletsModal.tsx'))
const ThreadModal = lazy(() => import('./thread/ThreadModal.tsx'))
const ReplyModal = lazy(() => import('./compose/ReplyModal.tsx'))
const RepostModal = lazy(() => import('./compose/RepostModal.tsx'))
const ZapModal = lazy(() => import('./zap/ZapModal.tsx'))

/** Every overlay the URL (or the login gate) says is open, stacked in a fixed order. */
export function Overlays() {
  const { choosing } = useLogin()
  const settings = useModal('settings').open
  const nsecLogin = useModal('nsecLogin').open
  const savedAccounts = useModal('savedAccounts').open
  const generateKey = useModal('generateKey').open
  const unlockKey = useModal('unlockKey').open
  const passphrasePrompt = useModal('passphrasePrompt').open
  const viewNsec = useModal('viewNsec').open
  const signOut = useModal('signOut').open
  const relayHealth = useModal('relayHealth').open
  const auxRelays = useModal('auxRelays').open
  const resetPreferences = useModal('resetPreferences').open
  const clearCache = useModal('clearCache').open
  const clearContactsCache = useModal('clearContactsCache').open
  const clearSavedKeys = useModal('clearSavedKeys').open
  const clearStoredWallet = useModal('clearStoredWallet').open
  const clearAllCaches = useModal('clearAllCaches').open
  const walletConnect = useModal('walletConnect').open
  const savedWallets = useModal('savedWallets').open
  const removeRelay = useRemoveRelayModal().url
  const thread = useThreadModal().param
  const reply = useNoteModal('reply').param
  const repost = useNoteModal('repost').param
  const zap = useNoteModal('zap').param
  useCloseFinished()
  return (
    <Suspense fallback={null}>
      {thread !== null && <ThreadModal param={thread} />}
      {reply !== null && <ReplyModal key={reply} param={reply} />}
      {repost !== null && <RepostModal key={repost} param={repost} />}
      {zap !== null && <ZapModal key={zap} param={zap} />}
      {settings && <SettingsOverlay />}
      {choosing && <LoginOptionsModal />}
      {nsecLogin && <NsecLoginModal />}
      {savedAccounts && <SavedAccountsModal />}
      {generateKey && <KeyGenModal />}
      {unlockKey && <UnlockKeyModal />}
      {passphrasePrompt && <SaveKeyModal />}
      {viewNsec && <ViewNsecModal />}
      {signOut && <SignOutModal />}
      {relayHealth && <RelayHealthModal />}
      {auxRelays && <AuxRelaysModal />}
      {resetPreferences && <ResetPreferencesModal />}
      {clearCache && <ClearCacheModal kind="clearCache" />}
      {clearContactsCache && <ClearCacheModal kind="clearContactsCache" />}
      {clearSavedKeys && <ClearSavedKeysModal />}
      {clearStoredWallet && <ClearStoredWalletModal />}
      {clearAllCaches && <ClearEverythingModal />}
      {walletConnect && <WalletConnectModal />}
      {savedWallets && <SavedWalletsModal />}
      {removeRelay && <RemoveRelayModal url={removeRelay} />}
    </Suspense>
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
    if (signedIn && !before.signedIn) {
      Object.assign(closing, {
        nsecLogin: undefined,
        savedAccounts: undefined,
        generateKey: undefined,
      })
    }
    if (!signedIn && before.signedIn) {
      Object.assign(closing, { signOut: undefined, viewNsec: undefined, unlockKey: undefined })
    }
    if (!locked && before.locked && signedIn) Object.assign(closing, { unlockKey: undefined })
    if (Object.keys(closing).length > 0) {
      void navigate({ to: '.', search: (prev) => ({ ...prev, ...closing }), replace: true })
    }
  }, [signedIn, locked, navigate])
}

export default Overlays

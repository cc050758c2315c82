import { useNavigate } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react'
import { useNoteModal } from '../components/feed/use-note-modal.ts'
import { useThreadModal } from '../components/feed/use-thread-modal.ts'
import { useLogin } from '../hooks/use-login.ts'
import { useModal, useRemoveRelayModal } from '../hooks/use-modal.ts'
import { loadNotificationsSquare } from './signed-in-header.ts'

// Overlays and the crypto behind them load when first opened, not before the first note.
const SettingsOverlay = lazy(() => import('./SettingsOverlay.tsx'))
const LoginOptionsModal = lazy(() => import('../components/identity/LoginOptionsModal.tsx'))
const NsecLoginModal = lazy(() => import('../components/identity/NsecLoginModal.tsx'))
const SavedAccountsModal = lazy(() => import('../components/identity/SavedAccountsModal.tsx'))
const KeyGenModal = lazy(() => import('../components/identity/KeyGenModal.tsx'))
const UnlockKeyModal = lazy(() => import('../components/identity/UnlockKeyModal.tsx'))
const SaveKeyModal = lazy(() => import('../components/identity/SaveKeyModal.tsx'))
const ViewNsecModal = lazy(() => import('../components/identity/ViewNsecModal.tsx'))
const SignOutModal = lazy(() => import('../components/identity/SignOutModal.tsx'))
const RemoveRelayModal = lazy(() => import('../components/relays/RemoveRelayModal.tsx'))
const RelayHealthModal = lazy(() => import('../components/relays/RelayHealthModal.tsx'))
const AuxRelaysOverlay = lazy(() => import('./AuxRelaysOverlay.tsx'))
const ResetPreferencesModal = lazy(() => import('../components/app/ResetPreferencesModal.tsx'))
const ClearCacheModal = lazy(() => import('./ClearCacheModal.tsx'))
const ClearStoredWalletModal = lazy(
  () => import('../components/lightning/ClearStoredWalletModal.tsx'),
)
const ClearSavedKeysModal = lazy(() => import('../components/identity/ClearSavedKeysModal.tsx'))
const ClearEverythingModal = lazy(() => import('./ClearEverythingModal.tsx'))
const ConnectLightningModal = lazy(
  () => import('../components/lightning/ConnectLightningModal.tsx'),
)
const SavedConnectionsModal = lazy(
  () => import('../components/lightning/SavedConnectionsModal.tsx'),
)
const ThreadModal = lazy(() => import('../components/feed/ThreadModal.tsx'))
const ReplyModal = lazy(() => import('../components/publish/ReplyModal.tsx'))
const RepostModal = lazy(() => import('../components/publish/RepostModal.tsx'))
const ZapModal = lazy(() => import('./ZapModal.tsx'))
const DeleteNoteModal = lazy(() => import('../components/publish/DeleteNoteModal.tsx'))
const ReportNoteModal = lazy(() => import('../components/publish/ReportNoteModal.tsx'))

/**
 * Every overlay the URL (or the login gate) says is open, stacked in a fixed order. A login
 * dialog is for someone signed out and an account dialog for someone signed in: each goes in the
 * render that changes the login, its URL a task later (useCloseFinished).
 */
export function Overlays() {
  const { choosing, signedIn, locked } = useLogin()
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
  const deleting = useNoteModal('delete').param
  const reporting = useNoteModal('report').param
  useCloseFinished(signedIn, locked)
  // While someone signed out has Settings or a login dialog open, the logged-in header's code
  // loads (signed-in-header.ts); a failed load is the header's to try again.
  const loginNear = !signedIn && (settings || choosing || nsecLogin || savedAccounts || generateKey)
  useEffect(() => {
    if (loginNear) loadNotificationsSquare().catch(() => {})
  }, [loginNear])
  return (
    <Stack
      layers={[
        thread !== null && <ThreadModal param={thread} />,
        reply !== null && <ReplyModal key={reply} param={reply} />,
        repost !== null && <RepostModal key={repost} param={repost} />,
        zap !== null && <ZapModal key={zap} param={zap} />,
        deleting !== null && <DeleteNoteModal key={deleting} param={deleting} />,
        reporting !== null && <ReportNoteModal key={reporting} param={reporting} />,
        settings && <SettingsOverlay />,
        choosing && <LoginOptionsModal />,
        nsecLogin && !signedIn && <NsecLoginModal />,
        savedAccounts && !signedIn && <SavedAccountsModal />,
        generateKey && !signedIn && <KeyGenModal />,
        unlockKey && locked && <UnlockKeyModal />,
        passphrasePrompt && <SaveKeyModal />,
        viewNsec && signedIn && <ViewNsecModal />,
        signOut && signedIn && <SignOutModal />,
        relayHealth && <RelayHealthModal />,
        auxRelays && <AuxRelaysOverlay />,
        resetPreferences && <ResetPreferencesModal />,
        clearCache && <ClearCacheModal kind="clearCache" />,
        clearContactsCache && <ClearCacheModal kind="clearContactsCache" />,
        clearSavedKeys && <ClearSavedKeysModal />,
        clearStoredWallet && <ClearStoredWalletModal />,
        clearAllCaches && <ClearEverythingModal />,
        walletConnect && <ConnectLightningModal />,
        savedWallets && <SavedConnectionsModal />,
        removeRelay && <RemoveRelayModal url={removeRelay} />,
      ]}
    />
  )
}

/**
 * Overlays in stacking order, each in a Suspense boundary that holds the ones above it. One whose
 * code is still loading hides only itself and those above (React hides a boundary's shown content
 * while it suspends: with one boundary for all, Settings went blank while a dialog opened from it
 * loaded, and the focus was lost); and overlays opened together (a shared link) still open bottom
 * first, the top one last in the browser's top layer.
 */
function Stack({ layers: [layer, ...above] }: { layers: ReactNode[] }) {
  return (
    <Suspense fallback={null}>
      {layer}
      {above.length > 0 && <Stack layers={above} />}
    </Suspense>
  )
}

/** Login modals close once the login succeeds; account modals once the user signed out. */
function useCloseFinished(signedIn: boolean, locked: boolean) {
  const navigate = useNavigate()
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
    if (Object.keys(closing).length === 0) return
    // A task of its own: the router's history and the scroll memory's read of the page, in the
    // task of the login's render, made it 50-77 ms long (bench, ncryptsec login). Not cancelled
    // when the login changes again meanwhile (signed in, then unlocked): each close is owed.
    setTimeout(() => {
      void navigate({ to: '.', search: (prev) => ({ ...prev, ...closing }), replace: true })
    })
  }, [signedIn, locked, navigate])
}

export default Overlays

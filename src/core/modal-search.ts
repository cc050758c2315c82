/**
 * Which overlays are open, as URL query flags (spec §2: settings=true, nsecLogin=true, ...), so a
 * reload or a shared link reopens them and Back closes them. The login options modal is not here:
 * it is the login gate of the login machine, which also holds the pending action.
 */
import { normalizeRelayUrl } from './relay-url.ts'

export const MODAL_FLAGS = [
  'settings',
  'nsecLogin',
  'savedAccounts',
  'unlockKey',
  /** Save an in-memory nsec under a passphrase (spec §2: passphrasePrompt=true). */
  'passphrasePrompt',
  'signOut',
  'generateKey',
  'viewNsec',
  'relayHealth',
  'auxRelays',
  /** Confirm modals of the Cache section (spec §2). */
  'resetPreferences',
  'clearCache',
  'clearContactsCache',
  'clearSavedKeys',
  'clearStoredWallet',
  'clearAllCaches',
  /** Edit profile, on one's own profile page only (spec §2: edit=true). */
  'edit',
  /** Lightning Wallet: connect by pairing string, choose a saved wallet (spec §2). */
  'walletConnect',
  'savedWallets',
] as const

export type ModalFlag = (typeof MODAL_FLAGS)[number]
export type ModalSearch = Partial<Record<ModalFlag, true>> & {
  /** The relay the remove-relay confirm modal asks about (spec §2: removeRelay={relay url}). */
  removeRelay?: string
  /** The note whose thread shows as a modal over the page (spec §2: thread={id}, 64 hex). */
  thread?: string
  /** The note a reply is being written to, in a modal (spec §2: reply={id}, 64 hex). */
  reply?: string
  /** The note being reposted or quoted, in a modal (spec §2: repost={id}, 64 hex). */
  repost?: string
}

const NOTE_ID = /^[0-9a-f]{64}$/i

/** Keeps the flags that are `true` (or the string "true"), a valid removeRelay URL and thread id. */
export function parseModalSearch(raw: Record<string, unknown>): ModalSearch {
  const search: ModalSearch = {}
  for (const flag of MODAL_FLAGS) {
    if (raw[flag] === true || raw[flag] === 'true') search[flag] = true
  }
  const removeRelay =
    typeof raw.removeRelay === 'string' ? normalizeRelayUrl(raw.removeRelay) : null
  if (removeRelay) search.removeRelay = removeRelay
  if (typeof raw.thread === 'string' && NOTE_ID.test(raw.thread)) {
    search.thread = raw.thread.toLowerCase()
  }
  for (const key of ['reply', 'repost'] as const) {
    const id = raw[key]
    if (typeof id === 'string' && NOTE_ID.test(id)) search[key] = id.toLowerCase()
  }
  return search
}

/** Whether the URL opens any overlay at all (the overlay layer loads only then). */
export const anyOverlayOpen = (search: ModalSearch): boolean =>
  MODAL_FLAGS.some((flag) => search[flag] === true) ||
  search.removeRelay !== undefined ||
  search.thread !== undefined ||
  search.reply !== undefined ||
  search.repost !== undefined

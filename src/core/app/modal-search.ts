/**
 * Which overlays are open, as URL query flags (spec §2: settings=true, nsecLogin=true, ...), so a
 * reload or a shared link reopens them and Back closes them. The login options modal is not here:
 * it is the login gate of the login machine, which also holds the pending action.
 */
import { normalizeRelayUrl } from '../relays/relay-url.ts'

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

/**
 * The modals about one note, each named by its parameter: the thread (spec §2: thread={id}), a
 * reply (reply={id}), a repost or quote (repost={id}), a zap (zap={id}; the spec names no
 * parameter for it, this one follows the others), the confirmation of deleting one's own note
 * (delete={id}, alike), reporting someone else's note (report={id}, alike). The value is kept as written, whatever it is: the modal reads it with
 * parseNoteSearchParam and says when it names no note.
 */
export const NOTE_SEARCH_PARAMS = ['thread', 'reply', 'repost', 'zap', 'delete', 'report'] as const
export type NoteSearchParam = (typeof NOTE_SEARCH_PARAMS)[number]

export type ModalSearch = Partial<Record<ModalFlag, true>> & {
  /** The relay the remove-relay confirm modal asks about (spec §2: removeRelay={relay url}). */
  removeRelay?: string
} & Partial<Record<NoteSearchParam, string>>

/** The value as the URL has it: the router reads `123` as a number and `true` as a boolean. */
const asWritten = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value)

/**
 * Keeps the flags that are `true` (or the string "true"), a valid removeRelay URL, and each note
 * parameter as written. The router lays this over the raw query, so a note parameter must always
 * be replaced here: a raw value left through would reach the modals unread.
 */
export function parseModalSearch(raw: Record<string, unknown>): ModalSearch {
  const search: ModalSearch = {}
  for (const flag of MODAL_FLAGS) {
    if (raw[flag] === true || raw[flag] === 'true') search[flag] = true
  }
  const removeRelay =
    typeof raw.removeRelay === 'string' ? normalizeRelayUrl(raw.removeRelay) : null
  if (removeRelay) search.removeRelay = removeRelay
  for (const param of NOTE_SEARCH_PARAMS) {
    if (raw[param] !== undefined) search[param] = asWritten(raw[param])
  }
  return search
}

/** Whether the URL opens any overlay at all (the overlay layer loads only then). */
export const anyOverlayOpen = (search: ModalSearch): boolean =>
  MODAL_FLAGS.some((flag) => search[flag] === true) ||
  search.removeRelay !== undefined ||
  NOTE_SEARCH_PARAMS.some((param) => search[param] !== undefined)

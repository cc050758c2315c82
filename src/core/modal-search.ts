/**
 * Which overlays are open, as URL query flags (spec §2: settings=true, nsecLogin=true, ...), so a
 * reload or a shared link reopens them and Back closes them. The login options modal is not here:
 * it is the login gate of the login machine, which also holds the pending action.
 */
export const MODAL_FLAGS = [
  'settings',
  'nsecLogin',
  'savedAccounts',
  'unlockKey',
  'signOut',
  'generateKey',
  'viewNsec',
] as const

export type ModalFlag = (typeof MODAL_FLAGS)[number]
export type ModalSearch = Partial<Record<ModalFlag, true>>

/** Keeps the flags that are `true` (or the string "true"); drops anything else. */
export function parseModalSearch(raw: Record<string, unknown>): ModalSearch {
  const search: ModalSearch = {}
  for (const flag of MODAL_FLAGS) {
    if (raw[flag] === true || raw[flag] === 'true') search[flag] = true
  }
  return search
}

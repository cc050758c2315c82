/**
 * The saved-accounts list (spec §3: nostrSavedAccounts): the pubkeys of the keys saved on this
 * device, mirrored in localStorage from the keystore so the login options are drawn synchronously,
 * without opening IndexedDB.
 */
export const SAVED_ACCOUNTS_KEY = 'nostrSavedAccounts'

export interface SavedAccount {
  pubkey: string
}

export type AccountStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const HEX_KEY = /^[0-9a-f]{64}$/i

export function defaultAccountStorage(): AccountStorage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null // access denied (storage disabled): the list is only a mirror
  }
}

/** Hex pubkeys, newest first; entries that are not one are left out. */
export function readSavedAccounts(storage: AccountStorage | null): string[] {
  try {
    const list: unknown = JSON.parse(storage?.getItem(SAVED_ACCOUNTS_KEY) ?? '[]')
    if (!Array.isArray(list)) return []
    const pubkeys = list.map((entry: unknown) =>
      typeof entry === 'string' ? entry : (entry as Partial<SavedAccount> | null)?.pubkey,
    )
    return pubkeys.filter((pubkey): pubkey is string => HEX_KEY.test(String(pubkey)))
  } catch {
    return []
  }
}

export function writeSavedAccounts(storage: AccountStorage | null, pubkeys: string[]): void {
  try {
    if (pubkeys.length === 0) storage?.removeItem(SAVED_ACCOUNTS_KEY)
    else storage?.setItem(SAVED_ACCOUNTS_KEY, JSON.stringify(pubkeys.map((pubkey) => ({ pubkey }))))
  } catch {
    // Quota or disabled storage: the store stays the truth, the mirror catches up next time.
  }
}

/**
 * The keystore, loaded at its first use: IndexedDB access (localforage) and the record crypto are
 * not needed to read the feed. Only the saved-accounts list is read at once, from its mirror.
 */
import type { Keystore } from './keystore.ts'
import { defaultAccountStorage, readSavedAccounts } from './saved-accounts.ts'

export function lazyKeystore(): Keystore {
  let loading: Promise<Keystore> | undefined
  const store = () => {
    loading ??= import('./keystore.ts').then((module) => module.createKeystore())
    return loading
  }
  return {
    saveKey: async (record) => (await store()).saveKey(record),
    loadKey: async (pubkey) => (await store()).loadKey(pubkey),
    unlock: async (pubkey, passphrase, options) =>
      (await store()).unlock(pubkey, passphrase, options),
    deleteKey: async (pubkey) => (await store()).deleteKey(pubkey),
    listSavedPubkeys: async () => (await store()).listSavedPubkeys(),
    clearKeys: async () => (await store()).clearKeys(),
    savedAccounts: () => readSavedAccounts(defaultAccountStorage()),
  }
}

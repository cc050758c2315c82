/**
 * The device's saved keys: encrypted records (keystore-record.ts) in IndexedDB through localforage,
 * database 'nostr-feed', store 'keystore', keyed by 'nsec_' + hex pubkey. The list of saved accounts
 * (pubkeys only) is mirrored in localStorage under 'nostrSavedAccounts' so the login options can be
 * drawn synchronously; every change to the store rewrites it from the store.
 *
 * No explicit database version: localforage manages it. Old record shapes are migrated when read,
 * the migrated copy written before any old copy is removed, and a record that cannot be migrated
 * is left exactly as it is: a saved key is never lost on upgrade.
 */
import localforage from 'localforage'
import type { CryptoLike } from '../../core/identity/key-encryption.ts'
import {
  isCurrentRecord,
  isWalletRecord,
  KEY_PREFIX,
  migrateRecord,
  openRecord,
  recordKey,
  recordPubkey,
  type SavedKeyRecord,
  UnlockError,
  WALLET_PREFIX,
} from '../../core/identity/keystore-record.ts'
import type { Secret } from '../../core/platform/secret.ts'
import {
  type AccountStorage,
  defaultAccountStorage,
  readSavedAccounts,
  writeSavedAccounts,
} from './saved-accounts.ts'

export const KEYSTORE_DB = { name: 'nostr-feed', storeName: 'keystore' } as const

export interface Keystore {
  /** Stores (or replaces) a record under its pubkey. */
  saveKey(record: SavedKeyRecord): Promise<void>
  /** The record for a hex pubkey (or a prefixed store key), migrated in place; null if none. */
  loadKey(pubkey: string): Promise<SavedKeyRecord | null>
  /** Loads and decrypts a saved key; rejects with UnlockError ('missing' when there is none). */
  unlock(
    pubkey: string,
    passphrase: Secret<string>,
    options?: { crypto?: CryptoLike },
  ): Promise<Secret<Uint8Array>>
  deleteKey(pubkey: string): Promise<void>
  /** Hex pubkeys of the saved secret keys, newest first. */
  listSavedPubkeys(): Promise<string[]>
  /** Removes every saved secret key; wallet records ('nwc_') belong to Clear Stored Wallet. */
  clearKeys(): Promise<void>
  /** The localStorage mirror, read synchronously: hex pubkeys, newest first. */
  savedAccounts(): string[]
}

export interface KeystoreOptions {
  /** A localforage instance; by default the IndexedDB one above. */
  store?: LocalForage
  /** Where the saved-accounts list lives; by default localStorage, if the page has one. */
  storage?: AccountStorage | null
}

/** IndexedDB only: a silent fallback to localStorage would put key records where scripts read. */
export function createKeystoreStore(): LocalForage {
  return localforage.createInstance({ ...KEYSTORE_DB, driver: localforage.INDEXEDDB })
}

/** The store key for a hex pubkey, or a prefixed key as given (lowercased). */
function storeKeyOf(pubkey: string): string {
  const text = pubkey.trim().toLowerCase()
  return text.startsWith(KEY_PREFIX) || text.startsWith(WALLET_PREFIX) ? text : recordKey(text)
}

export function createKeystore(options: KeystoreOptions = {}): Keystore {
  const store = options.store ?? createKeystoreStore()
  const storage = options.storage === undefined ? defaultAccountStorage() : options.storage

  const writeAccounts = (pubkeys: string[]) => writeSavedAccounts(storage, pubkeys)

  const listSavedPubkeys = async (): Promise<string[]> => {
    const records: SavedKeyRecord[] = []
    await store.iterate<unknown, void>((raw, key) => {
      const record = migrateRecord(raw, key)
      if (record && !isWalletRecord(record)) records.push(record)
    })
    records.sort((a, b) => b.timestamp - a.timestamp)
    const pubkeys = [...new Set(records.map((record) => recordPubkey(record)!))]
    writeAccounts(pubkeys)
    return pubkeys
  }

  const loadKey = async (pubkey: string): Promise<SavedKeyRecord | null> => {
    const key = storeKeyOf(pubkey)
    let from = key
    let raw = await store.getItem<unknown>(key)
    // Records from before the prefix was introduced sit under the bare hex pubkey.
    if (raw === null && key.startsWith(KEY_PREFIX)) {
      from = key.slice(KEY_PREFIX.length)
      raw = await store.getItem<unknown>(from)
    }
    if (raw === null) return null
    const record = migrateRecord(raw, from)
    // Unreadable, or naming another key than the one it is stored under: left as it is.
    if (!record || recordPubkey(record) !== recordPubkey({ pubkey: key })) return null
    if (from !== record.pubkey || !isCurrentRecord(raw, from)) {
      try {
        await store.setItem(record.pubkey, record)
        if (from !== record.pubkey) await store.removeItem(from)
      } catch {
        // Could not write the migrated copy: the old one stays, and this copy still unlocks.
      }
    }
    return record
  }

  return {
    async saveKey(record) {
      const current = migrateRecord(record)
      if (!current) throw new TypeError('Not a saved-key record')
      await store.setItem(current.pubkey, current)
      await listSavedPubkeys()
    },
    loadKey,
    async unlock(pubkey, passphrase, unlockOptions) {
      const record = await loadKey(pubkey)
      if (!record) throw new UnlockError('missing')
      return openRecord(record, passphrase, unlockOptions)
    },
    async deleteKey(pubkey) {
      const key = storeKeyOf(pubkey)
      await store.removeItem(key)
      if (key.startsWith(KEY_PREFIX)) await store.removeItem(key.slice(KEY_PREFIX.length))
      await listSavedPubkeys()
    },
    listSavedPubkeys,
    async clearKeys() {
      const keys = await store.keys()
      for (const key of keys) if (!key.startsWith(WALLET_PREFIX)) await store.removeItem(key)
      writeAccounts([])
    },
    savedAccounts: () => readSavedAccounts(storage),
  }
}

// IndexedDB for Node before localforage loads: localforage looks for it when imported.
import 'fake-indexeddb/auto'
import { bytesToHex } from '@noble/hashes/utils.js'
import { nsecEncode } from 'nostr-tools/nip19'
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createKeystore, createKeystoreStore } from '../../../../src/actors/identity/keystore.ts'
import { SAVED_ACCOUNTS_KEY } from '../../../../src/actors/identity/saved-accounts.ts'
import {
  createRecord,
  openRecord,
  type SavedKeyRecord,
  savedAccountMessage,
  savedAccountsNotice,
  UnlockError,
  viewSecretMessage,
} from '../../../../src/core/identity/keystore-record.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'

/** localStorage for Node, as a Map. */
class MemoryStorage {
  readonly items = new Map<string, string>()
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.items.set(key, value)
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
}

const passphrase = new Secret('correct horse battery staple')
const FAST = { iterations: 1000 }
const keys = [generateSecretKey(), generateSecretKey(), generateSecretKey()]
const pubkeys = keys.map((key) => getPublicKey(key))
let records: SavedKeyRecord[] = []

const store = createKeystoreStore()
const storage = new MemoryStorage()
const keystore = createKeystore({ store, storage })

beforeAll(async () => {
  records = await Promise.all(
    keys.map((key, i) =>
      createRecord(new Secret(key), passphrase, { ...FAST, now: 1000 * (i + 1) }),
    ),
  )
})
afterEach(async () => {
  await store.clear()
  storage.items.clear()
})

/** Reads the raw object store through the IndexedDB API, not through localforage. */
function rawKeys(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('nostr-feed')
    open.onerror = () => reject(open.error)
    open.onsuccess = () => {
      const request = open.result.transaction('keystore').objectStore('keystore').getAllKeys()
      request.onsuccess = () => {
        open.result.close()
        resolve(request.result.map(String))
      }
    }
  })
}

describe('keystore', () => {
  it('lives in IndexedDB: database nostr-feed, store keystore', async () => {
    await store.ready()
    expect(store.driver()).toBe('asyncStorage')
    await keystore.saveKey(records[0]!)
    expect(await rawKeys()).toEqual([`nsec_${pubkeys[0]}`])
  })

  it('saves, loads and unlocks a key', async () => {
    await keystore.saveKey(records[0]!)
    expect(await keystore.loadKey(pubkeys[0]!)).toEqual(records[0])
    expect(await keystore.loadKey(pubkeys[0]!.toUpperCase())).toEqual(records[0])
    expect((await keystore.unlock(pubkeys[0]!, passphrase)).reveal()).toEqual(keys[0])
  })

  it('lists saved pubkeys newest first and mirrors them in nostrSavedAccounts', async () => {
    for (const record of [records[1]!, records[0]!, records[2]!]) await keystore.saveKey(record)
    const newestFirst = [pubkeys[2], pubkeys[1], pubkeys[0]]
    expect(await keystore.listSavedPubkeys()).toEqual(newestFirst)
    expect(JSON.parse(storage.getItem(SAVED_ACCOUNTS_KEY)!)).toEqual(
      newestFirst.map((pubkey) => ({ pubkey })),
    )
    expect(keystore.savedAccounts()).toEqual(newestFirst)

    await keystore.deleteKey(pubkeys[1]!)
    expect(await keystore.loadKey(pubkeys[1]!)).toBeNull()
    expect(keystore.savedAccounts()).toEqual([pubkeys[2], pubkeys[0]])
  })

  it('clears every saved key but leaves wallet records to Clear Stored Wallet', async () => {
    await keystore.saveKey(records[0]!)
    await keystore.saveKey(records[1]!)
    const wallet = { ...records[2]!, pubkey: `nwc_${pubkeys[2]}` }
    await keystore.saveKey(wallet)
    expect(await keystore.listSavedPubkeys()).toEqual([pubkeys[1], pubkeys[0]])
    await keystore.clearKeys()
    expect(await keystore.listSavedPubkeys()).toEqual([])
    expect(storage.getItem(SAVED_ACCOUNTS_KEY)).toBeNull()
    expect(await store.keys()).toEqual([`nwc_${pubkeys[2]}`])
    expect(savedAccountsNotice(await keystore.listSavedPubkeys())).toBe(
      'No saved accounts found on this device.',
    )
  })

  it('refuses to log in with a wallet record', async () => {
    await keystore.saveKey({ ...records[0]!, pubkey: `nwc_${pubkeys[0]}` })
    const error = await keystore.unlock(`nwc_${pubkeys[0]}`, passphrase).catch((e: unknown) => e)
    expect((error as UnlockError).reason).toBe('wallet-record')
  })

  it('migrates an old record in place when it is read, and still unlocks it', async () => {
    const current = records[0]!
    const url = (text: string) => text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
    // An older shape under the bare pubkey: no prefix, version, timestamp or algo; base64url.
    const old = {
      pubkey: pubkeys[0],
      salt: url(current.saltB64),
      iv: url(current.ivB64),
      ciphertext: url(current.ciphertextB64),
      iterations: current.iterations,
    }
    await store.setItem(pubkeys[0]!, old)
    expect(await keystore.listSavedPubkeys()).toEqual([pubkeys[0]])

    const loaded = await keystore.loadKey(pubkeys[0]!)
    expect(loaded).toMatchObject({ pubkey: `nsec_${pubkeys[0]}`, algo: 'AES-GCM', version: 1 })
    expect(await store.keys()).toEqual([`nsec_${pubkeys[0]}`])
    expect(await store.getItem(`nsec_${pubkeys[0]}`)).toEqual(loaded)
    expect((await openRecord(loaded!, passphrase)).reveal()).toEqual(keys[0])

    // A current record with extra legacy fields is rewritten without them, under the same key.
    await store.setItem(`nsec_${pubkeys[1]}`, { ...records[1]!, salt: 'legacy' })
    expect(await keystore.loadKey(pubkeys[1]!)).toEqual(records[1])
    expect(await store.getItem(`nsec_${pubkeys[1]}`)).toEqual(records[1])
  })

  it('never deletes a record it cannot read', async () => {
    const unknown = { ...records[0]!, kdf: 'argon2id' }
    await store.setItem(`nsec_${pubkeys[0]}`, unknown)
    expect(await keystore.loadKey(pubkeys[0]!)).toBeNull()
    expect(await keystore.listSavedPubkeys()).toEqual([])
    expect(await store.getItem(`nsec_${pubkeys[0]}`)).toEqual(unknown)
  })

  it('answers a missing account with the saved-account and view-secret texts', async () => {
    const error = await keystore.unlock(pubkeys[0]!, passphrase).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnlockError)
    expect((error as UnlockError).reason).toBe('missing')
    expect(savedAccountMessage(error)).toBe('Invalid passphrase or no saved account')
    expect(viewSecretMessage(error)).toBe('Invalid passphrase or no saved secret for this account')
  })

  it('puts no secret in localStorage or in the stored record', async () => {
    await keystore.saveKey(records[0]!)
    await keystore.listSavedPubkeys()
    const stored = JSON.stringify([
      ...storage.items.values(),
      await store.getItem(`nsec_${pubkeys[0]}`),
    ])
    for (const secret of [bytesToHex(keys[0]!), nsecEncode(keys[0]!), passphrase.reveal()]) {
      expect(stored).not.toContain(secret)
    }
  })
})

// IndexedDB for Node before localforage loads.
import 'fake-indexeddb/auto'
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { afterEach, describe, expect, it } from 'vitest'
import { createKeystoreStore } from '../../../../src/actors/identity/keystore.ts'
import { localKeySigner } from '../../../../src/actors/identity/signers/local-key.ts'
import { lockedSigner } from '../../../../src/actors/identity/signers/unavailable.ts'
import { createWalletStore } from '../../../../src/actors/lightning/wallet-store.ts'
import type { Signer } from '../../../../src/actors/platform/signer.ts'
import {
  newSavedWallet,
  OLD_WALLET_RECORD,
  WALLET_NOT_FOUND,
} from '../../../../src/core/lightning/saved-wallets.ts'
import { SAVED_WALLETS_KEY } from '../../../../src/core/lightning/wallet-storage-key.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'

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

const records = createKeystoreStore()
const key = generateSecretKey()
const me = getPublicKey(key)
const PAIRING = `nostr+walletconnect://${'b'.repeat(64)}?relay=wss://r.example&secret=${'5e'.repeat(32)}`

function arrange(signer: () => Signer = () => localKeySigner(new Secret(key))) {
  const storage = new MemoryStorage()
  const store = createWalletStore({ records, storage, signer })
  return { storage, store }
}

const saved = (id: string, walletType: 'nwc' | 'webln' = 'nwc', pubkey = me) =>
  newSavedWallet({ id, name: id, walletType, pubkey, now: Date.now() })

afterEach(() => records.clear())

describe('saved-wallet store', () => {
  it('keeps the pairing string only encrypted to the user (NIP-44), and opens it again', async () => {
    const { store, storage } = arrange()
    await store.save(saved('w1'), new Secret(PAIRING))
    const list = storage.getItem(SAVED_WALLETS_KEY) ?? ''
    expect(JSON.parse(list)[0]).toMatchObject({ id: 'w1', connectionString: 'encrypted' })
    const record = await records.getItem<Record<string, unknown>>(`nwc_${me}`)
    expect(record).toMatchObject({ version: 2, algo: 'NIP44-V2-SELF', pubkey: `nwc_${me}` })
    expect(JSON.stringify(record)).not.toContain('5e5e5e')
    expect(list).not.toContain('5e5e5e')
    expect((await store.pairing(store.list(me)[0]!)).reveal()).toBe(PAIRING)
  })

  it('holds several wallets of a user in one record; removing the last removes the record', async () => {
    const { store } = arrange()
    await store.save(saved('w1'), new Secret(PAIRING))
    await store.save(saved('w2'), new Secret(`${PAIRING}&lud16=x@y.z`))
    expect(store.list(me).map((w) => w.id)).toEqual(['w1', 'w2'])
    expect((await store.pairing(store.list(me)[1]!)).reveal()).toContain('lud16')
    await store.remove('w1')
    expect(await records.getItem(`nwc_${me}`)).not.toBeNull()
    await store.remove('w2')
    expect(await records.getItem(`nwc_${me}`)).toBeNull()
  })

  it('cannot open without the key, nor an old-scheme record', async () => {
    const { store } = arrange()
    await store.save(saved('w1'), new Secret(PAIRING))
    const locked = createWalletStore({
      records,
      storage: null,
      signer: () => lockedSigner(me),
    })
    await expect(locked.pairing(saved('w1'))).rejects.toThrow('Key is locked')
    await records.setItem(`nwc_${me}`, { pubkey: `nwc_${me}`, version: 1, algo: 'AES-GCM' })
    await expect(store.pairing(saved('w1'))).rejects.toThrow(OLD_WALLET_RECORD)
    await records.removeItem(`nwc_${me}`)
    await expect(store.pairing(saved('w1'))).rejects.toThrow(WALLET_NOT_FOUND)
  })

  it('sign-out forgets the user; Clear Stored Wallet forgets everyone', async () => {
    const { store } = arrange()
    const other = 'c'.repeat(64)
    await store.save(saved('w1'), new Secret(PAIRING))
    await store.save(saved('webln', 'webln', other), null)
    await records.setItem(`nwc_${other}`, { version: 2 })
    await records.setItem(`nsec_${me}`, { keep: true })
    await store.forgetUser(me)
    expect(store.all().map((w) => w.id)).toEqual(['webln'])
    expect(await records.getItem(`nwc_${me}`)).toBeNull()
    await store.clearAll()
    expect(store.all()).toEqual([])
    expect(await records.keys()).toEqual([`nsec_${me}`])
  })

  it('touch marks a wallet used', async () => {
    const { store } = arrange()
    await store.save(saved('webln', 'webln'), null)
    store.touch('webln', 42)
    expect(store.list(me)[0]?.lastUsed).toBe(42)
  })
})

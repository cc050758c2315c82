/**
 * Saved wallets (spec §3, §5): the list in localStorage (`nostrSavedWallets`, the pairing string
 * replaced by the literal `encrypted`) and, per user, one version-2 record in the keystore's
 * IndexedDB store under 'nwc_' + pubkey, holding that user's pairing strings encrypted to their
 * own key with NIP-44 through the signer (spec README). Nothing here ever writes a pairing string
 * in the clear.
 */

import { WALLET_PREFIX } from '../../core/identity/keystore-record.ts'
import {
  readSavedWallets,
  SAVE_NEEDS_PUBKEY,
  type SavedWallet,
  WALLET_NOT_FOUND,
  walletsOf,
} from '../../core/lightning/saved-wallets.ts'
import {
  createWalletRecord,
  readPairingMap,
  recordPayload,
  WalletRecordError,
  walletRecordKey,
} from '../../core/lightning/wallet-record.ts'
import { SAVED_WALLETS_KEY } from '../../core/lightning/wallet-storage-key.ts'
import { Secret } from '../../core/platform/secret.ts'
import type { Signer } from '../platform/signer.ts'

/** The part of localforage the store uses (the keystore's instance in the app). */
export interface RecordStore {
  getItem<T>(key: string): Promise<T | null>
  setItem<T>(key: string, value: T): Promise<T>
  removeItem(key: string): Promise<void>
  keys(): Promise<string[]>
}

export type ListStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export interface WalletStore {
  /** Every saved wallet on this device (cleaned; see readSavedWallets). */
  all(): SavedWallet[]
  /** The user's saved wallets. */
  list(pubkey: string): SavedWallet[]
  /** Adds a wallet; a remote one's pairing string goes into the user's encrypted record. */
  save(wallet: SavedWallet, pairing: Secret<string> | null): Promise<void>
  /** The pairing string of a saved remote wallet, decrypted through the signer. */
  pairing(wallet: SavedWallet): Promise<Secret<string>>
  /** Marks a wallet used now (auto-connect freshness). */
  touch(id: string, now: number): void
  remove(id: string): Promise<void>
  /** Sign-out: the user's wallets and their record. */
  forgetUser(pubkey: string): Promise<void>
  /** Clear Stored Wallet: every saved wallet and every wallet record on this device. */
  clearAll(): Promise<void>
  /** Called after every change of the list. */
  subscribe(listener: () => void): () => void
}

export function createWalletStore(options: {
  records: RecordStore
  storage: ListStorage | null
  signer: () => Signer
}): WalletStore {
  const { records, storage, signer } = options
  const listeners = new Set<() => void>()
  let cache: { raw: string | null; wallets: SavedWallet[] } | null = null

  const all = (): SavedWallet[] => {
    const raw = storage?.getItem(SAVED_WALLETS_KEY) ?? null
    if (cache?.raw === raw) return cache.wallets
    const { wallets, dropped } = readSavedWallets(raw)
    cache = { raw, wallets }
    if (dropped) write(wallets)
    return wallets
  }

  function write(wallets: SavedWallet[]) {
    if (wallets.length === 0) storage?.removeItem(SAVED_WALLETS_KEY)
    else storage?.setItem(SAVED_WALLETS_KEY, JSON.stringify(wallets))
    cache = null
    for (const listener of listeners) listener()
  }

  /** The user's id-to-pairing map; an old or unreadable record counts as empty when `lenient`. */
  const readMap = async (pubkey: string, lenient: boolean): Promise<Record<string, string>> => {
    const raw = await records.getItem<unknown>(walletRecordKey(pubkey))
    if (raw === null) {
      if (lenient) return {}
      throw new WalletRecordError(WALLET_NOT_FOUND)
    }
    try {
      const payload = recordPayload(raw)
      return readPairingMap(await signer().nip44Decrypt(pubkey, payload))
    } catch (error) {
      if (lenient && error instanceof WalletRecordError) return {}
      throw error
    }
  }

  const writeMap = async (pubkey: string, map: Record<string, string>) => {
    if (Object.keys(map).length === 0) {
      await records.removeItem(walletRecordKey(pubkey))
      return
    }
    const payload = await signer().nip44Encrypt(pubkey, JSON.stringify(map))
    await records.setItem(walletRecordKey(pubkey), createWalletRecord(pubkey, payload, Date.now()))
  }

  return {
    all,
    list: (pubkey) => walletsOf(all(), pubkey),
    async save(wallet, pairing) {
      if (!wallet.pubkey) throw new Error(SAVE_NEEDS_PUBKEY)
      if (wallet.walletType === 'nwc') {
        if (!pairing) throw new Error(WALLET_NOT_FOUND)
        const map = await readMap(wallet.pubkey, true)
        // Entries whose wallet left the list (removed while the key was locked) go now.
        const kept = new Set(walletsOf(all(), wallet.pubkey).map((saved) => saved.id))
        for (const id of Object.keys(map)) if (!kept.has(id)) delete map[id]
        map[wallet.id] = pairing.reveal()
        await writeMap(wallet.pubkey, map)
      }
      write([...all().filter((saved) => saved.id !== wallet.id), wallet])
    },
    async pairing(wallet) {
      const map = await readMap(wallet.pubkey, false)
      const pairing = map[wallet.id]
      if (!pairing) throw new WalletRecordError(WALLET_NOT_FOUND)
      return new Secret(pairing)
    },
    touch(id, now) {
      const wallets = all()
      if (!wallets.some((wallet) => wallet.id === id)) return
      write(wallets.map((wallet) => (wallet.id === id ? { ...wallet, lastUsed: now } : wallet)))
    },
    async remove(id) {
      const wallets = all()
      const wallet = wallets.find((saved) => saved.id === id)
      if (!wallet) return
      write(wallets.filter((saved) => saved.id !== id))
      // Without the last one the record goes; otherwise the next save prunes the orphan (the
      // key may be locked now, and the record needs it to be rewritten).
      if (walletsOf(all(), wallet.pubkey).every((saved) => saved.walletType !== 'nwc')) {
        await records.removeItem(walletRecordKey(wallet.pubkey))
      }
    },
    async forgetUser(pubkey) {
      write(all().filter((wallet) => wallet.pubkey !== pubkey.toLowerCase()))
      await records.removeItem(walletRecordKey(pubkey))
    },
    async clearAll() {
      write([])
      for (const key of await records.keys()) {
        if (key.startsWith(WALLET_PREFIX)) await records.removeItem(key)
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/**
 * An open wallet's secrets: the seed (NUT-13), the wallet key (NIP-60/61) and the seed's
 * recovery phrase, kept only as NIP-44 ciphertext to the user's own key and decrypted through
 * the signer once, on first use. A failed decryption (a locked key, a refused prompt) is not
 * kept, so the next use asks again. Also whether there is a seed, and whether its phrase still
 * waits to be confirmed written down.
 */
import { walletSeed } from '../../../core/ecash/cashu-seed.ts'
import { generateKeyPair } from '../../../core/identity/keygen.ts'
import type { Signer } from '../../platform/signer.ts'
import type { CashuStore, SeedRecord } from '../cashu-store.ts'
import { CASHU_ERRORS } from '../cashu-wallet-api.ts'

export interface KeysDeps {
  pubkey: string
  store: Pick<CashuStore, 'seed' | 'saveSeed' | 'walletKey' | 'saveWalletKey'>
  signer(): Signer
}

export interface WalletKeys {
  /** A seed is kept: found when the wallet opened, or made or restored since. */
  hasSeed(): boolean
  /** The seed's recovery phrase has not been confirmed written down yet. */
  phraseUnconfirmed(): boolean
  /** The seed record the store held when the wallet opened (null: none). */
  found(stored: SeedRecord | null): void
  seed(): Promise<Uint8Array>
  /** The seed, when one is kept; null otherwise. */
  storedSeed(): Promise<Uint8Array | null>
  /** Keeps a seed made or restored (its ciphertext to the user), with a wallet key. */
  adopt(ciphertext: string, seed: Uint8Array, unconfirmed: boolean): Promise<void>
  /** The wallet's own private key (hex): not the user's Nostr key, made with the seed. */
  walletKey(): Promise<string>
  hasWalletKey(): Promise<boolean>
  /** Keeps the wallet key (encrypted to the user) and holds it decrypted meanwhile. */
  keepWalletKey(key: string): Promise<void>
  /** Makes and keeps a wallet key, unless one is kept already. */
  ensureWalletKey(): Promise<void>
  /** A phrase just made: shown from memory until confirmed. */
  holdPhrase(mnemonic: string): void
  /** The unconfirmed phrase: held, or decrypted once to show again. */
  phrase(): Promise<string>
  /** The user wrote the phrase down: it is not kept in memory, nor shown again. */
  confirmPhrase(): Promise<void>
}

/** A secret decrypted on first use and held; a failure is dropped so the next use asks again. */
function heldSecret<T>(decrypt: () => Promise<T>) {
  let held: Promise<T> | null = null
  return {
    get(): Promise<T> {
      held ??= decrypt().catch((error: unknown) => {
        held = null
        throw error
      })
      return held
    },
    set(value: T | null) {
      held = value === null ? null : Promise.resolve(value)
    },
  }
}

export function createWalletKeys({ pubkey, store, signer }: KeysDeps): WalletKeys {
  let hasSeed = false
  let phraseUnconfirmed = false
  const decrypted = async (stored: SeedRecord | null) => {
    if (!stored) throw new Error(CASHU_ERRORS.noSeed)
    return signer().nip44Decrypt(pubkey, stored.ciphertext)
  }
  const seed = heldSecret(async () => walletSeed(await decrypted(await store.seed(pubkey))))
  const walletKey = heldSecret(async () => decrypted(await store.walletKey(pubkey)))
  const phrase = heldSecret(async () => decrypted(await store.seed(pubkey)))

  const keepWalletKey = async (key: string) => {
    const ciphertext = await signer().nip44Encrypt(pubkey, key)
    await store.saveWalletKey({ version: 1, pubkey, ciphertext })
    walletKey.set(key)
  }
  const ensureWalletKey = async () => {
    if (await store.walletKey(pubkey)) return
    await keepWalletKey(generateKeyPair().hex.reveal())
  }

  return {
    hasSeed: () => hasSeed,
    phraseUnconfirmed: () => phraseUnconfirmed,
    found(stored) {
      hasSeed = stored !== null
      phraseUnconfirmed = stored?.unconfirmed === true
    },
    seed: seed.get,
    storedSeed: async () => ((await store.seed(pubkey)) ? seed.get() : null),
    async adopt(ciphertext, made, unconfirmed) {
      await ensureWalletKey()
      const record: SeedRecord = { version: 1, pubkey, ciphertext }
      await store.saveSeed(unconfirmed ? { ...record, unconfirmed } : record)
      seed.set(made)
      hasSeed = true
      phraseUnconfirmed = unconfirmed
    },
    walletKey: walletKey.get,
    hasWalletKey: async () => (await store.walletKey(pubkey)) !== null,
    keepWalletKey,
    ensureWalletKey,
    holdPhrase: (mnemonic) => phrase.set(mnemonic),
    phrase: phrase.get,
    async confirmPhrase() {
      const stored = await store.seed(pubkey)
      if (stored?.unconfirmed) {
        const { unconfirmed: _, ...confirmed } = stored
        await store.saveSeed(confirmed)
      }
      phraseUnconfirmed = false
      phrase.set(null)
    },
  }
}

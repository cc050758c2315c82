/**
 * A session's secrets: the seed (NUT-13) and the wallet key (NIP-60/61), kept only as NIP-44
 * ciphertext to the user's own key and decrypted through the signer once, on first use. A failed
 * decryption (a locked key, a refused prompt) is not kept, so the next use asks again.
 */
import { walletSeed } from '../../../core/ecash/cashu-seed.ts'
import { generateKeyPair } from '../../../core/identity/keygen.ts'
import { CASHU_ERRORS } from '../cashu-wallet-api.ts'
import type { Session, SessionDeps } from './open-wallet.ts'

type KeyDeps = Pick<SessionDeps, 'store' | 'signer'>

export function seedOf(d: KeyDeps, s: Session): Promise<Uint8Array> {
  s.seed ??= (async () => {
    const stored = await d.store.seed(s.pubkey)
    if (!stored) throw new Error(CASHU_ERRORS.noSeed)
    return walletSeed(await d.signer().nip44Decrypt(s.pubkey, stored.ciphertext))
  })().catch((error: unknown) => {
    s.seed = null
    throw error
  })
  return s.seed
}

/** The wallet's own private key (hex): not the user's Nostr key, made with the seed. */
export function walletKeyOf(d: KeyDeps, s: Session): Promise<string> {
  s.walletKey ??= (async () => {
    const stored = await d.store.walletKey(s.pubkey)
    if (!stored) throw new Error(CASHU_ERRORS.noSeed)
    return d.signer().nip44Decrypt(s.pubkey, stored.ciphertext)
  })().catch((error: unknown) => {
    s.walletKey = null
    throw error
  })
  return s.walletKey
}

/** Keeps the wallet key (encrypted to the user) and holds it decrypted for the session. */
export async function keepWalletKey(d: KeyDeps, s: Session, key: string): Promise<void> {
  const ciphertext = await d.signer().nip44Encrypt(s.pubkey, key)
  await d.store.saveWalletKey({ version: 1, pubkey: s.pubkey, ciphertext })
  s.walletKey = Promise.resolve(key)
}

/** Makes and keeps a wallet key, unless one is kept already. */
export async function ensureWalletKey(d: KeyDeps, s: Session): Promise<void> {
  if (await d.store.walletKey(s.pubkey)) return
  await keepWalletKey(d, s, generateKeyPair().hex.reveal())
}

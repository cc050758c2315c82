/**
 * A new key pair for a new user, from the platform's secure random source only: no fallback to
 * Math.random, since a guessable key is worse than none.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { npubEncode, nsecEncode } from 'nostr-tools/nip19'
import { getPublicKey } from 'nostr-tools/pure'
import { Secret } from '../platform/secret.ts'

export const NO_KEY_GENERATED = 'No key generated yet'
export const NO_SECURE_RANDOMNESS = 'Secure randomness not available'
export const KEYGEN_FAILED = 'Failed to generate key pair'

/** Draws that fall outside the curve order are redrawn; a few failures in a row mean a broken source. */
const MAX_DRAWS = 8

export class KeygenError extends Error {
  override readonly name = 'KeygenError'
}

export interface KeyPair {
  secret: Secret<Uint8Array>
  pubkey: string
  npub: string
  nsec: Secret<string>
  hex: Secret<string>
}

export type RandomSource = Partial<Pick<Crypto, 'getRandomValues'>>

export function generateKeyPair(random: RandomSource | undefined = globalThis.crypto): KeyPair {
  if (typeof random?.getRandomValues !== 'function') throw new KeygenError(NO_SECURE_RANDOMNESS)
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    let bytes: Uint8Array
    try {
      bytes = random.getRandomValues(new Uint8Array(32))
    } catch {
      throw new KeygenError(KEYGEN_FAILED)
    }
    if (!secp256k1.utils.isValidSecretKey(bytes)) continue
    const pubkey = getPublicKey(bytes)
    return {
      secret: new Secret(bytes),
      pubkey,
      npub: npubEncode(pubkey),
      nsec: new Secret(nsecEncode(bytes)),
      hex: new Secret(bytesToHex(bytes)),
    }
  }
  throw new KeygenError(KEYGEN_FAILED)
}

/** The generated pair to log in with; the key-generation screen's Login before Generate. */
export function requireGeneratedKey(pair: KeyPair | null | undefined): KeyPair {
  if (!pair) throw new KeygenError(NO_KEY_GENERATED)
  return pair
}

/**
 * The encrypted remote-wallet record (spec §3, version 2), kept in the keystore's IndexedDB store
 * under 'nwc_' plus the owner's lowercase pubkey. As the spec README decides, the pairing strings
 * are encrypted to the user's own key with NIP-44 through the signer (nsec, NIP-07 and NIP-46
 * alike), so no passphrase or key derivation is involved: `algo` names the scheme and the fields
 * a passphrase scheme would need stay empty. The plaintext is a JSON map from saved-wallet id to
 * pairing string: one record holds all of a user's saved wallets.
 */
import { WALLET_PREFIX } from '../identity/keystore-record.ts'
import { OLD_WALLET_RECORD, WALLET_NOT_FOUND } from './saved-wallets.ts'

export const WALLET_RECORD_VERSION = 2
export const WALLET_RECORD_ALGO = 'NIP44-V2-SELF'

export interface WalletRecord {
  pubkey: string
  kdf: 'none'
  iterations: 0
  saltB64: ''
  algo: typeof WALLET_RECORD_ALGO
  ivB64: ''
  /** The NIP-44 v2 payload (itself base64), nonce included. */
  ciphertextB64: string
  version: typeof WALLET_RECORD_VERSION
  timestamp: number
}

export class WalletRecordError extends Error {
  override name = 'WalletRecordError'
}

export const walletRecordKey = (pubkey: string): string => WALLET_PREFIX + pubkey.toLowerCase()

export function createWalletRecord(pubkey: string, payload: string, now: number): WalletRecord {
  return {
    pubkey: walletRecordKey(pubkey),
    kdf: 'none',
    iterations: 0,
    saltB64: '',
    algo: WALLET_RECORD_ALGO,
    ivB64: '',
    ciphertextB64: payload,
    version: WALLET_RECORD_VERSION,
    timestamp: now,
  }
}

/**
 * The NIP-44 payload of a stored record; records of another version (the old passphrase scheme)
 * cannot be decrypted (spec §5) and are reported with their own text.
 */
export function recordPayload(raw: unknown): string {
  if (typeof raw !== 'object' || raw === null) throw new WalletRecordError(WALLET_NOT_FOUND)
  const record = raw as Record<string, unknown>
  if (record.version !== WALLET_RECORD_VERSION || record.algo !== WALLET_RECORD_ALGO) {
    throw new WalletRecordError(OLD_WALLET_RECORD)
  }
  if (typeof record.ciphertextB64 !== 'string' || record.ciphertextB64 === '') {
    throw new WalletRecordError(WALLET_NOT_FOUND)
  }
  return record.ciphertextB64
}

/** The id-to-pairing-string map inside a decrypted record. */
export function readPairingMap(plaintext: string): Record<string, string> {
  let parsed: unknown
  try {
    parsed = JSON.parse(plaintext)
  } catch {
    throw new WalletRecordError(WALLET_NOT_FOUND)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new WalletRecordError(WALLET_NOT_FOUND)
  }
  const map: Record<string, string> = {}
  for (const [id, value] of Object.entries(parsed)) if (typeof value === 'string') map[id] = value
  return map
}

/**
 * The saved-key record (spec §3): a secret key encrypted under a passphrase, as the device keeps it,
 * keyed by 'nsec_' plus the lowercase hex pubkey ('nwc_' marks a wallet connection, never a login).
 * Creating, opening and migrating records, and the texts a failed unlock shows.
 *
 * The plaintext is the 64-character hex key as UTF-8, the format the spec describes ("the decrypted
 * secret must be 64 hex characters"); records holding the raw 32 bytes open too.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { decode } from 'nostr-tools/nip19'
import { getPublicKey } from 'nostr-tools/pure'
import { Secret } from '../platform/secret.ts'
import {
  type CryptoLike,
  KEY_ITERATIONS,
  type KeyAlgo,
  KeyEncryptionError,
  openKey,
  sealKey,
} from './key-encryption.ts'
import { SecretInputError } from './secret-input.ts'

export const RECORD_VERSION = 1
export const KEY_PREFIX = 'nsec_'
export const WALLET_PREFIX = 'nwc_'

export interface SavedKeyRecord {
  /** KEY_PREFIX (or WALLET_PREFIX) and the lowercase hex pubkey: the record's key in the store. */
  pubkey: string
  kdf: 'PBKDF2'
  iterations: number
  saltB64: string
  algo: KeyAlgo
  ivB64: string
  ciphertextB64: string
  /** Tells a wrong passphrase from a damaged ciphertext (see key-encryption.ts); newer records. */
  checkB64?: string
  version: typeof RECORD_VERSION
  /** Milliseconds since the epoch; 0 when an old record did not say. */
  timestamp: number
}

// Texts of the unlock modal (spec §8), chosen by UnlockError reason.
export const UNLOCK_WRONG_PASSPHRASE =
  'Incorrect passphrase. Please check your passphrase and try again.'
export const UNLOCK_CORRUPTED =
  'Your saved key appears to be corrupted. Please log in with your NSEC directly to re-save your key.'
export const UNLOCK_UNAVAILABLE =
  'Key unlocking is not available in this environment. Please try a different browser or log in with your NSEC directly.'
export const UNLOCK_WALLET_RECORD =
  'This saved account appears to be a wallet connection, not a private key. Please log in with your NSEC directly.'
export const UNLOCK_FAILED = 'Failed to unlock'

// Texts of the saved-account login and of viewing the secret.
export const SAVED_ACCOUNT_FAILED = 'Failed to unlock saved account'
export const INVALID_PASSPHRASE_OR_NO_ACCOUNT = 'Invalid passphrase or no saved account'
export const DECRYPT_FAILED =
  'Failed to decrypt key. The saved copy is damaged; please log in with your NSEC directly to save it again.'
export const UNEXPECTED_KEY_FORMAT =
  'The decrypted key is not in the expected format. Please log in with your NSEC directly to save it again.'
export const UNLOCK_KEY_FAILED =
  'Failed to unlock key. Please try again, or log in with your NSEC directly.'
export const NO_SAVED_ACCOUNTS = 'No saved accounts found on this device.'
export const VIEW_SECRET_FAILED = 'Invalid passphrase or no saved secret for this account'

export type UnlockReason =
  | 'wrong-passphrase'
  | 'corrupted'
  | 'unavailable'
  | 'wallet-record'
  | 'missing'
  | 'unknown'

const DEFAULT_MESSAGES: Record<UnlockReason, string> = {
  'wrong-passphrase': INVALID_PASSPHRASE_OR_NO_ACCOUNT,
  corrupted: DECRYPT_FAILED,
  unavailable: UNLOCK_UNAVAILABLE,
  'wallet-record': UNLOCK_WALLET_RECORD,
  missing: INVALID_PASSPHRASE_OR_NO_ACCOUNT,
  unknown: UNLOCK_KEY_FAILED,
}

/** Why a saved key could not be opened; the UI maps `reason`, the message is the detailed text. */
export class UnlockError extends Error {
  override readonly name = 'UnlockError'
  readonly reason: UnlockReason

  constructor(reason: UnlockReason, message = DEFAULT_MESSAGES[reason]) {
    super(message)
    this.reason = reason
  }
}

/** The unlock modal's text for any error. */
export function unlockMessage(error: unknown): string {
  if (!(error instanceof UnlockError)) return UNLOCK_FAILED
  switch (error.reason) {
    case 'wrong-passphrase':
      return UNLOCK_WRONG_PASSPHRASE
    case 'corrupted':
      return UNLOCK_CORRUPTED
    case 'unavailable':
      return UNLOCK_UNAVAILABLE
    case 'wallet-record':
      return UNLOCK_WALLET_RECORD
    default:
      return UNLOCK_FAILED
  }
}

/** The saved-account login's text: the detailed message, which never holds a secret. */
export function savedAccountMessage(error: unknown): string {
  return error instanceof UnlockError ? error.message : SAVED_ACCOUNT_FAILED
}

/** The view-secret modal's text. */
export function viewSecretMessage(error: unknown): string {
  const specific =
    error instanceof UnlockError &&
    error.reason !== 'wrong-passphrase' &&
    error.reason !== 'missing'
  return specific ? error.message : VIEW_SECRET_FAILED
}

/** What the saved-account login shows instead of a list when the device has none. */
export function savedAccountsNotice(pubkeys: readonly string[]): string | null {
  return pubkeys.length === 0 ? NO_SAVED_ACCOUNTS : null
}

const HEX_KEY = /^[0-9a-f]{64}$/i

/** The store key of a pubkey's saved secret. */
export function recordKey(pubkey: string): string {
  return KEY_PREFIX + pubkey.toLowerCase()
}

/** The hex pubkey a record belongs to, or null when its key is not 'nsec_' or 'nwc_' plus hex. */
export function recordPubkey(record: Pick<SavedKeyRecord, 'pubkey'>): string | null {
  const match = /^(?:nsec_|nwc_)([0-9a-f]{64})$/.exec(record.pubkey)
  return match ? match[1]! : null
}

export function isWalletRecord(record: Pick<SavedKeyRecord, 'pubkey'>): boolean {
  return record.pubkey.startsWith(WALLET_PREFIX)
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Strict standard base64 with padding, as records are written; null when it is not. */
function fromBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  } catch {
    return null
  }
}

export interface RecordOptions {
  crypto?: CryptoLike
  /** Rounds of PBKDF2; the spec's 250,000 unless a test needs speed. */
  iterations?: number
  now?: number
}

/** Encrypts a secret key under a passphrase into a record for the store. */
export async function createRecord(
  secret: Secret<Uint8Array>,
  passphrase: Secret<string>,
  options: RecordOptions = {},
): Promise<SavedKeyRecord> {
  const bytes = secret.reveal()
  if (bytes.length !== 32) throw new SecretInputError('length')
  if (!secp256k1.utils.isValidSecretKey(bytes)) throw new SecretInputError('format')
  const plaintext = new TextEncoder().encode(bytesToHex(bytes))
  try {
    const sealed = await sealKey(new Secret(plaintext), passphrase, {
      crypto: options.crypto,
      iterations: options.iterations ?? KEY_ITERATIONS,
    })
    return {
      pubkey: recordKey(getPublicKey(bytes)),
      kdf: 'PBKDF2',
      iterations: sealed.iterations,
      saltB64: toBase64(sealed.salt),
      algo: sealed.algo,
      ivB64: toBase64(sealed.iv),
      ciphertextB64: toBase64(sealed.ciphertext),
      ...(sealed.check ? { checkB64: toBase64(sealed.check) } : {}),
      version: RECORD_VERSION,
      timestamp: options.now ?? Date.now(),
    }
  } finally {
    plaintext.fill(0)
  }
}

const UNLOCK_REASONS: Record<KeyEncryptionError['problem'], UnlockReason> = {
  'no-webcrypto': 'unavailable',
  unsupported: 'unavailable',
  'wrong-passphrase': 'wrong-passphrase',
  corrupted: 'corrupted',
}

/** The 32 key bytes in a decrypted plaintext: 64 hex characters, or the raw bytes. */
function keyBytes(plaintext: Uint8Array): Uint8Array {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(plaintext)
  if (/^\s*nostr\+walletconnect:/i.test(text)) throw new UnlockError('wallet-record')
  if (plaintext.length === 64 && HEX_KEY.test(text)) return hexToBytes(text.toLowerCase())
  if (plaintext.length === 32) return Uint8Array.from(plaintext)
  throw new UnlockError('corrupted', UNEXPECTED_KEY_FORMAT)
}

/** Decrypts a record's secret key, checking it belongs to the record's pubkey; throws UnlockError. */
export async function openRecord(
  record: SavedKeyRecord,
  passphrase: Secret<string>,
  options: Pick<RecordOptions, 'crypto'> = {},
): Promise<Secret<Uint8Array>> {
  if (isWalletRecord(record)) throw new UnlockError('wallet-record')
  const pubkey = recordPubkey(record)
  const salt = fromBase64(record.saltB64)
  const iv = fromBase64(record.ivB64)
  const ciphertext = fromBase64(record.ciphertextB64)
  const check = record.checkB64 === undefined ? undefined : fromBase64(record.checkB64)
  if (!pubkey || record.kdf !== 'PBKDF2' || !salt || !iv || !ciphertext || check === null) {
    throw new UnlockError('corrupted')
  }
  let plaintext: Secret<Uint8Array>
  try {
    plaintext = await openKey(
      { algo: record.algo, iterations: record.iterations, salt, iv, ciphertext, check },
      passphrase,
      options,
    )
  } catch (error) {
    if (!(error instanceof KeyEncryptionError)) throw new UnlockError('unknown')
    const reason = UNLOCK_REASONS[error.problem]
    throw new UnlockError(reason, reason === 'unavailable' ? error.message : undefined)
  }
  try {
    const bytes = keyBytes(plaintext.reveal())
    if (!secp256k1.utils.isValidSecretKey(bytes) || getPublicKey(bytes) !== pubkey) {
      bytes.fill(0)
      throw new UnlockError('corrupted', UNEXPECTED_KEY_FORMAT)
    }
    return new Secret(bytes)
  } finally {
    plaintext.reveal().fill(0)
  }
}

// --- Migration of older record shapes -----------------------------------------------------------

type Fields = Record<string, unknown>

function pick(raw: Fields, names: readonly string[]): unknown {
  for (const name of names) if (raw[name] !== undefined && raw[name] !== null) return raw[name]
  return undefined
}

/** Bytes from base64 (standard or url-safe, padded or not), a byte array or a JSON'd Buffer. */
function anyBytes(value: unknown): Uint8Array | null {
  if (value instanceof Uint8Array) return Uint8Array.from(value)
  if (value instanceof ArrayBuffer) return new Uint8Array(value.slice(0))
  if (typeof value === 'object' && value !== null && 'data' in value) return anyBytes(value.data)
  if (Array.isArray(value)) {
    const bytes = value.every((n) => Number.isInteger(n) && n >= 0 && n <= 255)
    return bytes ? Uint8Array.from(value as number[]) : null
  }
  if (typeof value !== 'string') return null
  const text = value.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '')
  if (text.length % 4 === 1) return null
  return fromBase64(text.padEnd(Math.ceil(text.length / 4) * 4, '='))
}

function migratePubkey(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const text = value.trim()
  const prefixed = /^(nsec_|nwc_)?([0-9a-f]{64})$/i.exec(text)
  if (prefixed) return (prefixed[1] ?? KEY_PREFIX).toLowerCase() + prefixed[2]!.toLowerCase()
  try {
    const decoded = decode(text)
    if (decoded.type === 'npub') return recordKey(decoded.data)
  } catch {
    // Not an npub either.
  }
  return null
}

function migrateAlgo(value: unknown, ivLength: number): KeyAlgo | null {
  if (value === undefined) {
    if (ivLength === 12) return 'AES-GCM'
    return ivLength === 24 ? 'XCHACHA20-POLY1305' : null
  }
  const name = typeof value === 'string' ? value.toLowerCase().replace(/[^a-z0-9]/g, '') : ''
  if (name === 'aesgcm' || name === 'aes256gcm') return 'AES-GCM'
  return name === 'xchacha20poly1305' ? 'XCHACHA20-POLY1305' : null
}

function migrateNumber(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : null
}

/**
 * Milliseconds. `timestamp` and `savedAt` are milliseconds as written; `createdAt`/`created_at`
 * follow Nostr's seconds when below 1e11 (1e11 ms is 1973, 1e11 s the year 5138).
 */
function migrateTimestamp(fields: Fields): number {
  const ms = pick(fields, ['timestamp', 'savedAt'])
  const value = ms ?? pick(fields, ['createdAt', 'created_at'])
  if (value instanceof Date) return value.getTime() || 0
  if (typeof value === 'string' && Number.isNaN(Number(value))) return Date.parse(value) || 0
  const number = migrateNumber(value)
  if (number === null) return 0
  return ms === undefined && number < 100_000_000_000 ? number * 1000 : number
}

/**
 * The current shape of a stored record, from any older shape that still holds a decryptable key:
 * missing version, timestamp, kdf, iterations or algo (inferred from the iv length), `salt`/`iv`/
 * `nonce`/`ciphertext` field names, url-safe or unpadded base64, byte arrays, a bare or npub pubkey
 * (or none, when the store key names it). Null only when no key could be recovered from it:
 * callers keep such a record untouched rather than delete it.
 */
export function migrateRecord(raw: unknown, storeKey?: string): SavedKeyRecord | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null
  const fields = raw as Fields
  const pubkey = migratePubkey(fields.pubkey) ?? migratePubkey(storeKey)
  const salt = anyBytes(pick(fields, ['saltB64', 'salt', 'saltBase64']))
  const iv = anyBytes(pick(fields, ['ivB64', 'iv', 'nonceB64', 'nonce', 'ivBase64']))
  const ciphertext = anyBytes(
    pick(fields, ['ciphertextB64', 'ciphertext', 'ct', 'encrypted', 'ciphertextBase64']),
  )
  if (!pubkey || !salt?.length || !iv?.length || !ciphertext?.length) return null
  const algo = migrateAlgo(pick(fields, ['algo', 'algorithm', 'cipher']), iv.length)
  const kdf = pick(fields, ['kdf'])
  const pbkdf2 = kdf === undefined || (typeof kdf === 'string' && /^pbkdf2/i.test(kdf))
  const iterations = migrateNumber(pick(fields, ['iterations', 'rounds']) ?? KEY_ITERATIONS)
  // Version 0 or none: the shapes before versioning. A later version is a format we cannot read.
  const version = fields.version === undefined ? RECORD_VERSION : Number(fields.version)
  if (!algo || !pbkdf2 || !iterations || !(version === 0 || version === RECORD_VERSION)) return null
  const check = anyBytes(fields.checkB64)
  return {
    pubkey,
    kdf: 'PBKDF2',
    iterations,
    saltB64: toBase64(salt),
    algo,
    ivB64: toBase64(iv),
    ciphertextB64: toBase64(ciphertext),
    ...(check?.length ? { checkB64: toBase64(check) } : {}),
    version: RECORD_VERSION,
    timestamp: migrateTimestamp(fields),
  }
}

/** Whether a stored value is already exactly the current shape (nothing to write back). */
export function isCurrentRecord(raw: unknown, storeKey?: string): raw is SavedKeyRecord {
  const current = migrateRecord(raw, storeKey)
  if (!current || (storeKey !== undefined && storeKey !== current.pubkey)) return false
  const fields = raw as Fields
  const keys = Object.keys(fields)
  return (
    keys.length === Object.keys(current).length &&
    keys.every((key) => fields[key] === (current as unknown as Fields)[key])
  )
}

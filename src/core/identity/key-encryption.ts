/**
 * Encrypting a secret key under a passphrase for storage on the device: PBKDF2-SHA256 through
 * WebCrypto stretches the passphrase into a 32-byte key, AES-GCM seals the secret. Where WebCrypto
 * has PBKDF2 but no usable AES-GCM (iOS home-screen apps) XChaCha20-Poly1305 from @noble/ciphers
 * seals it instead, under the same derived key.
 *
 * Every sealed key also carries a short check value derived from the key, so that a failed
 * decryption can tell a wrong passphrase (check differs) from a damaged ciphertext (check matches).
 * It costs an attacker nothing new: the AEAD tag already confirms a guessed passphrase.
 */
import { pbkdf2Async } from '@noble/hashes/pbkdf2.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { Secret } from '../platform/secret.ts'

export const KEY_ITERATIONS = 250_000
/** Records with more rounds than this are treated as damaged rather than hanging the page. */
export const MAX_ITERATIONS = 10_000_000
export const SALT_BYTES = 16
export const DERIVED_KEY_BYTES = 32
export const CHECK_BYTES = 16

export type KeyAlgo = 'AES-GCM' | 'XCHACHA20-POLY1305'
export const IV_BYTES: Readonly<Record<KeyAlgo, number>> = {
  'AES-GCM': 12,
  'XCHACHA20-POLY1305': 24,
}
/** Both ciphers append a 16-byte authentication tag. */
const TAG_BYTES = 16

export const NO_WEBCRYPTO =
  'Secure persistence requires WebCrypto (crypto.subtle and secure randomness), which this browser does not provide. Your key can only be kept in memory for this session.'
export const CIPHER_UNSUPPORTED =
  'This browser cannot run the key encryption this saved key needs (as in iOS home-screen apps). Please log in with your NSEC directly.'
export const DECRYPTION_FAILED = 'Failed to decrypt key: the passphrase does not match.'
export const CIPHERTEXT_DAMAGED = 'Failed to decrypt key: the saved ciphertext is damaged.'

export type KeyEncryptionProblem = 'no-webcrypto' | 'unsupported' | 'wrong-passphrase' | 'corrupted'

const MESSAGES: Record<KeyEncryptionProblem, string> = {
  'no-webcrypto': NO_WEBCRYPTO,
  unsupported: CIPHER_UNSUPPORTED,
  'wrong-passphrase': DECRYPTION_FAILED,
  corrupted: CIPHERTEXT_DAMAGED,
}

/** Never carries a cause: underlying errors may quote buffers. */
export class KeyEncryptionError extends Error {
  override readonly name = 'KeyEncryptionError'
  readonly problem: KeyEncryptionProblem

  constructor(problem: KeyEncryptionProblem) {
    super(MESSAGES[problem])
    this.problem = problem
  }
}

/** The parts of `crypto` used here; tests pass one without AES-GCM or without `subtle`. */
export type CryptoLike = Partial<Pick<Crypto, 'subtle' | 'getRandomValues'>>

export interface SealedKey {
  algo: KeyAlgo
  iterations: number
  salt: Uint8Array
  iv: Uint8Array
  ciphertext: Uint8Array
  /** Absent in records written before the check value existed. */
  check?: Uint8Array
}

export interface KeyEncryptionOptions {
  crypto?: CryptoLike
  iterations?: number
  /** Forces a cipher; by default AES-GCM, falling back to XChaCha20-Poly1305. */
  algo?: KeyAlgo
}

type WebCrypto = Required<CryptoLike>

function webCrypto(env: CryptoLike | undefined = globalThis.crypto): WebCrypto {
  if (!env?.subtle || typeof env.getRandomValues !== 'function') {
    throw new KeyEncryptionError('no-webcrypto')
  }
  return { subtle: env.subtle, getRandomValues: env.getRandomValues.bind(env) }
}

/** Whether a key can be saved here at all: the persist option is disabled otherwise. */
export function canPersistKeys(env: CryptoLike | undefined = globalThis.crypto): boolean {
  return Boolean(env?.subtle) && typeof env?.getRandomValues === 'function'
}

/** A copy backed by a plain ArrayBuffer, as WebCrypto's BufferSource wants. */
function own(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(bytes)
}

/** PBKDF2-SHA256 through WebCrypto: native speed, so 250,000 rounds take a fraction of a second. */
export async function deriveKey(
  passphrase: Secret<string>,
  salt: Uint8Array,
  iterations: number,
  env?: CryptoLike,
): Promise<Uint8Array<ArrayBuffer>> {
  const { subtle } = webCrypto(env)
  const password = new TextEncoder().encode(passphrase.reveal())
  try {
    const base = await subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits'])
    const bits = await subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt: own(salt), iterations },
      base,
      DERIVED_KEY_BYTES * 8,
    )
    return new Uint8Array(bits)
  } catch {
    throw new KeyEncryptionError('unsupported')
  } finally {
    password.fill(0)
  }
}

/** The same derivation in JavaScript (@noble/hashes): used only by the benchmark, to compare. */
export function deriveKeyJs(
  passphrase: Secret<string>,
  salt: Uint8Array,
  iterations: number,
): Promise<Uint8Array> {
  return pbkdf2Async(sha256, passphrase.reveal(), salt, { c: iterations, dkLen: DERIVED_KEY_BYTES })
}

const CHECK_LABEL = new TextEncoder().encode('plume/key-check/v1')

function checkValue(key: Uint8Array): Uint8Array {
  const input = new Uint8Array(CHECK_LABEL.length + key.length)
  input.set(CHECK_LABEL)
  input.set(key, CHECK_LABEL.length)
  const check = sha256(input).slice(0, CHECK_BYTES)
  input.fill(0)
  return check
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!
  return diff === 0
}

async function aesGcmSeal(
  subtle: SubtleCrypto,
  key: Uint8Array<ArrayBuffer>,
  iv: Uint8Array<ArrayBuffer>,
  plaintext: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array> {
  const aes = await subtle.importKey('raw', key, { name: 'AES-GCM' }, false, ['encrypt'])
  return new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv }, aes, plaintext))
}

/** The cipher of the fallback, loaded when first needed: most browsers never need it. */
const xchacha = async () => (await import('@noble/ciphers/chacha.js')).xchacha20poly1305

async function xchachaSeal(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array) {
  return (await xchacha())(key, iv).encrypt(plaintext)
}

/** Encrypts `plaintext` under `passphrase` with a fresh salt and iv. */
export async function sealKey(
  plaintext: Secret<Uint8Array>,
  passphrase: Secret<string>,
  options: KeyEncryptionOptions = {},
): Promise<SealedKey> {
  const { subtle, getRandomValues } = webCrypto(options.crypto)
  const iterations = options.iterations ?? KEY_ITERATIONS
  const salt = getRandomValues(new Uint8Array(SALT_BYTES))
  const key = await deriveKey(passphrase, salt, iterations, options.crypto)
  const data = own(plaintext.reveal())
  try {
    if (options.algo !== 'XCHACHA20-POLY1305') {
      const iv = getRandomValues(new Uint8Array(IV_BYTES['AES-GCM']))
      try {
        const ciphertext = await aesGcmSeal(subtle, key, iv, data)
        return { algo: 'AES-GCM', iterations, salt, iv, ciphertext, check: checkValue(key) }
      } catch {
        // AES-GCM missing or broken here (iOS standalone): XChaCha20-Poly1305 below, unless forced.
        if (options.algo === 'AES-GCM') throw new KeyEncryptionError('unsupported')
      }
    }
    const iv = getRandomValues(new Uint8Array(IV_BYTES['XCHACHA20-POLY1305']))
    const ciphertext = await xchachaSeal(key, iv, data)
    return { algo: 'XCHACHA20-POLY1305', iterations, salt, iv, ciphertext, check: checkValue(key) }
  } finally {
    key.fill(0)
    data.fill(0)
  }
}

/** 'authentication' when the tag fails; throws 'unsupported' when AES-GCM is unavailable. */
async function aesGcmOpen(
  subtle: SubtleCrypto,
  key: Uint8Array<ArrayBuffer>,
  sealed: SealedKey,
): Promise<Uint8Array | 'authentication'> {
  let aes: CryptoKey
  try {
    aes = await subtle.importKey('raw', key, { name: 'AES-GCM' }, false, ['decrypt'])
  } catch {
    throw new KeyEncryptionError('unsupported')
  }
  try {
    const iv = own(sealed.iv)
    return new Uint8Array(
      await subtle.decrypt({ name: 'AES-GCM', iv }, aes, own(sealed.ciphertext)),
    )
  } catch (error) {
    // WebCrypto reports a failed tag as OperationError; anything else means no working AES-GCM.
    if (error instanceof Error && error.name === 'OperationError') return 'authentication'
    throw new KeyEncryptionError('unsupported')
  }
}

async function xchachaOpen(key: Uint8Array, sealed: SealedKey) {
  const cipher = await xchacha()
  try {
    return cipher(key, sealed.iv).decrypt(sealed.ciphertext)
  } catch {
    return 'authentication'
  }
}

/** Decrypts a sealed key; a KeyEncryptionError says why it could not. */
export async function openKey(
  sealed: SealedKey,
  passphrase: Secret<string>,
  options: Pick<KeyEncryptionOptions, 'crypto'> = {},
): Promise<Secret<Uint8Array>> {
  const { subtle } = webCrypto(options.crypto)
  const { iterations, iv, ciphertext } = sealed
  const sound =
    Number.isSafeInteger(iterations) &&
    iterations >= 1 &&
    iterations <= MAX_ITERATIONS &&
    sealed.salt.length > 0 &&
    iv.length === IV_BYTES[sealed.algo] &&
    ciphertext.length > TAG_BYTES
  if (!sound) throw new KeyEncryptionError('corrupted')
  const key = await deriveKey(passphrase, sealed.salt, iterations, options.crypto)
  try {
    const plaintext =
      sealed.algo === 'AES-GCM'
        ? await aesGcmOpen(subtle, key, sealed)
        : await xchachaOpen(key, sealed)
    if (plaintext !== 'authentication') return new Secret(plaintext)
    const checked = sealed.check !== undefined && sameBytes(sealed.check, checkValue(key))
    throw new KeyEncryptionError(checked ? 'corrupted' : 'wrong-passphrase')
  } finally {
    key.fill(0)
  }
}

/**
 * The secret key a user types or pastes at login: an `nsec` (NIP-19) or 64 hex characters.
 *
 * The three nsec errors split along the layers of bech32 decoding:
 * - 'Invalid nsec format': the text is not a bech32 string with the `nsec` prefix (a character
 *   outside the bech32 alphabet, mixed case, no separator, a bad checksum, a wrong prefix).
 * - 'Invalid nsec encoding': the bech32 string is sound but its data is not a key: the 5-bit words
 *   do not regroup into whole bytes (non-zero or excess padding), or the 32 bytes are not a valid
 *   secp256k1 secret (zero, or not below the curve order).
 * - 'Invalid secret key length': the data decodes to bytes, but not to 32 of them.
 *
 * Library errors are never passed on: bech32's messages quote the input, which is the secret.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { hexToBytes } from '@noble/hashes/utils.js'
import { bech32 } from '@scure/base'
import { Secret } from '../platform/secret.ts'

export const NO_SECRET = 'No secret provided'
export const INVALID_NSEC_FORMAT = 'Invalid nsec format'
export const INVALID_SECRET_LENGTH = 'Invalid secret key length'
export const INVALID_NSEC_ENCODING = 'Invalid nsec encoding'
export const INVALID_SECRET_FORMAT = 'Invalid secret key format'
/** What the login form shows for an error that is not one of the texts above. */
export const LOGIN_FORM_FALLBACK = 'Invalid nsec or secret key'

export type SecretInputProblem = 'empty' | 'nsec-format' | 'length' | 'nsec-encoding' | 'format'

const MESSAGES: Record<SecretInputProblem, string> = {
  empty: NO_SECRET,
  'nsec-format': INVALID_NSEC_FORMAT,
  length: INVALID_SECRET_LENGTH,
  'nsec-encoding': INVALID_NSEC_ENCODING,
  format: INVALID_SECRET_FORMAT,
}

/** Carries only the problem, never the input, so it is safe to show, log and serialise. */
export class SecretInputError extends Error {
  override readonly name = 'SecretInputError'
  readonly problem: SecretInputProblem

  constructor(problem: SecretInputProblem) {
    super(MESSAGES[problem])
    this.problem = problem
  }
}

const HEX_KEY = /^[0-9a-f]{64}$/i
/** An nsec is 63 characters; bech32's own limit of 90 keeps runaway input out. */
const BECH32_LIMIT = 90

/** The 32-byte secret key in `input` (trimmed), or a SecretInputError saying what is wrong. */
export function parseSecretInput(input: string): Secret<Uint8Array> {
  const text = input.trim()
  if (text === '') throw new SecretInputError('empty')
  if (/^nsec/i.test(text)) return new Secret(decodeNsec(text))
  if (!HEX_KEY.test(text)) throw new SecretInputError('format')
  const bytes = hexToBytes(text.toLowerCase())
  if (!secp256k1.utils.isValidSecretKey(bytes)) throw new SecretInputError('format')
  return new Secret(bytes)
}

function decodeNsec(text: string): Uint8Array {
  let words: number[]
  try {
    const decoded = bech32.decode(text as `${string}1${string}`, BECH32_LIMIT)
    if (decoded.prefix !== 'nsec') throw new SecretInputError('nsec-format')
    words = decoded.words
  } catch {
    throw new SecretInputError('nsec-format')
  }
  let bytes: Uint8Array
  try {
    bytes = bech32.fromWords(words)
  } catch {
    throw new SecretInputError('nsec-encoding')
  }
  if (bytes.length !== 32) throw new SecretInputError('length')
  if (!secp256k1.utils.isValidSecretKey(bytes)) throw new SecretInputError('nsec-encoding')
  return bytes
}

/**
 * The text the login form shows for a failed login: our own validation texts as they are, anything
 * else (whose message might quote what was typed) as the fallback.
 */
export function loginFormError(error: unknown): string {
  return error instanceof SecretInputError ? error.message : LOGIN_FORM_FALLBACK
}

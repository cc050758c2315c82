/**
 * NIP-49 `ncryptsec`: a secret key encrypted under a password (scrypt + XChaCha20-Poly1305), the
 * portable format other clients import and export. The string's structure is checked here first, so
 * that a failure inside decryption can only mean the passphrase is wrong. scrypt at log_n 16 takes
 * 64 MiB and a good fraction of a second: callers run these functions in the nip49 worker.
 */
import { bech32 } from '@scure/base'
import { decrypt, encrypt } from 'nostr-tools/nip49'
import { Secret } from '../platform/secret.ts'
import { Nip49Error } from './nip49-error.ts'

export const NCRYPTSEC_PREFIX = 'ncryptsec'
export const DEFAULT_LOG_N = 16
/** scrypt with r = 8 needs 128 * 8 * 2^log_n bytes: log_n 20 is 1 GiB, the most we attempt. */
export const MAX_LOG_N = 20
/** The key security byte: 0x00 handled insecurely, 0x01 not, 0x02 not tracked (ours). */
export type KeySecurity = 0x00 | 0x01 | 0x02
export const KEY_SECURITY_UNKNOWN: KeySecurity = 0x02
/** Version 0x02, log_n, 16 salt, 24 nonce, 1 key security byte, 32 key + 16 tag. */
const PAYLOAD_BYTES = 91
/** An ncryptsec is 162 characters; bech32's default of 90 is too short for it. */
const BECH32_LIMIT = 200

/** Whether a pasted string looks like an ncryptsec (and should go to decryptNcryptsec). */
export function isNcryptsec(input: string): boolean {
  return /^ncryptsec1/i.test(input.trim())
}

/** The payload bytes, checked for length, version and a log_n we can afford. */
function payload(ncryptsec: string): Uint8Array {
  let bytes: Uint8Array
  try {
    const { prefix, words } = bech32.decode(ncryptsec as `${string}1${string}`, BECH32_LIMIT)
    if (prefix !== NCRYPTSEC_PREFIX) throw new Nip49Error('malformed')
    bytes = bech32.fromWords(words)
  } catch {
    throw new Nip49Error('malformed')
  }
  if (bytes.length !== PAYLOAD_BYTES || bytes[0] !== 0x02) throw new Nip49Error('malformed')
  if (bytes[1]! > MAX_LOG_N) throw new Nip49Error('too-strong')
  return bytes
}

/** The 32-byte secret key in an ncryptsec; a Nip49Error says why not. */
export function decryptNcryptsec(
  ncryptsec: string,
  passphrase: Secret<string>,
): Secret<Uint8Array> {
  const text = ncryptsec.trim().toLowerCase()
  payload(text)
  try {
    return new Secret(decrypt(text, passphrase.reveal()))
  } catch {
    throw new Nip49Error('wrong-passphrase')
  }
}

export interface NcryptsecOptions {
  logN?: number
  keySecurity?: KeySecurity
}

/** An ncryptsec of the secret key under the passphrase (NFKC-normalised, as NIP-49 says). */
export function encryptNcryptsec(
  secret: Secret<Uint8Array>,
  passphrase: Secret<string>,
  options: NcryptsecOptions = {},
): string {
  const logN = options.logN ?? DEFAULT_LOG_N
  if (secret.reveal().length !== 32 || !Number.isInteger(logN) || logN < 1 || logN > MAX_LOG_N) {
    throw new Nip49Error('export-failed')
  }
  try {
    return encrypt(
      secret.reveal(),
      passphrase.reveal(),
      logN,
      options.keySecurity ?? KEY_SECURITY_UNKNOWN,
    )
  } catch {
    throw new Nip49Error('export-failed')
  }
}

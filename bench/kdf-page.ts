/**
 * Runs in Chromium, bundled by kdf.ts from the app's own source: the app's key derivation
 * (WebCrypto) and the same derivation in JavaScript, timed by the page's clock.
 */
import { deriveKey, deriveKeyJs } from '../src/core/identity/key-encryption.ts'
import { Secret } from '../src/core/platform/secret.ts'

export type KdfKind = 'webcrypto' | 'js'

export interface KdfTiming {
  ms: number
  /** The derived key, so both derivations can be checked to agree. */
  hex: string
}

const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

const fromHex = (hex: string): Uint8Array =>
  Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))

async function derive(
  kind: KdfKind,
  passphrase: string,
  saltHex: string,
  iterations: number,
): Promise<KdfTiming> {
  const secret = new Secret(passphrase)
  const salt = fromHex(saltHex)
  const start = performance.now()
  const key =
    kind === 'webcrypto'
      ? await deriveKey(secret, salt, iterations)
      : await deriveKeyJs(secret, salt, iterations)
  return { ms: performance.now() - start, hex: toHex(key) }
}

Object.assign(globalThis, { __benchKdf: derive })

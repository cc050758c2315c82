import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import {
  type CryptoLike,
  canPersistKeys,
  deriveKey,
  deriveKeyJs,
  KEY_ITERATIONS,
  KeyEncryptionError,
  openKey,
  type SealedKey,
  sealKey,
} from '../../../../src/core/identity/key-encryption.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'

const plaintext = crypto.getRandomValues(new Uint8Array(32))
const passphrase = new Secret('correct horse battery staple')
const wrong = new Secret('correct horse battery stapler')
/** Fewer rounds where the round count is not what is tested, to keep the file fast. */
const FAST = 1000

/** Real WebCrypto whose AES-GCM fails as in iOS standalone mode; PBKDF2 still works. */
const withoutAesGcm: CryptoLike = {
  getRandomValues: crypto.getRandomValues.bind(crypto),
  subtle: new Proxy(crypto.subtle, {
    get(target, property) {
      const value = Reflect.get(target, property)
      if (typeof value !== 'function') return value
      return (algorithm: unknown, ...rest: unknown[]) => {
        const name = typeof algorithm === 'object' ? (algorithm as { name?: string }).name : null
        const aes =
          name === 'AES-GCM' || rest.some((arg) => (arg as { name?: string })?.name === 'AES-GCM')
        if (aes) return Promise.reject(new DOMException('AES-GCM unsupported', 'NotSupportedError'))
        return Reflect.apply(value, target, [algorithm, ...rest])
      }
    },
  }),
}

/** The error `run` rejects with; fails the test when it resolves. */
async function keyError(run: Promise<unknown>): Promise<KeyEncryptionError> {
  const error = await run.then(
    () => null,
    (error: unknown) => error,
  )
  expect(error).toBeInstanceOf(KeyEncryptionError)
  return error as KeyEncryptionError
}

const problem = async (run: Promise<unknown>): Promise<string> => (await keyError(run)).problem

const flipped = (sealed: SealedKey): SealedKey => {
  const ciphertext = Uint8Array.from(sealed.ciphertext)
  ciphertext[3]! ^= 0x01
  return { ...sealed, ciphertext }
}

describe('key encryption', () => {
  it('seals with PBKDF2 (250,000 rounds), a 16-byte salt and AES-GCM with a 12-byte iv', async () => {
    expect(KEY_ITERATIONS).toBe(250_000)
    const sealed = await sealKey(new Secret(plaintext), passphrase)
    expect(sealed.algo).toBe('AES-GCM')
    expect(sealed.iterations).toBe(250_000)
    expect(sealed.salt).toHaveLength(16)
    expect(sealed.iv).toHaveLength(12)
    expect(sealed.ciphertext).toHaveLength(32 + 16)
    expect((await openKey(sealed, passphrase)).reveal()).toEqual(plaintext)
    expect(await problem(openKey(sealed, wrong))).toBe('wrong-passphrase')
  })

  it('draws a fresh salt and iv every time', async () => {
    const a = await sealKey(new Secret(plaintext), passphrase, { iterations: FAST })
    const b = await sealKey(new Secret(plaintext), passphrase, { iterations: FAST })
    expect(a.salt).not.toEqual(b.salt)
    expect(a.iv).not.toEqual(b.iv)
    expect(a.ciphertext).not.toEqual(b.ciphertext)
  })

  it('tells a damaged ciphertext from a wrong passphrase by the check value', async () => {
    const sealed = await sealKey(new Secret(plaintext), passphrase, { iterations: FAST })
    expect(await problem(openKey(flipped(sealed), passphrase))).toBe('corrupted')
    expect(await problem(openKey(flipped(sealed), wrong))).toBe('wrong-passphrase')
    // Without a check value (older records) a failed tag is read as a wrong passphrase.
    const { check: _, ...unchecked } = flipped(sealed)
    expect(await problem(openKey(unchecked, passphrase))).toBe('wrong-passphrase')
  })

  it('reads an iv of the wrong size, a cut ciphertext or absurd rounds as damage', async () => {
    const sealed = await sealKey(new Secret(plaintext), passphrase, { iterations: FAST })
    for (const damaged of [
      { ...sealed, iv: sealed.iv.slice(0, 11) },
      { ...sealed, ciphertext: sealed.ciphertext.slice(0, 16) },
      { ...sealed, iterations: 0 },
      { ...sealed, iterations: 1e12 },
      { ...sealed, salt: new Uint8Array(0) },
    ]) {
      expect(await problem(openKey(damaged, passphrase))).toBe('corrupted')
    }
  })

  it('falls back to XChaCha20-Poly1305 (24-byte nonce) where AES-GCM is unavailable', async () => {
    const options = { crypto: withoutAesGcm, iterations: FAST }
    const sealed = await sealKey(new Secret(plaintext), passphrase, options)
    expect(sealed.algo).toBe('XCHACHA20-POLY1305')
    expect(sealed.iv).toHaveLength(24)
    expect(sealed.ciphertext).toHaveLength(48)
    expect((await openKey(sealed, passphrase, options)).reveal()).toEqual(plaintext)
    // The same record opens where AES-GCM exists: the cipher is JavaScript, the key derivation the same.
    expect((await openKey(sealed, passphrase)).reveal()).toEqual(plaintext)
    expect(await problem(openKey(sealed, wrong, options))).toBe('wrong-passphrase')
    expect(await problem(openKey(flipped(sealed), passphrase, options))).toBe('corrupted')
  })

  it('cannot open an AES-GCM record without AES-GCM, nor force AES-GCM there', async () => {
    const sealed = await sealKey(new Secret(plaintext), passphrase, { iterations: FAST })
    expect(await problem(openKey(sealed, passphrase, { crypto: withoutAesGcm }))).toBe(
      'unsupported',
    )
    const forced = sealKey(new Secret(plaintext), passphrase, {
      crypto: withoutAesGcm,
      iterations: FAST,
      algo: 'AES-GCM',
    })
    expect(await problem(forced)).toBe('unsupported')
  })

  it("says 'Secure persistence requires WebCrypto...' without crypto.subtle or randomness", async () => {
    const noSubtle: CryptoLike = { getRandomValues: crypto.getRandomValues.bind(crypto) }
    const noRandom: CryptoLike = { subtle: crypto.subtle }
    for (const env of [noSubtle, noRandom, {}]) {
      expect(canPersistKeys(env)).toBe(false)
      const error = await sealKey(new Secret(plaintext), passphrase, { crypto: env }).catch(
        (e: unknown) => e,
      )
      expect((error as Error).message.startsWith('Secure persistence requires WebCrypto')).toBe(
        true,
      )
    }
    expect(canPersistKeys()).toBe(true)
  })

  it('derives the same key in JavaScript as through WebCrypto', async () => {
    const salt = crypto.getRandomValues(new Uint8Array(16))
    const native = await deriveKey(passphrase, salt, 2000)
    expect(await deriveKeyJs(passphrase, salt, 2000)).toEqual(native)
    expect(native).toHaveLength(32)
  })

  it('keeps the plaintext and the passphrase out of errors', async () => {
    const sealed = await sealKey(new Secret(plaintext), passphrase, { iterations: FAST })
    const errors = await Promise.all([
      keyError(openKey(sealed, wrong)),
      keyError(openKey(flipped(sealed), passphrase)),
      keyError(openKey(sealed, passphrase, { crypto: withoutAesGcm })),
    ])
    expect(errors.map((error) => error.problem)).toEqual([
      'wrong-passphrase',
      'corrupted',
      'unsupported',
    ])
    const hex = Buffer.from(plaintext).toString('hex')
    for (const error of errors) {
      const seen = `${error.message} ${JSON.stringify(error)} ${inspect(error)}`
      expect(seen).not.toContain(hex)
      expect(seen).not.toContain(passphrase.reveal())
      expect(seen).not.toContain(wrong.reveal())
    }
  })
})

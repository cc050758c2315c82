import { inspect } from 'node:util'
import { bytesToHex } from '@noble/hashes/utils.js'
import { npubEncode, nsecEncode } from 'nostr-tools/nip19'
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { type CryptoLike, sealKey } from '../../../../src/core/identity/key-encryption.ts'
import {
  createRecord,
  isCurrentRecord,
  migrateRecord,
  openRecord,
  type SavedKeyRecord,
  savedAccountMessage,
  savedAccountsNotice,
  UnlockError,
  unlockMessage,
  viewSecretMessage,
} from '../../../../src/core/identity/keystore-record.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'

const key = generateSecretKey()
const hex = bytesToHex(key)
const pubkey = getPublicKey(key)
const passphrase = new Secret('correct horse battery staple')
const wrong = new Secret('correct horse battery stapler')
const FAST = { iterations: 1000 }

const withoutAesGcm: CryptoLike = {
  getRandomValues: crypto.getRandomValues.bind(crypto),
  subtle: new Proxy(crypto.subtle, {
    get(target, property) {
      const value = Reflect.get(target, property)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) =>
        args.some((arg) => (arg as { name?: string } | null)?.name === 'AES-GCM')
          ? Promise.reject(new DOMException('no AES-GCM', 'NotSupportedError'))
          : Reflect.apply(value, target, args)
    },
  }),
}

async function unlockError(run: Promise<unknown>): Promise<UnlockError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(UnlockError)
  return error as UnlockError
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))

/** A record whose ciphertext holds `plaintext`, labelled as belonging to `owner`. */
async function recordOf(plaintext: Uint8Array, owner = pubkey): Promise<SavedKeyRecord> {
  const sealed = await sealKey(new Secret(plaintext), passphrase, FAST)
  return {
    pubkey: `nsec_${owner}`,
    kdf: 'PBKDF2',
    iterations: sealed.iterations,
    saltB64: b64(sealed.salt),
    algo: sealed.algo,
    ivB64: b64(sealed.iv),
    ciphertextB64: b64(sealed.ciphertext),
    ...(sealed.check ? { checkB64: b64(sealed.check) } : {}),
    version: 1,
    timestamp: 1,
  }
}

describe('saved-key record', () => {
  it('has the shape of §3 and opens with the passphrase (250,000 rounds)', async () => {
    const record = await createRecord(new Secret(key), passphrase, { now: 1_700_000_000_000 })
    expect(record).toMatchObject({
      pubkey: `nsec_${pubkey}`,
      kdf: 'PBKDF2',
      iterations: 250_000,
      algo: 'AES-GCM',
      version: 1,
      timestamp: 1_700_000_000_000,
    })
    expect(bytes(record.saltB64)).toHaveLength(16)
    expect(bytes(record.ivB64)).toHaveLength(12)
    expect(isCurrentRecord(record)).toBe(true)
    expect((await openRecord(record, passphrase)).reveal()).toEqual(key)

    const error = await unlockError(openRecord(record, wrong))
    expect(error.reason).toBe('wrong-passphrase')
    expect(unlockMessage(error)).toBe(
      'Incorrect passphrase. Please check your passphrase and try again.',
    )
    expect(savedAccountMessage(error)).toBe('Invalid passphrase or no saved account')
    expect(viewSecretMessage(error)).toBe('Invalid passphrase or no saved secret for this account')
  })

  it('reads a flipped ciphertext byte or truncated base64 as a corrupted key', async () => {
    const record = await createRecord(new Secret(key), passphrase, FAST)
    const ciphertext = bytes(record.ciphertextB64)
    ciphertext[5]! ^= 0x80
    const damaged = [
      { ...record, ciphertextB64: b64(ciphertext) },
      { ...record, ciphertextB64: record.ciphertextB64.slice(0, -2) },
      { ...record, ciphertextB64: record.ciphertextB64.slice(0, -4) },
      { ...record, ivB64: record.ivB64.slice(0, -4) },
      { ...record, saltB64: '***' },
    ]
    for (const copy of damaged) {
      const error = await unlockError(openRecord(copy, passphrase))
      expect(error.reason).toBe('corrupted')
      expect(unlockMessage(error)).toBe(
        'Your saved key appears to be corrupted. Please log in with your NSEC directly to re-save your key.',
      )
      expect(savedAccountMessage(error).startsWith('Failed to decrypt key')).toBe(true)
      expect(viewSecretMessage(error).startsWith('Failed to decrypt key')).toBe(true)
    }
  })

  it('rejects a wallet-connection record, by its key or by what it decrypts to', async () => {
    const record = await createRecord(new Secret(key), passphrase, FAST)
    const connection = new TextEncoder().encode(
      `nostr+walletconnect://${pubkey}?relay=wss%3A%2F%2Frelay.example&secret=${'ab'.repeat(32)}`,
    )
    for (const wallet of [{ ...record, pubkey: `nwc_${pubkey}` }, await recordOf(connection)]) {
      const error = await unlockError(openRecord(wallet, passphrase))
      expect(error.reason).toBe('wallet-record')
      expect(unlockMessage(error)).toBe(
        'This saved account appears to be a wallet connection, not a private key. Please log in with your NSEC directly.',
      )
    }
  })

  it('rejects a decrypted secret that is not 64 hex characters or not the pubkey’s key', async () => {
    const other = generateSecretKey()
    for (const record of [
      await recordOf(new TextEncoder().encode('not a key at all')),
      await recordOf(new TextEncoder().encode('g'.repeat(64))),
      await recordOf(new TextEncoder().encode(bytesToHex(other))),
    ]) {
      const error = await unlockError(openRecord(record, passphrase))
      expect(error.reason).toBe('corrupted')
      expect(
        savedAccountMessage(error).startsWith('The decrypted key is not in the expected format'),
      ).toBe(true)
    }
    // Raw key bytes as the plaintext are a key too.
    expect((await openRecord(await recordOf(key), passphrase)).reveal()).toEqual(key)
  })

  it('uses XChaCha20-Poly1305 where AES-GCM is missing, and says so for an AES-GCM record', async () => {
    const options = { ...FAST, crypto: withoutAesGcm }
    const record = await createRecord(new Secret(key), passphrase, options)
    expect(record.algo).toBe('XCHACHA20-POLY1305')
    expect(bytes(record.ivB64)).toHaveLength(24)
    expect((await openRecord(record, passphrase, options)).reveal()).toEqual(key)

    const aes = await createRecord(new Secret(key), passphrase, FAST)
    const error = await unlockError(openRecord(aes, passphrase, options))
    expect(error.reason).toBe('unavailable')
    expect(unlockMessage(error)).toBe(
      'Key unlocking is not available in this environment. Please try a different browser or log in with your NSEC directly.',
    )
    expect(savedAccountMessage(error)).toContain('log in with your NSEC directly')
  })

  it("says 'Secure persistence requires WebCrypto...' without WebCrypto", async () => {
    const bare: CryptoLike = { getRandomValues: crypto.getRandomValues.bind(crypto) }
    const failed = await createRecord(new Secret(key), passphrase, { crypto: bare }).catch(
      (e: unknown) => e,
    )
    expect((failed as Error).message.startsWith('Secure persistence requires WebCrypto')).toBe(true)

    const record = await createRecord(new Secret(key), passphrase, FAST)
    const error = await unlockError(openRecord(record, passphrase, { crypto: bare }))
    expect(error.reason).toBe('unavailable')
    expect(savedAccountMessage(error).startsWith('Secure persistence requires WebCrypto')).toBe(
      true,
    )
  })

  it("says 'Failed to unlock' and 'Failed to unlock key...' when the environment itself breaks", async () => {
    const record = await createRecord(new Secret(key), passphrase, FAST)
    const broken = {
      getRandomValues: crypto.getRandomValues.bind(crypto),
      get subtle(): SubtleCrypto {
        throw new Error('crypto is broken')
      },
    }
    const error = await unlockError(openRecord(record, passphrase, { crypto: broken }))
    expect(error.reason).toBe('unknown')
    expect(unlockMessage(error)).toBe('Failed to unlock')
    expect(error.message.startsWith('Failed to unlock key')).toBe(true)
    expect(unlockMessage(new Error('anything'))).toBe('Failed to unlock')
    expect(savedAccountMessage(new Error('anything'))).toBe('Failed to unlock saved account')
  })

  it("says 'No saved accounts found on this device.' for an empty list", () => {
    expect(savedAccountsNotice([])).toBe('No saved accounts found on this device.')
    expect(savedAccountsNotice([pubkey])).toBeNull()
  })

  it('keeps the key and the passphrase out of records and errors', async () => {
    const record = await createRecord(new Secret(key), passphrase, FAST)
    const errors = await Promise.all([
      unlockError(openRecord(record, wrong)),
      unlockError(
        openRecord({ ...record, ciphertextB64: record.ciphertextB64.slice(0, -2) }, passphrase),
      ),
      unlockError(
        openRecord(await recordOf(new TextEncoder().encode(hex.replace(/.$/, 'g'))), passphrase),
      ),
    ])
    expect(errors.map((error) => error.reason)).toEqual([
      'wrong-passphrase',
      'corrupted',
      'corrupted',
    ])
    const opened = await openRecord(record, passphrase)
    const seen = [record, opened, ...errors]
      .map((value) => `${JSON.stringify(value)} ${inspect(value)} ${String(value)}`)
      .join(' ')
    for (const secret of [hex, hex.slice(0, 63), nsecEncode(key), passphrase.reveal()]) {
      expect(seen).not.toContain(secret)
    }
  })
})

describe('migrateRecord', () => {
  it('leaves a current record as it is', async () => {
    const record = await createRecord(new Secret(key), passphrase, FAST)
    expect(migrateRecord(record)).toEqual(record)
    expect(migrateRecord(structuredClone(record))).toEqual(record)
  })

  it('recovers older shapes: bare pubkey, old field names, base64url, no version or timestamp', async () => {
    const record = await createRecord(new Secret(key), passphrase, FAST)
    const url = (text: string) => text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
    const old = {
      pubkey: pubkey.toUpperCase(),
      salt: url(record.saltB64),
      iv: url(record.ivB64),
      ciphertext: url(record.ciphertextB64),
      iterations: String(record.iterations),
    }
    expect(isCurrentRecord(old)).toBe(false)
    const migrated = migrateRecord(old)
    expect(migrated).toEqual({
      pubkey: `nsec_${pubkey}`,
      kdf: 'PBKDF2',
      iterations: 1000,
      saltB64: record.saltB64,
      algo: 'AES-GCM',
      ivB64: record.ivB64,
      ciphertextB64: record.ciphertextB64,
      version: 1,
      timestamp: 0,
    })
    expect(isCurrentRecord(migrated)).toBe(true)
    expect((await openRecord(migrated!, passphrase)).reveal()).toEqual(key)
  })

  it('recovers byte arrays, an npub or the store key as pubkey, second timestamps, spelled-out names', async () => {
    const record = await createRecord(new Secret(key), passphrase, {
      ...FAST,
      crypto: withoutAesGcm,
    })
    const shapes: [unknown, string | undefined][] = [
      [
        {
          pubkey: npubEncode(pubkey),
          kdf: 'pbkdf2-sha256',
          iterations: 1000,
          saltB64: Array.from(bytes(record.saltB64)),
          algo: 'xchacha20-poly1305',
          nonce: bytes(record.ivB64),
          ct: { type: 'Buffer', data: Array.from(bytes(record.ciphertextB64)) },
          version: 0,
          createdAt: 1_700_000_000,
        },
        undefined,
      ],
      [{ ...record, pubkey: undefined, timestamp: '2024-01-02T03:04:05Z' }, `nsec_${pubkey}`],
      [{ ...record, pubkey: undefined, algo: undefined, checkB64: undefined }, pubkey],
    ]
    for (const [raw, storeKey] of shapes) {
      const migrated = migrateRecord(raw, storeKey)
      expect(migrated?.pubkey).toBe(`nsec_${pubkey}`)
      expect(migrated?.algo).toBe('XCHACHA20-POLY1305')
      expect((await openRecord(migrated!, passphrase)).reveal()).toEqual(key)
    }
    expect(migrateRecord(shapes[0]![0])?.timestamp).toBe(1_700_000_000_000)
    expect(migrateRecord(shapes[1]![0], shapes[1]![1])?.timestamp).toBe(
      Date.parse('2024-01-02T03:04:05Z'),
    )
  })

  it('keeps a wallet record a wallet record', async () => {
    const record = await createRecord(new Secret(key), passphrase, FAST)
    expect(migrateRecord({ ...record, pubkey: `nwc_${pubkey}` })?.pubkey).toBe(`nwc_${pubkey}`)
  })

  it('answers null only for what holds no recoverable key', async () => {
    const record = await createRecord(new Secret(key), passphrase, FAST)
    for (const garbage of [
      null,
      undefined,
      'nsec_record',
      42,
      [],
      {},
      { ...record, pubkey: 'someone' },
      { ...record, ciphertextB64: undefined },
      { ...record, saltB64: '' },
      { ...record, ivB64: 'a' },
      { ...record, algo: 'AES-CBC' },
      { ...record, algo: undefined, ivB64: b64(new Uint8Array(16)) },
      { ...record, kdf: 'scrypt' },
      { ...record, iterations: -5 },
      { ...record, version: 2 },
    ]) {
      expect(migrateRecord(garbage)).toBeNull()
    }
  })
})

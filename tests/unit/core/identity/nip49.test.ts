import { inspect } from 'node:util'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { bech32 } from '@scure/base'
import { nsecEncode } from 'nostr-tools/nip19'
import { generateSecretKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  decryptNcryptsec,
  encryptNcryptsec,
  isNcryptsec,
} from '../../../../src/core/identity/nip49.ts'
import { Nip49Error } from '../../../../src/core/identity/nip49-error.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'
import vector from '../../../fixtures/nip49.json' with { type: 'json' }

const { decryption, normalization } = vector
const password = new Secret(decryption.password)

/** The error `run` throws; fails the test when it throws none. */
function errorOf(run: () => unknown): Nip49Error {
  let thrown: unknown = null
  try {
    run()
  } catch (error) {
    thrown = error
  }
  expect(thrown).toBeInstanceOf(Nip49Error)
  return thrown as Nip49Error
}

const failure = (run: () => unknown): string => errorOf(run).message

const payloadOf = (ncryptsec: string) =>
  bech32.fromWords(bech32.decode(ncryptsec as `${string}1${string}`, 200).words)
const encode = (bytes: Uint8Array) => bech32.encode('ncryptsec', bech32.toWords(bytes), 200)

describe('NIP-49 ncryptsec', () => {
  it('decrypts the NIP-49 test vector', () => {
    expect(isNcryptsec(decryption.ncryptsec)).toBe(true)
    expect(payloadOf(decryption.ncryptsec)[1]).toBe(decryption.logN)
    const secret = decryptNcryptsec(` ${decryption.ncryptsec.toUpperCase()}\n`, password)
    expect(bytesToHex(secret.reveal())).toBe(decryption.secretKeyHex)
  })

  it("says 'Incorrect passphrase for this ncryptsec' for a wrong passphrase", () => {
    expect(failure(() => decryptNcryptsec(decryption.ncryptsec, new Secret('nostr!')))).toBe(
      'Incorrect passphrase for this ncryptsec',
    )
  })

  it("says 'Invalid ncryptsec' for a malformed string, before running scrypt", () => {
    const payload = payloadOf(decryption.ncryptsec)
    const version3 = Uint8Array.from(payload)
    version3[0] = 3
    const malformed = [
      `${decryption.ncryptsec.slice(0, -1)}q`,
      'ncryptsec1',
      nsecEncode(hexToBytes(decryption.secretKeyHex)),
      encode(payload.slice(0, 90)),
      encode(version3),
      'hello',
    ]
    for (const input of malformed) {
      expect(failure(() => decryptNcryptsec(input, password))).toBe('Invalid ncryptsec')
    }
  })

  it('refuses a log_n that would exhaust memory, without trying it', () => {
    const payload = Uint8Array.from(payloadOf(decryption.ncryptsec))
    payload[1] = 30
    expect(failure(() => decryptNcryptsec(encode(payload), password))).toBe(
      'This ncryptsec needs more memory to decrypt than this browser can give (scrypt log_n above 20)',
    )
  })

  it('exports with log_n 16 and key security 0x02 by default', () => {
    const key = generateSecretKey()
    const ncryptsec = encryptNcryptsec(new Secret(key), password)
    const payload = payloadOf(ncryptsec)
    expect(payload).toHaveLength(91)
    expect([payload[0], payload[1], payload[2 + 16 + 24]]).toEqual([0x02, 16, 0x02])
  })

  it('takes the key security byte and log_n it is given, and reads its own export', () => {
    const key = generateSecretKey()
    const ncryptsec = encryptNcryptsec(new Secret(key), password, { logN: 8, keySecurity: 0x01 })
    const payload = payloadOf(ncryptsec)
    expect([payload[1], payload[2 + 16 + 24]]).toEqual([8, 0x01])
    expect(decryptNcryptsec(ncryptsec, password).reveal()).toEqual(key)
  })

  it('normalises the passphrase to NFKC, per the NIP-49 test data', () => {
    expect([...new TextEncoder().encode(normalization.input)]).toEqual(normalization.inputUtf8)
    expect([...new TextEncoder().encode(normalization.nfkc)]).toEqual(normalization.nfkcUtf8)
    const key = generateSecretKey()
    const ncryptsec = encryptNcryptsec(new Secret(key), new Secret(normalization.input), {
      logN: 8,
    })
    expect(decryptNcryptsec(ncryptsec, new Secret(normalization.nfkc)).reveal()).toEqual(key)
  })

  it("says 'Failed to export the key as ncryptsec' for a bad key or strength", () => {
    const key = generateSecretKey()
    expect(failure(() => encryptNcryptsec(new Secret(key.slice(1)), password))).toBe(
      'Failed to export the key as ncryptsec',
    )
    expect(failure(() => encryptNcryptsec(new Secret(key), password, { logN: 21 }))).toBe(
      'Failed to export the key as ncryptsec',
    )
  })

  it('keeps the key and the passphrase out of errors', () => {
    // log_n 8 here: the failure path is the same as the vector's, at a fraction of the cost.
    const quick = encryptNcryptsec(new Secret(hexToBytes(decryption.secretKeyHex)), password, {
      logN: 8,
    })
    const inputs = [`${decryption.ncryptsec.slice(0, -1)}q`, quick]
    for (const input of inputs) {
      const error = errorOf(() => decryptNcryptsec(input, new Secret('wrong passphrase')))
      const seen = `${error.message} ${JSON.stringify(error)} ${inspect(error)}`
      expect(seen).not.toContain('wrong passphrase')
      expect(seen).not.toContain(input.slice(10, 60))
      expect(seen).not.toContain(decryption.secretKeyHex)
    }
  })
})

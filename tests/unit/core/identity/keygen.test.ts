import { inspect } from 'node:util'
import { bytesToHex } from '@noble/hashes/utils.js'
import { decode } from 'nostr-tools/nip19'
import { getPublicKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  generateKeyPair,
  KeygenError,
  NO_KEY_GENERATED,
  requireGeneratedKey,
} from '../../../../src/core/identity/keygen.ts'
import { parseSecretInput } from '../../../../src/core/identity/secret-input.ts'

function failure(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(KeygenError)
    return (error as Error).message
  }
  throw new Error('expected a failure')
}

describe('generateKeyPair', () => {
  it('gives a secret, its pubkey and their encodings, each consistent with the others', () => {
    const pair = generateKeyPair()
    const secret = pair.secret.reveal()
    expect(secret).toHaveLength(32)
    expect(pair.pubkey).toBe(getPublicKey(secret))
    expect(decode(pair.npub)).toEqual({ type: 'npub', data: pair.pubkey })
    expect(pair.hex.reveal()).toBe(bytesToHex(secret))
    expect(parseSecretInput(pair.nsec.reveal()).reveal()).toEqual(secret)
    expect(parseSecretInput(pair.hex.reveal()).reveal()).toEqual(secret)
    expect(generateKeyPair().pubkey).not.toBe(pair.pubkey)
  })

  it('shows only the public parts when serialised or printed', () => {
    const pair = generateKeyPair()
    const seen = `${JSON.stringify(pair)} ${inspect(pair)}`
    expect(seen).toContain(pair.npub)
    expect(seen).not.toContain(pair.hex.reveal())
    expect(seen).not.toContain(pair.nsec.reveal())
  })

  it("says 'Secure randomness not available' without getRandomValues", () => {
    expect(failure(() => generateKeyPair({}))).toBe('Secure randomness not available')
  })

  it("says 'Failed to generate key pair' when the random source is broken", () => {
    const zeros = { getRandomValues: <T>(array: T) => array }
    expect(failure(() => generateKeyPair(zeros))).toBe('Failed to generate key pair')
    const throwing = {
      getRandomValues: <T>(_: T): T => {
        throw new Error('entropy exhausted')
      },
    }
    expect(failure(() => generateKeyPair(throwing))).toBe('Failed to generate key pair')
  })

  it("says 'No key generated yet' on login before generating", () => {
    expect(NO_KEY_GENERATED).toBe('No key generated yet')
    expect(failure(() => requireGeneratedKey(null))).toBe('No key generated yet')
    const pair = generateKeyPair()
    expect(requireGeneratedKey(pair)).toBe(pair)
  })
})

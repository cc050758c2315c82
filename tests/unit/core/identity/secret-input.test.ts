import { inspect } from 'node:util'
import { bytesToHex } from '@noble/hashes/utils.js'
import { bech32 } from '@scure/base'
import { npubEncode, nsecEncode } from 'nostr-tools/nip19'
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  LOGIN_FORM_FALLBACK,
  loginFormError,
  parseSecretInput,
  SecretInputError,
} from '../../../../src/core/identity/secret-input.ts'

const key = generateSecretKey()
const hex = bytesToHex(key)
const nsec = nsecEncode(key)

/** The error parseSecretInput throws for `input`; fails the test when it throws none. */
function errorOf(input: string): SecretInputError {
  let thrown: unknown = null
  try {
    parseSecretInput(input)
  } catch (error) {
    thrown = error
  }
  expect(thrown).toBeInstanceOf(SecretInputError)
  return thrown as SecretInputError
}

/** The message parseSecretInput throws for `input`. */
const failure = (input: string): string => errorOf(input).message

/** An nsec-prefixed bech32 string carrying arbitrary 5-bit words, checksum intact. */
const nsecWords = (words: number[]) => bech32.encode('nsec', words)

describe('parseSecretInput', () => {
  it('reads an nsec, trimmed and in either case', () => {
    expect(parseSecretInput(nsec).reveal()).toEqual(key)
    expect(parseSecretInput(`  ${nsec}\n`).reveal()).toEqual(key)
    expect(parseSecretInput(nsec.toUpperCase()).reveal()).toEqual(key)
  })

  it('reads 64 hex characters in either case', () => {
    expect(parseSecretInput(hex).reveal()).toEqual(key)
    expect(parseSecretInput(` ${hex.toUpperCase()} `).reveal()).toEqual(key)
  })

  it("says 'No secret provided' for nothing", () => {
    expect(failure('')).toBe('No secret provided')
    expect(failure('  \t\n')).toBe('No secret provided')
  })

  it("says 'Invalid nsec format' for text that is not a bech32 nsec", () => {
    const badChecksum = `${nsec.slice(0, -1)}${nsec.endsWith('q') ? 'p' : 'q'}`
    expect(failure(badChecksum)).toBe('Invalid nsec format')
    expect(failure('nsec1abc')).toBe('Invalid nsec format')
    expect(failure(`${nsec.slice(0, 10)}b${nsec.slice(11)}`)).toBe('Invalid nsec format')
    expect(failure(`nsec${nsec.slice(4).toUpperCase()}`)).toBe('Invalid nsec format')
    expect(failure(bech32.encode('nsecx', bech32.toWords(key)))).toBe('Invalid nsec format')
    expect(failure(`${nsec}${'q'.repeat(40)}`)).toBe('Invalid nsec format')
  })

  it("says 'Invalid secret key length' when the nsec holds other than 32 bytes", () => {
    expect(failure(nsecWords(bech32.toWords(key.slice(0, 31))))).toBe('Invalid secret key length')
    expect(failure(nsecWords(bech32.toWords(new Uint8Array(33).fill(7))))).toBe(
      'Invalid secret key length',
    )
  })

  it("says 'Invalid nsec encoding' when the data is not whole bytes or not a key", () => {
    // 52 words of 31 leave four padding bits set: a sound checksum over data that is not bytes.
    expect(failure(nsecWords(new Array(52).fill(31)))).toBe('Invalid nsec encoding')
    expect(failure(nsecEncode(new Uint8Array(32)))).toBe('Invalid nsec encoding')
    expect(failure(nsecEncode(new Uint8Array(32).fill(255)))).toBe('Invalid nsec encoding')
  })

  it("says 'Invalid secret key format' for anything else", () => {
    expect(failure(hex.slice(1))).toBe('Invalid secret key format')
    expect(failure(`${hex}0`)).toBe('Invalid secret key format')
    expect(failure('z'.repeat(64))).toBe('Invalid secret key format')
    expect(failure('0'.repeat(64))).toBe('Invalid secret key format')
    expect(failure(npubEncode(getPublicKey(key)))).toBe('Invalid secret key format')
  })

  it('never lets the input into an error or the parsed Secret', () => {
    const near = [
      `${nsec.slice(0, -1)}${nsec.endsWith('q') ? 'p' : 'q'}`,
      `${hex.slice(1)}`,
      `${nsec.slice(0, 30)}b${nsec.slice(31)}`,
    ]
    for (const input of near) {
      const error = errorOf(input)
      const seen = `${error.message} ${JSON.stringify(error)} ${inspect(error)}`
      expect(seen).not.toContain(input.slice(10, 50))
    }
    const secret = parseSecretInput(nsec)
    const seen = `${JSON.stringify({ secret })} ${String(secret)} ${inspect(secret)}`
    expect(seen).not.toContain(hex)
    expect(seen).not.toContain(nsec)
  })
})

describe('loginFormError', () => {
  it('shows our validation texts as they are', () => {
    expect(loginFormError(errorOf('nsec1abc'))).toBe('Invalid nsec format')
  })

  it('shows the fallback for anything else, which might quote the input', () => {
    expect(LOGIN_FORM_FALLBACK).toBe('Invalid nsec or secret key')
    expect(loginFormError(new Error(`Invalid checksum in ${nsec}`))).toBe(
      'Invalid nsec or secret key',
    )
    expect(loginFormError('failed')).toBe('Invalid nsec or secret key')
    expect(loginFormError(undefined)).toBe('Invalid nsec or secret key')
  })
})

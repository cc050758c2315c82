import { noteEncode, nprofileEncode, npubEncode, nsecEncode } from 'nostr-tools/nip19'
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  CLIPBOARD_ERROR,
  PubkeyInputError,
  parsePubkeyInput,
} from '../../../../src/core/identity/pubkey-input.ts'

const key = generateSecretKey()
const pubkey = getPublicKey(key)
const npub = npubEncode(pubkey)

function failure(input: string): string {
  try {
    parsePubkeyInput(input)
  } catch (error) {
    expect(error).toBeInstanceOf(PubkeyInputError)
    return (error as Error).message
  }
  throw new Error('expected a failure')
}

describe('parsePubkeyInput', () => {
  it('reads an npub, trimmed and in either case', () => {
    expect(parsePubkeyInput(npub)).toBe(pubkey)
    expect(parsePubkeyInput(`  ${npub}\n`)).toBe(pubkey)
    expect(parsePubkeyInput(npub.toUpperCase())).toBe(pubkey)
  })

  it('reads 64 hex characters, lowercased', () => {
    expect(parsePubkeyInput(pubkey)).toBe(pubkey)
    expect(parsePubkeyInput(` ${pubkey.toUpperCase()} `)).toBe(pubkey)
  })

  it("says 'Invalid pubkey or npub' for anything else", () => {
    const badChecksum = `${npub.slice(0, -1)}${npub.endsWith('q') ? 'p' : 'q'}`
    for (const input of [
      '',
      'npub1',
      badChecksum,
      pubkey.slice(1),
      nsecEncode(key),
      noteEncode(pubkey),
      nprofileEncode({ pubkey }),
      'hello',
    ]) {
      expect(failure(input)).toBe('Invalid pubkey or npub')
    }
  })

  it('names the clipboard failure', () => {
    expect(CLIPBOARD_ERROR).toBe('Failed to read clipboard')
  })
})

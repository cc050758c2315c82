import { describe, expect, it } from 'vitest'
import {
  checkNewPassphrase,
  checkPassphraseEntered,
  checkViewSecretPassphrase,
  MIN_PASSPHRASE,
} from '../../../../src/core/identity/passphrase.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'

const s = (value: string) => new Secret(value)

describe('checkNewPassphrase', () => {
  it('accepts 8 characters typed twice', () => {
    expect(MIN_PASSPHRASE).toBe(8)
    expect(checkNewPassphrase(s('12345678'), s('12345678'))).toBeNull()
    expect(checkNewPassphrase(s('correct horse battery'), s('correct horse battery'))).toBeNull()
  })

  it("says 'Passphrase must be at least 8 characters' below 8", () => {
    expect(checkNewPassphrase(s('1234567'), s('1234567'))).toBe(
      'Passphrase must be at least 8 characters',
    )
    expect(checkNewPassphrase(s(''), s(''))).toBe('Passphrase must be at least 8 characters')
    // Four emoji are eight UTF-16 units but four characters.
    expect(checkNewPassphrase(s('🔑🔑🔑🔑'), s('🔑🔑🔑🔑'))).toBe(
      'Passphrase must be at least 8 characters',
    )
  })

  it("says 'Passphrases do not match' when the confirmation differs", () => {
    expect(checkNewPassphrase(s('12345678'), s('12345679'))).toBe('Passphrases do not match')
    expect(checkNewPassphrase(s('12345678'), s(''))).toBe('Passphrases do not match')
  })
})

describe('checkPassphraseEntered', () => {
  it("says 'Enter your passphrase' when nothing is typed, and tries anything else", () => {
    expect(checkPassphraseEntered(s(''))).toBe('Enter your passphrase')
    expect(checkPassphraseEntered(s('short'))).toBeNull()
  })
})

describe('checkViewSecretPassphrase', () => {
  it('needs at least 8 characters', () => {
    expect(checkViewSecretPassphrase(s(''))).toBe('Enter your passphrase')
    expect(checkViewSecretPassphrase(s('1234567'))).toBe('Passphrase must be at least 8 characters')
    expect(checkViewSecretPassphrase(s('12345678'))).toBeNull()
  })
})

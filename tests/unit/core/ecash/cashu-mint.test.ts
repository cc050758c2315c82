import { describe, expect, it } from 'vitest'
import {
  MINT_ERRORS,
  mintErrorText,
  normalizeMintUrl,
  parseSats,
  withMintTimeout,
} from '../../../../src/core/ecash/cashu-mint.ts'

describe('normalizeMintUrl', () => {
  it('keeps https and loopback http, without a trailing slash; a bare host gets https', () => {
    expect(normalizeMintUrl(' https://Mint.Example.com/ ')).toBe('https://mint.example.com')
    expect(normalizeMintUrl('https://mint.example.com/cashu/api/')).toBe(
      'https://mint.example.com/cashu/api',
    )
    expect(normalizeMintUrl('mint.example.com')).toBe('https://mint.example.com')
    expect(normalizeMintUrl('http://127.0.0.1:3338/')).toBe('http://127.0.0.1:3338')
    expect(normalizeMintUrl('http://localhost:3338')).toBe('http://localhost:3338')
  })

  it('refuses what is not a mint URL, with a message for each case', () => {
    expect(() => normalizeMintUrl('  ')).toThrow(MINT_ERRORS.required)
    expect(() => normalizeMintUrl('http://mint.example.com')).toThrow(MINT_ERRORS.https)
    expect(() => normalizeMintUrl('ftp://mint.example.com')).toThrow(MINT_ERRORS.invalid)
    expect(() => normalizeMintUrl('https://mint.example.com/?a=1')).toThrow(MINT_ERRORS.invalid)
    expect(() => normalizeMintUrl('https://')).toThrow(MINT_ERRORS.invalid)
  })
})

describe('parseSats', () => {
  it('reads whole sats, with separators; refuses zero, fractions and words', () => {
    expect(parseSats('1000')).toBe(1000)
    expect(parseSats(' 1,000 ')).toBe(1000)
    for (const bad of ['0', '1.5', '-3', 'ten', '', '1e3']) {
      expect(() => parseSats(bad)).toThrow(MINT_ERRORS.amount)
    }
  })
})

describe('withMintTimeout', () => {
  it("rejects with 'timeout loading mint' when the work is slower than the limit", async () => {
    await expect(withMintTimeout(new Promise(() => {}), 20)).rejects.toThrow(MINT_ERRORS.timeout)
    await expect(withMintTimeout(Promise.resolve(7), 20)).resolves.toBe(7)
  })
})

describe('mintErrorText', () => {
  it("shows a load failure's cause after its message", () => {
    const error = new Error(MINT_ERRORS.unableToLoad('https://m'), {
      cause: new Error(MINT_ERRORS.timeout),
    })
    expect(mintErrorText(error)).toBe(
      'unable to load wallet for mint https://m (timeout loading mint)',
    )
    expect(mintErrorText(new Error('plain'))).toBe('plain')
  })
})

import { deriveSecretAndBlindingFactor, getKeysetIdInt } from '@cashu/cashu-ts'
import { bytesToHex } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'
import {
  checkSeed,
  createWalletMnemonic,
  normalizeMnemonic,
  SEED_ERRORS,
  walletSeed,
} from '../../../../src/core/ecash/cashu-seed.ts'
import { nut13 } from '../../../fixtures/nuts/index.ts'

describe('wallet seed (NUT-13 vectors)', () => {
  it('maps the version 00 keyset id to its integer for the derivation path', () => {
    expect(getKeysetIdInt(nut13.keysetIdInt.keyset_id)).toBe(
      BigInt(nut13.keysetIdInt.keyest_id_int),
    )
  })

  for (const [name, v] of Object.entries({
    'version 00': nut13.version00,
    'version 01': nut13.version01,
  })) {
    it(`derives the secrets and blinding factors of ${name} keysets from the mnemonic`, () => {
      const seed = walletSeed(v.mnemonic)
      v.secrets.forEach((secret, counter) => {
        const derived = deriveSecretAndBlindingFactor(seed, v.keysetId, counter)
        expect(bytesToHex(derived.secret)).toBe(secret)
        expect(bytesToHex(derived.blindingFactor)).toBe(v.r[counter])
      })
    })
  }

  it('reads a phrase as typed: spaces and capitals do not matter', () => {
    const messy = `  ${nut13.version00.mnemonic.toUpperCase().split(' ').join('   ')}\n`
    expect(normalizeMnemonic(messy)).toBe(nut13.version00.mnemonic)
    expect(walletSeed(messy)).toEqual(walletSeed(nut13.version00.mnemonic))
  })

  it('refuses a phrase with a wrong word or checksum', () => {
    const words = nut13.version00.mnemonic.split(' ')
    expect(() => walletSeed([...words.slice(0, 11), 'zebra'].join(' '))).toThrow(
      SEED_ERRORS.invalidMnemonic,
    )
    expect(() => walletSeed(words.slice(0, 11).join(' '))).toThrow('Invalid recovery phrase')
  })

  it('creates new 12-word phrases that restore to a 64-byte seed', () => {
    const phrase = createWalletMnemonic()
    expect(phrase.split(' ')).toHaveLength(12)
    expect(phrase).not.toBe(createWalletMnemonic())
    const seed = walletSeed(phrase)
    expect(seed).toHaveLength(64)
    expect(() => checkSeed(seed)).not.toThrow()
  })

  it('accepts seeds of 128 to 512 bits only', () => {
    expect(() => checkSeed(new Uint8Array(16))).not.toThrow()
    expect(() => checkSeed(new Uint8Array(15))).toThrow(SEED_ERRORS.length)
    expect(() => checkSeed(new Uint8Array(65))).toThrow(
      'Seed must be a byte array of 128 to 512 bits',
    )
  })
})

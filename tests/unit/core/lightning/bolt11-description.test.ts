import bolt11 from 'bolt11'
import { describe, expect, it } from 'vitest'
import { bolt11DescriptionHash } from '../../../../src/core/lightning/bolt11-description.ts'
import { createFakeLightning } from '../../../peers/fake-lightning.ts'

describe('bolt11DescriptionHash', () => {
  it('reads the h field of a regtest invoice signed by bolt11', () => {
    const hash = '0f'.repeat(32)
    const invoice = createFakeLightning().create(21_000, hash)
    expect(invoice.startsWith('lnbcrt210n1')).toBe(true)
    expect(bolt11DescriptionHash(invoice)).toBe(hash)
    expect(bolt11DescriptionHash(invoice.toUpperCase())).toBe(hash)
  })

  it('is null for an invoice with a plain description, and for what is not an invoice', () => {
    const plain = bolt11.sign(
      bolt11.encode({
        network: {
          bech32: 'bcrt',
          pubKeyHash: 0x6f,
          scriptHash: 0xc4,
          validWitnessVersions: [0, 1],
        },
        millisatoshis: '1000',
        tags: [
          { tagName: 'payment_hash', data: '11'.repeat(32) },
          { tagName: 'description', data: 'coffee' },
        ],
      }),
      '22'.repeat(32),
    ).paymentRequest
    expect(bolt11DescriptionHash(plain ?? '')).toBeNull()
    expect(bolt11DescriptionHash('lnurl1dp68gurn8ghj7')).toBeNull()
    expect(bolt11DescriptionHash('hello')).toBeNull()
  })
})

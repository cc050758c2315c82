import { hexToBytes } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'
import { nsecOfSecret, pubkeyOfSecret } from '../../../../src/core/identity/secret-key.ts'
import { Secret } from '../../../../src/core/platform/secret.ts'

describe('pubkeyOfSecret', () => {
  it('is the x coordinate of the key times G: for the key 1, G itself (BIP-340)', () => {
    const one = new Secret(hexToBytes(`${'0'.repeat(63)}1`))
    expect(pubkeyOfSecret(one)).toBe(
      '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
    )
  })
})

describe('nsecOfSecret', () => {
  it("encodes as NIP-19's example", () => {
    const key = new Secret(
      hexToBytes('67dea2ed018072d675f5415ecfaed7d2597555e202d85b3d65ea4e58d2d92ffa'),
    )
    expect(nsecOfSecret(key)).toBe(
      'nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5',
    )
  })
})

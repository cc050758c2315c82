/**
 * The wallet-side primitives Plume takes from cashu-ts, held to the NUT-00 and NUT-12 vectors:
 * a cashu-ts upgrade that broke them would fail here, not in a user's wallet.
 */
import { blindMessage, hash_e, hashToCurve, pointFromHex, verifyDLEQProof } from '@cashu/cashu-ts'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'
import { nut00, nut12 } from '../../../fixtures/nuts/index.ts'

describe('cashu-ts crypto against the vectors', () => {
  it('NUT-00 hash_to_curve', () => {
    for (const v of nut00.hashToCurve) {
      expect(hashToCurve(hexToBytes(v.message)).toHex(true)).toBe(v.point)
    }
  })

  it('NUT-00 blinded messages B_ = Y + rG', () => {
    for (const v of nut00.blindedMessages) {
      const { B_ } = blindMessage(hexToBytes(v.x), BigInt(`0x${v.r}`))
      expect(B_.toHex(true)).toBe(v.B_)
    }
  })

  it('NUT-12 hash_e', () => {
    const { R1, R2, K, C_, hash } = nut12.hashE
    expect(bytesToHex(hash_e([R1, R2, K, C_].map(pointFromHex)))).toBe(hash)
  })

  it('NUT-12 DLEQ on a blind signature: valid, and invalid for another mint key', () => {
    const { A, B_, signature } = nut12.blindSignature
    const dleq = { e: hexToBytes(signature.dleq.e), s: hexToBytes(signature.dleq.s) }
    const points = [B_, signature.C_, A].map(pointFromHex) as [
      ReturnType<typeof pointFromHex>,
      ReturnType<typeof pointFromHex>,
      ReturnType<typeof pointFromHex>,
    ]
    expect(verifyDLEQProof(dleq, ...points)).toBe(true)
    const otherKey = pointFromHex(nut12.deterministicNonce.A)
    expect(verifyDLEQProof(dleq, points[0], points[1], otherKey)).toBe(false)
  })
})

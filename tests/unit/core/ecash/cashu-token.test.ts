import { getDecodedTokenBinary, normalizeProofAmounts, type Token } from '@cashu/cashu-ts'
import { hexToBytes } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'
import {
  checkTokenDleq,
  decodeToken,
  encodeToken,
  stripTokenPrefix,
  TOKEN_ERRORS,
} from '../../../../src/core/ecash/cashu-token.ts'
import { nut00, nut12 } from '../../../fixtures/nuts/index.ts'

/** A token with plain number amounts, to compare with the vectors' JSON. */
const plain = (token: Token) => ({
  ...token,
  proofs: token.proofs.map((p) => ({ ...p, amount: p.amount.toNumber() })),
})

describe('token decoding (NUT-00 vectors)', () => {
  it('decodes the V3 token, with and without base64 padding', () => {
    const entry = nut00.tokenV3.token.token[0]
    const expected = { mint: entry?.mint, proofs: entry?.proofs, unit: 'sat', memo: 'Thank you.' }
    expect(plain(decodeToken(nut00.tokenV3.serialized, []))).toEqual(expected)
    expect(plain(decodeToken(nut00.tokenV3Valid, []))).toEqual(expected)
    const [padded, unpadded] = nut00.tokenV3Padding
    const memo = 'Thank you very much.'
    expect(plain(decodeToken(padded as string, []))).toEqual({ ...expected, memo })
    expect(plain(decodeToken(unpadded as string, []))).toEqual({ ...expected, memo })
  })

  it('rejects a wrong prefix and a missing one: Token version is not supported', () => {
    for (const bad of nut00.tokenV3Invalid) {
      expect(() => decodeToken(bad, [])).toThrow(TOKEN_ERRORS.version)
    }
    expect(() => decodeToken('cashuCabc', [])).toThrow('Token version is not supported')
  })

  it('rejects a V3 token with several entries: Multi entry token are not supported', () => {
    const entry = nut00.tokenV3.token.token[0]
    const json = JSON.stringify({ token: [entry, { ...entry, mint: 'https://other.example' }] })
    const text = `cashuA${Buffer.from(json).toString('base64url')}`
    expect(() => decodeToken(text, [])).toThrow('Multi entry token are not supported')
  })

  it('decodes the V4 tokens, single and multi keyset, and encodes them back as cashuB', () => {
    for (const v of [nut00.tokenV4Single, nut00.tokenV4MultiKeyset]) {
      const decoded = decodeToken(v.serialized, [])
      expect(plain(decoded)).toEqual(v.token)
      // cashu-ts writes the CBOR map keys in another order (m, u, t, d) than the vector
      // (t, d, m, u): the bytes differ, the token does not.
      const encoded = encodeToken(decoded)
      expect(encoded.startsWith('cashuB')).toBe(true)
      expect(plain(decodeToken(encoded, []))).toEqual(v.token)
    }
  })

  it('reads the raw binary V4 token as the same token', () => {
    const raw = getDecodedTokenBinary(hexToBytes(nut00.tokenV4Raw.hex))
    expect(plain(raw)).toEqual(nut00.tokenV4Single.token)
  })

  it('strips the cashu:, cashu:// and web+cashu:// prefixes in any case, and spaces', () => {
    const token = nut00.tokenV4Single.serialized
    for (const prefix of ['', 'cashu:', 'cashu://', 'web+cashu://', 'CASHU:', 'Web+Cashu://']) {
      expect(stripTokenPrefix(`  ${prefix}${token}\n`)).toBe(token)
      expect(plain(decodeToken(`${prefix}${token}`, []))).toEqual(nut00.tokenV4Single.token)
    }
  })
})

describe('DLEQ check on receive (NUT-12 vectors)', () => {
  const keyset = { id: nut12.proof.proof.id, keys: { '1': nut12.proof.A } }
  const [proof] = normalizeProofAmounts([nut12.proof.proof])
  if (!proof) throw new Error('fixture missing')

  it('accepts the proof with a valid DLEQ', () => {
    expect(() => checkTokenDleq([proof], () => keyset, { require: true })).not.toThrow()
  })

  it('says Token contains proofs with invalid DLEQ for a bad, missing or unverifiable one', () => {
    const tampered = { ...proof, dleq: { ...proof.dleq, s: '00'.repeat(32) } } as typeof proof
    const check =
      (p: typeof proof, require: boolean, ks = keyset) =>
      () =>
        checkTokenDleq([p], () => ks, { require })
    expect(check(tampered, false)).toThrow(TOKEN_ERRORS.invalidDleq)
    const { dleq: _, ...bare } = proof
    expect(check(bare as typeof proof, true)).toThrow('Token contains proofs with invalid DLEQ')
    expect(check(bare as typeof proof, false)).not.toThrow()
    expect(() => checkTokenDleq([proof], () => undefined, { require: false })).toThrow(
      TOKEN_ERRORS.invalidDleq,
    )
  })
})

// Our variable-time DLEQ check against cashu-ts's own (hasValidDleq) on proofs signed by the
// test mint's keys: the same verdict for good proofs and for each way a proof can be wrong,
// with the key tables built (many proofs of one amount) and without (mixed amounts).
import { hasValidDleq, type Proof } from '@cashu/cashu-ts'
import { describe, expect, it } from 'vitest'
import { dleqChecker } from '../../../../src/core/ecash/cashu-dleq.ts'
import { checkTokenDleq, TOKEN_ERRORS } from '../../../../src/core/ecash/cashu-token.ts'
import { createKeyset } from '../../../peers/mint/keysets.ts'
import { signedProofs } from '../../../peers/mint/proofs.ts'

const keyset = createKeyset({ seed: new Uint8Array(32).fill(3) })
const other = createKeyset({ seed: new Uint8Array(32).fill(4) })

const mintProofs = (amounts: number[]) => signedProofs(keyset, amounts)

const N = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'
const flip = (hex: string) => (hex[0] === 'a' ? 'b' : 'a') + hex.slice(1)

/** Every way a proof goes wrong, from one good proof (and another for a foreign signature). */
function spoiled(good: Proof, second: Proof): Record<string, Proof> {
  const dleq = good.dleq!
  return {
    's changed': { ...good, dleq: { ...dleq, s: flip(dleq.s) } },
    'e changed': { ...good, dleq: { ...dleq, e: flip(dleq.e) } },
    'r changed': { ...good, dleq: { ...dleq, r: flip(dleq.r!) } },
    'r missing': { ...good, dleq: { s: dleq.s, e: dleq.e } },
    'r zero': { ...good, dleq: { ...dleq, r: '00' } },
    's zero': { ...good, dleq: { ...dleq, s: '00'.repeat(32) } },
    's the group order': { ...good, dleq: { ...dleq, s: N } },
    's not hex': { ...good, dleq: { ...dleq, s: `zz${dleq.s.slice(2)}` } },
    'another C': { ...good, C: second.C },
    'C not a point': { ...good, C: `05${good.C.slice(2)}` },
    'another secret': { ...good, secret: `${good.secret}0` },
    'another amount': { ...good, amount: second.amount },
  }
}

describe('DLEQ check (NUT-12), variable time', () => {
  it('agrees with cashu-ts on good proofs, with and without key tables', () => {
    const proofs = mintProofs([...Array.from({ length: 20 }, () => 1), 2, 4, 8, 16, 1024])
    const holds = dleqChecker()
    for (const proof of proofs) {
      expect(hasValidDleq(proof, keyset)).toBe(true)
      expect(holds(proof, keyset, true)).toBe(true)
    }
  })

  it('agrees with cashu-ts on every spoiled proof: all fail', () => {
    const [good, second] = mintProofs([8, 4])
    const holds = dleqChecker()
    for (let i = 0; i < 20; i++) holds(good!, keyset, true) // the key's tables are built now
    for (const [how, proof] of Object.entries(spoiled(good!, second!))) {
      let theirs: boolean
      try {
        theirs = hasValidDleq(proof, keyset)
      } catch {
        theirs = false
      }
      expect([how, holds(proof, keyset, true)]).toEqual([how, false])
      expect([how, theirs]).toEqual([how, false])
    }
  })

  it('fails a proof against another keyset or one without its amount, and a missing DLEQ only when required', () => {
    const [good] = mintProofs([2])
    const holds = dleqChecker()
    expect(holds(good!, other, false)).toBe(false)
    expect(holds(good!, { id: keyset.id, keys: { '1': keyset.keys['1']! } }, false)).toBe(false)
    expect(holds(good!, undefined, false)).toBe(false)
    const { dleq: _, ...bare } = good!
    expect(holds(bare, keyset, false)).toBe(true)
    expect(holds(bare, keyset, true)).toBe(false)
  })

  it('checks a whole token: one bad proof among 16 is found', () => {
    const proofs = mintProofs(Array.from({ length: 16 }, () => 1))
    const keysetOf = () => keyset
    expect(() => checkTokenDleq(proofs, keysetOf, { require: true })).not.toThrow()
    const last = proofs[15]!
    const bad = [
      ...proofs.slice(0, 15),
      { ...last, dleq: { ...last.dleq!, s: flip(last.dleq!.s) } },
    ]
    expect(() => checkTokenDleq(bad, keysetOf, { require: true })).toThrow(TOKEN_ERRORS.invalidDleq)
  })
})

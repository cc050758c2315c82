/**
 * The NUT-12 DLEQ check of a received proof (the "reblind" form: the proof carries r), the same
 * equations and hash as cashu-ts's hasValidDleq, computed with variable-time arithmetic. Every
 * value here is public (the mint's key, the proof and its DLEQ), so constant time protects
 * nothing, and a 64-proof token checks about three times faster: per proof, one double
 * multiplication (Strauss–Shamir) and four simple ones (two by the base point, with its lookup
 * tables), where cashu-ts makes six constant-time ones.
 */
import { hashToCurve } from '@cashu/cashu-ts'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

const { Point } = secp256k1
type CurvePoint = ReturnType<typeof Point.fromHex>
const N = Point.CURVE().n

/** What a DLEQ check reads of a proof; amounts as cashu-ts Amounts, numbers or decimal text. */
export interface DleqProof {
  id: string
  amount: string | number | bigint | { toString(): string }
  secret: string
  C: string
  dleq?: { s: string; e: string; r?: string }
}

export interface DleqKeyset {
  id: string
  keys: Readonly<Record<string, string>>
}

/** A scalar in 1..n-1 from 32 bytes of hex, or null (cashu-ts refuses 0 and n and above too). */
function scalar(hex: string): bigint | null {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return null
  const value = BigInt(`0x${hex}`)
  return value > 0n && value < N ? value : null
}

/** r may be any length of hex in cashu-ts (it is parsed as a number); 0 and n+ fail there. */
function blinding(hex: string | undefined): bigint | null {
  if (hex === undefined || !/^[0-9a-fA-F]{1,64}$/.test(hex)) return null
  const value = BigInt(`0x${hex}`)
  return value > 0n && value < N ? value : null
}

/**
 * Uses of one mint key from which building its multiplication tables pays off: measured, a key
 * used 64 times checks faster with them, 16 keys used 4 times each slower.
 */
const TABLE_FROM_USES = 16
/** Window of those tables (8 × 65 points). */
const TABLE_WINDOW = 4

/**
 * A checker for one batch of proofs: keys are parsed once, and a key used TABLE_FROM_USES times
 * or more gets lookup tables. `check` is true when the proof's DLEQ holds against its keyset's
 * key for its amount; a proof without DLEQ holds unless `require`.
 */
export function dleqChecker(): (
  proof: DleqProof,
  keyset: DleqKeyset | undefined,
  require: boolean,
) => boolean {
  const keys = new Map<string, { point: CurvePoint; uses: number }>()
  const keyPoint = (hex: string): CurvePoint => {
    let entry = keys.get(hex)
    if (!entry) {
      entry = { point: Point.fromHex(hex), uses: 0 }
      keys.set(hex, entry)
    }
    if (++entry.uses === TABLE_FROM_USES) entry.point.precompute(TABLE_WINDOW, false)
    return entry.point
  }
  return (proof, keyset, require) => {
    if (!proof.dleq) return !require
    const keyHex = keyset?.keys[String(proof.amount)]
    if (keyHex === undefined) return false
    const s = scalar(proof.dleq.s)
    const e = scalar(proof.dleq.e)
    const r = blinding(proof.dleq.r)
    if (s === null || e === null || r === null) return false
    try {
      const A = keyPoint(keyHex)
      const Y = hashToCurve(utf8ToBytes(proof.secret))
      const C = Point.fromHex(proof.C)
      // Reblind: B' = Y + rG, C' = C + rA; then R1 = sG - eA, R2 = sB' - eC'.
      const blindedMessage = Y.add(Point.BASE.multiplyUnsafe(r))
      const blindedSignature = C.add(A.multiplyUnsafe(r))
      const minusE = N - e
      const R1 = Point.BASE.multiplyUnsafe(s).add(A.multiplyUnsafe(minusE))
      const R2 = blindedMessage.mulAddUnsafe(s, blindedSignature, minusE)
      const hashed = [R1, R2, A, blindedSignature].map((p) => p.toHex(false)).join('')
      return bytesToHex(sha256(utf8ToBytes(hashed))) === proof.dleq.e.toLowerCase()
    } catch {
      return false // not a point (bad key, bad C), or R1/R2 at infinity
    }
  }
}

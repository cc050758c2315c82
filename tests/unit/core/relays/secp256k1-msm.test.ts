import { mulAddUnsafe } from '@noble/curves/abstract/curve.js'
import { schnorr } from '@noble/curves/secp256k1.js'
import { bytesToNumberBE } from '@noble/curves/utils.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'
import { sumIsInfinity } from '../../../../src/core/relays/secp256k1-msm.ts'

const { Point } = schnorr
const n = Point.Fn.ORDER
/** Deterministic scalars below n, of the given bits. */
const scalar = (label: string, bits = 256): bigint =>
  (bytesToNumberBE(sha256(utf8ToBytes(label))) % n) >> BigInt(256 - bits)
const points = Array.from({ length: 40 }, (_, i) => Point.BASE.multiply(scalar(`point ${i}`) || 1n))

/** The sum as noble computes it, and the terms with its negation added: infinity. */
function cancelled(list: readonly (typeof Point.BASE)[], scalars: readonly bigint[]) {
  const sum = mulAddUnsafe(Point, [...list], [...scalars])
  return { points: [...list, sum], scalars: [...scalars, n - 1n] }
}

describe('sumIsInfinity', () => {
  it('agrees with noble: a sum minus itself is infinity, and off by one multiple it is not', () => {
    for (const bits of [128, 256]) {
      const scalars = points.map((_, i) => scalar(`scalar ${bits} ${i}`, bits))
      const zero = cancelled(points, scalars)
      expect(sumIsInfinity(zero.points, zero.scalars)).toBe(true)
      for (const at of [0, 17, points.length - 1]) {
        const off = [...zero.scalars]
        off[at] = off[at]! + 1n
        expect(sumIsInfinity(zero.points, off)).toBe(false)
      }
    }
  })

  it('adds a point to itself (doubling) and to its negation (infinity) exactly', () => {
    const [a] = points
    expect(sumIsInfinity([a!, a!, a!.double()], [1n, 1n, n - 1n])).toBe(true)
    expect(sumIsInfinity([a!, a!.negate()], [1n, 1n])).toBe(true)
    expect(sumIsInfinity([a!, a!], [1n, 1n])).toBe(false)
    // The same point many times with the same digits: each step adds it to a multiple of itself.
    const same = Array.from({ length: 8 }, () => a!)
    const zero = cancelled(same, Array(8).fill(0b1011_0111n))
    expect(sumIsInfinity(zero.points, zero.scalars)).toBe(true)
  })

  it('takes zero scalars, the order n, and no points at all', () => {
    expect(sumIsInfinity([], [])).toBe(true)
    expect(sumIsInfinity(points.slice(0, 3), [0n, 0n, 0n])).toBe(true)
    expect(sumIsInfinity([points[1]!], [n])).toBe(true)
    expect(sumIsInfinity([points[1]!], [n - 1n])).toBe(false)
  })

  it('needs one scalar per point', () => {
    expect(() => sumIsInfinity(points.slice(0, 2), [1n])).toThrow('one scalar per point')
  })
})

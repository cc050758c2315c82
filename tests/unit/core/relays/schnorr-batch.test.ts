import { schnorr } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { finalizeEvent, type NostrEvent } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { eventHash } from '../../../../src/core/platform/event-hash.ts'
import {
  batchHolds,
  createKeyCache,
  eventTerm,
  type RandomBytes,
  type SchnorrTerm,
  schnorrTerm,
} from '../../../../src/core/relays/schnorr-batch.ts'
import bip340 from '../../../fixtures/bip340.json' with { type: 'json' }

/** Deterministic weights: the same batch draws the same weights on every run. */
const seeded = (seed: string): RandomBytes => {
  let counter = 0
  return (length) => {
    const out = new Uint8Array(length)
    for (let i = 0; i < length; i += 32) {
      out.set(sha256(utf8ToBytes(`${seed}:${counter++}`)).subarray(0, length - i), i)
    }
    return out
  }
}
const weights = seeded('weights')

const authors = Array.from({ length: 16 }, (_, i) => sha256(utf8ToBytes(`author ${i}`)))
const sign = (i: number, author = i % authors.length): NostrEvent =>
  finalizeEvent(
    { kind: 1, created_at: 1_700_000_000 + i, tags: [['t', 'x']], content: `note ${i}` },
    authors[author]!,
  )
const honest = Array.from({ length: 256 }, (_, i) => sign(i))

/** A signature that does not hold for its event: s changed in its last hex digit. */
const forge = (event: NostrEvent): NostrEvent => ({
  ...event,
  sig: event.sig.slice(0, -1) + (event.sig.endsWith('0') ? '1' : '0'),
})

const termsOf = (events: readonly unknown[], keys = createKeyCache(64)): SchnorrTerm[] =>
  events.map((event) => {
    const term = eventTerm(event, keys)
    if (!term) throw new Error('expected terms')
    return term
  })

describe('BIP-340 test vectors', () => {
  const vectorTerm = (vector: (typeof bip340.vectors)[number]) =>
    schnorrTerm(vector.publicKey, hexToBytes(vector.message), vector.signature, createKeyCache(4))

  it.each(bip340.vectors)('vector $index alone: $valid $comment', (vector) => {
    // The fixture agrees with noble's single verification.
    expect(
      schnorr.verify(
        hexToBytes(vector.signature),
        hexToBytes(vector.message),
        hexToBytes(vector.publicKey),
      ),
    ).toBe(vector.valid)
    const term = vectorTerm(vector)
    expect(term !== null && batchHolds([term], weights)).toBe(vector.valid)
  })

  it('holds for the valid vectors together, and fails when any invalid one joins them', () => {
    const valid = bip340.vectors.filter((vector) => vector.valid).map(vectorTerm)
    expect(valid.every((term) => term !== null)).toBe(true)
    const good = valid as SchnorrTerm[]
    expect(batchHolds(good, weights)).toBe(true)
    const invalid = bip340.vectors.filter((vector) => !vector.valid).map(vectorTerm)
    const joining = invalid.filter((term) => term !== null)
    // Wrong R parity, negated message, negated s: terms that only the equation refutes.
    expect(joining.length).toBeGreaterThanOrEqual(3)
    for (const bad of joining) {
      expect(batchHolds([...good, bad], weights)).toBe(false)
      expect(batchHolds([bad, ...good], weights)).toBe(false)
    }
  })

  it('refuses to build terms for a key or r off the curve or past p, and s of n', () => {
    for (const index of [5, 11, 12, 13, 14]) {
      expect(vectorTerm(bip340.vectors[index]!)).toBeNull()
    }
  })
})

describe('batchHolds', () => {
  it('holds when every signature holds, and for no signature at all', () => {
    expect(batchHolds(termsOf(honest), weights)).toBe(true)
    expect(batchHolds([], weights)).toBe(true)
  })

  it('fails with one forged event among 255 honest ones, wherever it is', () => {
    for (const at of [0, 1, 128, 255]) {
      const events = honest.map((event, i) => (i === at ? forge(event) : event))
      expect(batchHolds(termsOf(events), weights)).toBe(false)
    }
  })

  it('fails with two forged events', () => {
    const events = honest.map((event, i) => (i === 7 || i === 200 ? forge(event) : event))
    expect(batchHolds(termsOf(events), weights)).toBe(false)
  })

  it('needs random weights: two forgeries that cancel pass with every weight 1, not with random ones', () => {
    // s_1 + d and s_2 - d: the plain sum of the equations still holds (BIP-340 §Batch Verification).
    const [first, second] = termsOf(honest.slice(0, 2))
    const d = 12_345n
    const n = schnorr.Point.Fn.ORDER
    const offset = [
      { ...first!, s: (first!.s + d) % n },
      { ...second!, s: (second!.s - d + n) % n },
    ]
    const ones: RandomBytes = (length) => new Uint8Array(length) // every a_i = 0 + 1
    expect(batchHolds(offset, ones)).toBe(true)
    expect(batchHolds(offset, weights)).toBe(false)
    expect(batchHolds(offset, seeded('other weights'))).toBe(false)
  })

  it('holds for one author many times, and fails when one of theirs is forged', () => {
    const keys = createKeyCache(4)
    const mine = Array.from({ length: 100 }, (_, i) => sign(i, 3))
    expect(batchHolds(termsOf(mine, keys), weights)).toBe(true)
    const withForgery = mine.map((event, i) => (i === 50 ? forge(event) : event))
    expect(batchHolds(termsOf(withForgery, keys), weights)).toBe(false)
  })
})

describe('eventTerm', () => {
  const good = honest[0]!
  const keys = createKeyCache(64)

  it('refuses an id that is not the hash of the content', () => {
    expect(eventTerm({ ...good, content: 'changed' }, keys)).toBeNull()
    expect(eventTerm({ ...good, id: eventHash(honest[1]!) }, keys)).toBeNull()
  })

  it('checks the signature over the hashed id: a matching id with the old signature fails', () => {
    const changed = { ...good, content: 'changed' }
    const rehashed = { ...changed, id: eventHash(changed) }
    const term = eventTerm(rehashed, keys)
    expect(term).not.toBeNull()
    expect(batchHolds([...termsOf(honest.slice(1, 20)), term!], weights)).toBe(false)
  })

  it('answers null, never throws, for malformed fields', () => {
    const offCurve = bip340.vectors[5]!.publicKey // no point has this x
    const pastP = bip340.vectors[14]!.publicKey
    const p = 'fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f'
    const n = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'
    const withKey = (pubkey: string) => {
      const event = { ...good, pubkey }
      return { ...event, id: eventHash(event) }
    }
    const malformed: unknown[] = [
      null,
      'event',
      42,
      { ...good, id: good.id.slice(1) },
      { ...good, id: `${good.id}00` },
      { ...good, id: `zz${good.id.slice(2)}` },
      { ...good, id: good.id.toUpperCase() },
      withKey(good.pubkey.slice(2)),
      withKey(`xy${good.pubkey.slice(2)}`),
      withKey(offCurve),
      withKey(pastP),
      { ...good, sig: good.sig.slice(2) },
      { ...good, sig: `${good.sig.slice(0, -2)}gg` },
      { ...good, sig: p + good.sig.slice(64) },
      { ...good, sig: good.sig.slice(0, 64) + n },
      { ...good, tags: 'no' },
      { ...good, tags: [[1]] },
      { ...good, kind: '1' },
    ]
    for (const event of malformed) expect(eventTerm(event, keys)).toBeNull()
  })
})

describe('createKeyCache', () => {
  const keyOf = (event: NostrEvent) => event.pubkey

  it('lifts a key once and keeps the most recently used', () => {
    const keys = createKeyCache(2)
    const [a, b, c] = honest.slice(0, 3).map(keyOf) as [string, string, string]
    const pointA = keys.lift(a)
    expect(pointA).not.toBeNull()
    expect(keys.lift(a)).toBe(pointA) // the same point, not lifted again
    expect(bytesToHex(schnorr.utils.pointToBytes(pointA!))).toBe(a)
    const pointB = keys.lift(b)
    keys.lift(a) // a used after b: b is now the oldest
    keys.lift(c)
    expect(keys.lift(a)).toBe(pointA)
    const liftedAgain = keys.lift(b)
    expect(liftedAgain).not.toBe(pointB) // b was dropped, and is lifted again
    expect(liftedAgain!.equals(pointB!)).toBe(true)
  })

  it('answers null for a key that is no x on the curve', () => {
    expect(createKeyCache(2).lift(bip340.vectors[5]!.publicKey)).toBeNull()
  })
})

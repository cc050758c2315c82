import { schnorr } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import { finalizeEvent, type NostrEvent } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { eventHash } from '../../../../src/core/platform/event-hash.ts'
import { MIN_BATCH } from '../../../../src/core/relays/check-event.ts'
import { createKeyCache } from '../../../../src/core/relays/schnorr-batch.ts'
import {
  type BatchContext,
  MAX_BATCH,
  verifyBatch,
} from '../../../../src/core/relays/verify-batch.ts'

const authors = Array.from({ length: 12 }, (_, i) => sha256(utf8ToBytes(`author ${i}`)))
const honest = Array.from({ length: 256 }, (_, i) =>
  finalizeEvent(
    { kind: 1, created_at: 1_700_000_000 + i, tags: [], content: `note ${i}` },
    authors[i % authors.length]!,
  ),
)
const forge = (event: NostrEvent): NostrEvent => ({
  ...event,
  sig: event.sig.slice(0, -1) + (event.sig.endsWith('0') ? '1' : '0'),
})

/** A single check in the contract of nostr-wasm's verifyEvent, counting its calls. */
const singles = () => {
  const checked: NostrEvent[] = []
  const verifyOne = (event: NostrEvent) => {
    checked.push(event)
    const holds =
      eventHash(event) === event.id &&
      schnorr.verify(hexToBytes(event.sig), hexToBytes(event.id), hexToBytes(event.pubkey))
    if (!holds) throw new Error('invalid event')
  }
  return { checked, verifyOne }
}

const context = (): BatchContext => ({
  keys: createKeyCache(64),
  randomBytes: (length) => crypto.getRandomValues(new Uint8Array(length)),
})

describe('verifyBatch', () => {
  it('accepts a batch that holds without any single check', () => {
    const { checked, verifyOne } = singles()
    expect(verifyBatch(honest, verifyOne, context())).toEqual(honest.map(() => true))
    expect(checked).toHaveLength(0)
  })

  it('drops the one forged event among 255 honest ones, found by single checks', () => {
    const { checked, verifyOne } = singles()
    const events = honest.map((event, i) => (i === 100 ? forge(event) : event))
    const results = verifyBatch(events, verifyOne, context())
    expect(results.filter((ok) => !ok)).toHaveLength(1)
    expect(results[100]).toBe(false)
    expect(checked).toHaveLength(256)
  })

  it('drops two forged events and keeps the rest', () => {
    const { verifyOne } = singles()
    const events = honest.map((event, i) => (i === 3 || i === 250 ? forge(event) : event))
    const results = verifyBatch(events, verifyOne, context())
    expect(results.flatMap((ok, i) => (ok ? [] : [i]))).toEqual([3, 250])
  })

  it('answers false for what is not an event or whose id is not its hash, and batches the rest', () => {
    const { checked, verifyOne } = singles()
    const events: unknown[] = [
      ...honest.slice(0, 20),
      null,
      { ...honest[0]!, content: 'changed' },
      { ...honest[1]!, sig: 'zz' },
      ...honest.slice(20, 40),
    ]
    const results = verifyBatch(events, verifyOne, context())
    expect(results.flatMap((ok, i) => (ok ? [] : [i]))).toEqual([20, 21, 22])
    expect(checked).toHaveLength(0)
  })

  it('checks small batches one by one', () => {
    const { checked, verifyOne } = singles()
    const events = [...honest.slice(0, MIN_BATCH - 2), forge(honest[7]!)]
    expect(verifyBatch(events, verifyOne, context())).toEqual([
      ...honest.slice(0, MIN_BATCH - 2).map(() => true),
      false,
    ])
    expect(checked).toHaveLength(MIN_BATCH - 1)
  })

  it('splits a long list, so a forgery costs single checks of its own batch only', () => {
    const { checked, verifyOne } = singles()
    const events: NostrEvent[] = [...honest, ...honest, ...honest].slice(0, MAX_BATCH + 100)
    events[MAX_BATCH + 10] = forge(events[MAX_BATCH + 10]!)
    const results = verifyBatch(events, verifyOne, context())
    expect(results.flatMap((ok, i) => (ok ? [] : [i]))).toEqual([MAX_BATCH + 10])
    expect(checked).toHaveLength(100)
  })

  it('checks everything one by one without a batch context, and answers [] for []', () => {
    const { checked, verifyOne } = singles()
    expect(verifyBatch(honest.slice(0, 20), verifyOne)).toEqual(honest.slice(0, 20).map(() => true))
    expect(checked).toHaveLength(20)
    expect(verifyBatch([], verifyOne, context())).toEqual([])
  })
})

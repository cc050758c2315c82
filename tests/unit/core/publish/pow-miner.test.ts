import { getEventHash } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { committedTarget, idDifficulty } from '../../../../src/core/publish/nip13.ts'
import {
  type MinedEvent,
  mine,
  NONCES_PER_BLOCK,
  type PowTemplate,
  planMining,
} from '../../../../src/core/publish/pow-miner.ts'
import vector from '../../../fixtures/nip13.json' with { type: 'json' }

const PUBKEY = vector.example.pubkey
const template = (over: Partial<PowTemplate> = {}): PowTemplate => ({
  pubkey: PUBKEY,
  created_at: vector.example.created_at,
  kind: 1,
  tags: [],
  content: vector.example.content,
  ...over,
})

/** The mined event is what nostr-tools would hash, and it meets the target it commits to. */
function expectMined(event: MinedEvent | null, source: PowTemplate, bits: number): MinedEvent {
  expect(event).not.toBeNull()
  const mined = event as MinedEvent
  expect(getEventHash(mined)).toBe(mined.id)
  expect(idDifficulty(mined.id)).toBeGreaterThanOrEqual(bits)
  expect(committedTarget(mined.tags)).toBe(bits)
  const nonce = mined.tags.at(-1)!
  expect(nonce[0]).toBe('nonce')
  expect(nonce[1]).toMatch(/^\d{16,19}$/)
  expect(mined.tags.slice(0, -1)).toEqual(source.tags.filter((tag) => tag[0] !== 'nonce'))
  expect({ ...mined, id: undefined, tags: undefined }).toEqual({
    ...source,
    id: undefined,
    tags: undefined,
  })
  return mined
}

describe('mining core', () => {
  it.each([1, 4, 8, 12, 16])('mines the NIP-13 example note to %i bits', (bits) => {
    const source = template()
    expectMined(mine(planMining(source, bits)).event, source, bits)
  })

  const tricky: [string, Partial<PowTemplate>][] = [
    ['unicode and emoji', { content: 'naïve café — 日本語 🎉🧡 Ω' }],
    ['escapes', { content: 'quote " backslash \\ newline \n tab \t cr \r nul \u0000 bell \u0007' }],
    ['a lone surrogate', { content: 'broken \ud83d pair' }],
    ['empty content', { content: '' }],
    ['long content', { content: 'lorem ipsum '.repeat(200) }],
    [
      'many tags',
      {
        tags: Array.from({ length: 60 }, (_, i) => [
          'p',
          PUBKEY,
          `wss://relay${i}.example.com`,
          `ü${i}`,
        ]),
      },
    ],
    [
      'a nonce tag already there',
      {
        tags: [
          ['t', 'x'],
          ['nonce', '99', '30'],
          ['t', 'y'],
        ],
      },
    ],
    ['another kind and a large created_at', { kind: 30023, created_at: 4_102_444_800 }],
  ]
  it.each(tricky)('gives the id nostr-tools computes, with %s', (_name, over) => {
    const source = template(over)
    expectMined(mine(planMining(source, 10)).event, source, 10)
  })

  it('places the counter at every byte offset, its last four digits at every word of a chunk', () => {
    const widths = new Set<number>()
    const words = new Set<number>()
    // Each case moves the counter one byte further into the serialisation.
    for (let extra = 0; extra < 64; extra++) {
      const source = template({ tags: [['t', 'x'.repeat(extra)]] })
      const plan = planMining(source, 6)
      widths.add(plan.digits)
      words.add(plan.lastWord)
      expectMined(mine(plan).event, source, 6)
    }
    expect([...widths].sort()).toEqual([16, 17, 18, 19])
    expect([...words].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i))
  })

  it('hashes only the chunks from the counter on, per nonce', () => {
    const tagged = planMining(template({ tags: Array.from({ length: 8 }, () => ['p', PUBKEY]) }), 8)
    expect(tagged.chunks).toBeGreaterThan(10)
    expect(tagged.chunksPerNonce).toBe(2)
  })

  it('splits the nonce space into disjoint stripes that together are the whole', () => {
    const counters = (stripe: number, stripes: number) => {
      const seen: string[] = []
      for (let block = 0; block < 3; block++) {
        // At 1 bit the first id or two meet the target: the counter names the block searched.
        const found = mine(planMining(template(), 1), { stripe, stripes, firstBlock: block })
        seen.push(found.event!.tags.at(-1)![1]!.slice(0, -4))
      }
      return seen
    }
    const zero = counters(0, 3)
    const one = counters(1, 3)
    const two = counters(2, 3)
    const blocks = [...zero, ...one, ...two].map(Number).sort((a, b) => a - b)
    expect(blocks).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8])
    expect(zero.map(Number)).toEqual([0, 3, 6])
  })

  it('stops after maxHashes, or when the batch callback says so, with the count tried', () => {
    const plan = planMining(template(), 60)
    const limited = mine(plan, { maxHashes: 3 * 1024 })
    expect(limited).toMatchObject({ event: null, hashes: 3 * 1024 })
    const calls: number[] = []
    const stopped = mine(plan, {
      onBatch: (hashes) => {
        calls.push(hashes)
        return calls.length < 5
      },
    })
    expect(calls).toEqual([1024, 2048, 3072, 4096, 5120])
    expect(stopped.hashes).toBe(5120)
    expect(stopped.bestBits).toBeGreaterThan(0)
    expect(stopped.bestBits).toBeLessThan(60)
  })

  it('crosses from one block of 10,000 nonces into the next', () => {
    const plan = planMining(template(), 60)
    const run = mine(plan, { maxHashes: NONCES_PER_BLOCK + 2048 })
    expect(run.hashes).toBeGreaterThan(NONCES_PER_BLOCK)
    // And a search starting in a later block finds ids as valid as the first block's.
    const source = template({ content: 'later block' })
    expectMined(
      mine(planMining(source, 8), { firstBlock: 7, stripes: 2, stripe: 1 }).event,
      source,
      8,
    )
  })
})

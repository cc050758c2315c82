import { expose, proxy, wrap } from 'comlink'
import { getEventHash } from 'nostr-tools/pure'
import { afterAll, describe, expect, it } from 'vitest'
import { idDifficulty } from '../../../src/core/publish/nip13.ts'
import { createPowApi, type PowApi, type PowProgress } from '../../../src/workers/pow-api.ts'
import vector from '../../fixtures/nip13.json' with { type: 'json' }

const { pubkey, created_at, kind, content } = vector.example
const template = { pubkey, created_at, kind, tags: [['t', 'pow']], content }

/** A clock the test moves: 100 ms per reading, so reports fall due every fifth reading. */
let clock = 0
const tick = () => (clock += 100)

// The worker's API exposed over a real MessageChannel, as Comlink does between threads.
const channel = new MessageChannel()
expose(createPowApi(tick), channel.port1)
const worker = wrap<PowApi>(channel.port2)
afterAll(() => {
  channel.port1.close()
  channel.port2.close()
})

describe('proof-of-work worker', () => {
  it('mines across the channel: an event whose id nostr-tools agrees with', async () => {
    const result = await worker.mine({ template, targetBits: 12, stripe: 0, stripes: 1 })
    expect(result.event).not.toBeNull()
    expect(getEventHash(result.event!)).toBe(result.event!.id)
    expect(idDifficulty(result.event!.id)).toBeGreaterThanOrEqual(12)
    expect(result.hashes).toBeGreaterThan(0)
    expect(result.ms).toBeGreaterThan(0)
  })

  it('reports progress at the first 1024 hashes, then once per 500 ms, never losing a hash', async () => {
    const reports: PowProgress[] = []
    const result = await worker.mine(
      { template, targetBits: 64, stripe: 1, stripes: 4, maxHashes: 20 * 1024 },
      proxy((progress: PowProgress) => {
        reports.push(progress)
      }),
    )
    // The callbacks cross the channel after the search returns: let them arrive.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(result).toMatchObject({ event: null, hashes: 20 * 1024 })
    // Readings every 1024 hashes, 100 ms apart: a report at the first, then every fifth.
    expect(reports.map((r) => r.hashes)).toEqual([1024, 5120, 5120, 5120])
    const reported = reports.reduce((sum, r) => sum + r.hashes, 0)
    expect(reported).toBeLessThanOrEqual(result.hashes)
    expect(reports.at(-1)!.bestBits).toBeLessThanOrEqual(result.bestBits)
  })
})

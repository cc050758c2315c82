/**
 * The proof-of-work bench page, bundled by bench/pow.ts from the app's own source: one of the
 * app's mining workers (started as src/actors/publish/mining.effects.ts starts them) and a worker running
 * nostr-tools minePow, on the same event, timed by the workers' own clocks; and several of the
 * app's workers at once, timed by the page.
 */
import { type Remote, wrap } from 'comlink'
import { startPowWorker } from '../../src/actors/publish/mining.effects.ts'
import type { PowApi } from '../../src/workers/pow-api.ts'
import { POW_EVENT } from '../pow-event.ts'
import type { ReferenceApi } from './reference.worker.ts'

export interface PowTiming {
  hashes: number
  ms: number
  /** Mining runs that count (for the reference, runs that crossed a second do not). */
  runs: number
}

const ours: Remote<PowApi>[] = []
const ourWorker = (i: number): Remote<PowApi> => {
  ours[i] ??= wrap<PowApi>(startPowWorker())
  return ours[i]!
}
let reference: Remote<ReferenceApi> | undefined

/** One of our workers mining the event to `bits` again and again for `durationMs`. */
async function mineOurs(bits: number, durationMs: number): Promise<PowTiming> {
  const worker = ourWorker(0)
  const timing = { hashes: 0, ms: 0, runs: 0 }
  const until = performance.now() + durationMs
  while (performance.now() < until) {
    // Another created_at each run, as minePow's clock gives it: another search each time.
    const template = { ...POW_EVENT, created_at: POW_EVENT.created_at + timing.runs }
    const result = await worker.mine({ template, targetBits: bits, stripe: 0, stripes: 1 })
    if (!result.event) throw new Error('our worker gave up')
    timing.hashes += result.hashes
    timing.ms += result.ms
    timing.runs++
  }
  return timing
}

/** nostr-tools minePow in its worker, the same event and difficulty. */
async function mineReference(bits: number, durationMs: number): Promise<PowTiming> {
  reference ??= wrap<ReferenceApi>(
    new Worker(new URL('./reference.worker.ts', import.meta.url), { type: 'module' }),
  )
  const timing = await reference.run(POW_EVENT, bits, durationMs)
  return { hashes: timing.hashes, ms: timing.ms, runs: timing.runs }
}

/** `count` of our workers at once, each on its stripe, `hashesEach` hashes, timed by the page. */
async function mineParallel(count: number, hashesEach: number): Promise<PowTiming> {
  const workers = Array.from({ length: count }, (_, i) => ourWorker(i))
  const started = performance.now()
  const results = await Promise.all(
    workers.map((worker, stripe) =>
      // 60 bits will not be met: every worker does all its hashes.
      worker.mine({
        template: POW_EVENT,
        targetBits: 60,
        stripe,
        stripes: count,
        maxHashes: hashesEach,
      }),
    ),
  )
  const ms = performance.now() - started
  return { hashes: results.reduce((sum, r) => sum + r.hashes, 0), ms, runs: count }
}

Object.assign(globalThis, { __benchPow: { mineOurs, mineReference, mineParallel } })

/** The proof-of-work worker's API, separate from its entry point so tests can expose it on any port. */
import { PROGRESS_EVERY_MS } from '../core/publish/nip13.ts'
import { type MinedEvent, mine, type PowTemplate, planMining } from '../core/publish/pow-miner.ts'

export interface PowJob {
  /** The event to mine, its nonce tag left out (any there is replaced). */
  template: PowTemplate
  targetBits: number
  /** This worker's share: blocks stripe, stripe + stripes, ... of 10,000 nonces each. */
  stripe: number
  stripes: number
  /** The first of this stripe's blocks to try: a restarted worker goes on past its predecessor. */
  firstBlock?: number
  /** Gives up after about this many hashes (the bench, tests); unbounded by default. */
  maxHashes?: number
}

export interface PowProgress {
  /** Hashes tried since the previous report. */
  hashes: number
  /** The best difficulty seen so far in this job. */
  bestBits: number
}

export interface PowResult {
  /** The mined event, or null when maxHashes ran out first. */
  event: MinedEvent | null
  hashes: number
  bestBits: number
  /** Time spent mining, plan included, by the worker's clock. */
  ms: number
}

export interface PowApi {
  /**
   * Mines until an id meets the target. Runs without yielding: a worker is stopped by
   * terminating it, which stops it at once wherever it is.
   */
  mine(job: PowJob, onProgress?: (progress: PowProgress) => void): Promise<PowResult>
}

/**
 * Progress (spec §9, "every 1024 hashes or 500 ms"): the core stops by every 1024 hashes; the
 * first stop reports at once (the worker is alive), then one report per 500 ms, so a fast miner
 * does not flood the page with thousands of messages a second.
 */
export function createPowApi(now: () => number = () => performance.now()): PowApi {
  return {
    async mine(job, onProgress) {
      const started = now()
      let reported = 0
      let lastReport = Number.NEGATIVE_INFINITY
      const plan = planMining(job.template, job.targetBits)
      const outcome = mine(plan, {
        stripe: job.stripe,
        stripes: job.stripes,
        ...(job.firstBlock === undefined ? {} : { firstBlock: job.firstBlock }),
        ...(job.maxHashes === undefined ? {} : { maxHashes: job.maxHashes }),
        onBatch: (hashes, bestBits) => {
          const at = now()
          if (onProgress && at - lastReport >= PROGRESS_EVERY_MS) {
            // Not awaited: a Comlink callback answers later, and the search goes on meanwhile.
            void onProgress({ hashes: hashes - reported, bestBits })
            reported = hashes
            lastReport = at
          }
          return true
        },
      })
      return { ...outcome, ms: now() - started }
    },
  }
}

/**
 * Client of the verify workers: collects events for a moment and verifies them in batches off
 * the main thread, so a burst of thousands of events costs the UI thread only message passing.
 */
import { type Remote, wrap } from 'comlink'
import type { NostrEvent } from 'nostr-tools/pure'
import type { VerifyApi } from '../workers/verify-api.ts'

/** Events per worker call: large enough to amortise messaging, small enough to keep latency low. */
const BATCH_SIZE = 256

export interface Verifier {
  verify(event: NostrEvent): Promise<boolean>
  /** Verified events since start, for the benchmark. */
  readonly verifiedCount: number
}

export function createVerifier(workers: Remote<VerifyApi>[]): Verifier {
  const queue: { event: NostrEvent; done: (ok: boolean) => void }[] = []
  let scheduled = false
  let next = 0
  let verifiedCount = 0

  const flush = () => {
    scheduled = false
    while (queue.length > 0) {
      const batch = queue.splice(0, BATCH_SIZE)
      const worker = workers[next++ % workers.length]!
      worker.verify(batch.map((item) => item.event)).then(
        (results) => {
          verifiedCount += batch.length
          for (const [i, item] of batch.entries()) item.done(results[i] === true)
        },
        () => {
          for (const item of batch) item.done(false)
        },
      )
    }
  }

  return {
    verify(event) {
      return new Promise((done) => {
        queue.push({ event, done })
        if (queue.length >= BATCH_SIZE) flush()
        else if (!scheduled) {
          scheduled = true
          setTimeout(flush, 0)
        }
      })
    },
    get verifiedCount() {
      return verifiedCount
    },
  }
}

/** One worker per spare core, at most two: enough for a phone, no more than the machine has. */
export function startVerifyWorkers(): Remote<VerifyApi>[] {
  const count = Math.max(1, Math.min(2, (navigator.hardwareConcurrency || 2) - 1))
  return Array.from({ length: count }, () =>
    wrap<VerifyApi>(
      new Worker(new URL('../workers/verify.worker.ts', import.meta.url), { type: 'module' }),
    ),
  )
}

/** Batch verification: one boolean per input, whatever the input holds. */
import { randomBytes } from '@noble/hashes/utils.js'
import { checkEvent, MIN_BATCH, type VerifyOne } from './check-event.ts'
import {
  batchHolds,
  createKeyCache,
  eventTerm,
  type KeyCache,
  type RandomBytes,
} from './schnorr-batch.ts'

/** What BIP-340 batch verification needs: lifted keys kept between batches, and randomness. */
export interface BatchContext {
  keys: KeyCache
  randomBytes: RandomBytes
}

/** A worker's context: up to `keysKept` lifted keys, randomness from the platform's CSPRNG. */
export const batchContext = (keysKept: number): BatchContext => ({
  keys: createKeyCache(keysKept),
  randomBytes,
})

/** At most this many per batch: a batch that fails costs a single check of each of its events. */
export const MAX_BATCH = 512

/**
 * Checks the events together (BIP-340 batch verification), then one by one with `verifyOne` only
 * when the batch fails, to find which do not hold. A batch that fails costs the batch plus the
 * single checks: with one forgery in 256 events, 2.6 times a batch that holds and 1.8 times
 * single checks alone (Chromium 156).
 */
export function verifyBatch(
  events: readonly unknown[],
  verifyOne: VerifyOne,
  batch?: BatchContext,
): boolean[] {
  if (!batch || events.length < MIN_BATCH)
    return events.map((event) => checkEvent(event, verifyOne))
  const results: boolean[] = []
  for (let start = 0; start < events.length; start += MAX_BATCH) {
    const slice = events.slice(start, start + MAX_BATCH)
    const terms = slice.map((event) => eventTerm(event, batch.keys))
    const holds = (() => {
      try {
        return batchHolds(
          terms.filter((term) => term !== null),
          batch.randomBytes,
        )
      } catch {
        return false
      }
    })()
    for (const [i, event] of slice.entries()) {
      // An event with no terms cannot hold (malformed, or an id that is not its hash).
      results.push(terms[i] !== null && (holds || checkEvent(event, verifyOne)))
    }
  }
  return results
}

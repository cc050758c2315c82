/** Batch verification: one boolean per input, whatever the input holds. */
import type { NostrEvent } from 'nostr-tools/pure'
import { isEventShaped } from './nip01.ts'
import { batchHolds, eventTerm, type KeyCache, type RandomBytes } from './schnorr-batch.ts'

/** A verifier that throws when the id or the signature does not hold (nostr-wasm's contract). */
export type VerifyOne = (event: NostrEvent) => void

/** What BIP-340 batch verification needs: lifted keys kept between batches, and randomness. */
export interface BatchContext {
  keys: KeyCache
  randomBytes: RandomBytes
}

/**
 * Fewer events are checked one by one: below 32 a batch is slower than nostr-wasm's single checks.
 * Chromium 156, microseconds per event, a batch through one worker against single checks on the
 * page: 8 events 600-1,288 against 262-300; 16: 419-463 against 263-275; 32: 272-284 against
 * 266-284; 64: 186-267 against 255-259; 256: 114-122 against 250-261. A feed's first page (10
 * events, most by authors whose keys are not yet lifted) is checked one by one.
 */
export const MIN_BATCH = 32
/** At most this many per batch: a batch that fails costs a single check of each of its events. */
export const MAX_BATCH = 512

const checkOne = (event: unknown, verifyOne: VerifyOne): boolean => {
  if (!isEventShaped(event)) return false
  try {
    verifyOne(event)
    return true
  } catch {
    return false
  }
}

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
  if (!batch || events.length < MIN_BATCH) return events.map((event) => checkOne(event, verifyOne))
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
      results.push(terms[i] !== null && (holds || checkOne(event, verifyOne)))
    }
  }
  return results
}

/** One event checked on its own, and how many events it takes for a batch to be worth it. */
import type { NostrEvent } from 'nostr-tools/pure'
import { isEventShaped } from './nip01.ts'

/** A verifier that throws when the id or the signature does not hold (nostr-wasm's contract). */
export type VerifyOne = (event: NostrEvent) => void

/**
 * Fewer events are checked one by one: below 32 a batch is slower than nostr-wasm's single checks.
 * Chromium 156, microseconds per event, a batch through one worker against single checks on the
 * page: 8 events 600-1,288 against 262-300; 16: 419-463 against 263-275; 32: 272-284 against
 * 266-284; 64: 186-267 against 255-259; 256: 114-122 against 250-261. A feed's first page (10
 * events, most by authors whose keys are not yet lifted) is checked one by one, without the batch
 * code loaded. (Measured with noble's multi-scalar multiplication; secp256k1-msm.ts, faster, only
 * lowers the crossing, so 32 stays a safe floor.)
 */
export const MIN_BATCH = 32

/** Whether the event is shaped like one and `verifyOne` finds its id and signature hold. */
export function checkEvent(event: unknown, verifyOne: VerifyOne): boolean {
  if (!isEventShaped(event)) return false
  try {
    verifyOne(event)
    return true
  } catch {
    return false
  }
}

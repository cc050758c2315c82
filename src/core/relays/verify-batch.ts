/** Batch verification: one boolean per input, whatever the input holds. */
import type { NostrEvent } from 'nostr-tools/pure'
import { isEventShaped } from './nip01.ts'

/** A verifier that throws when the id or the signature does not hold (nostr-wasm's contract). */
export type VerifyOne = (event: NostrEvent) => void

export function verifyBatch(events: readonly unknown[], verifyOne: VerifyOne): boolean[] {
  return events.map((event) => {
    if (!isEventShaped(event)) return false
    try {
      verifyOne(event)
      return true
    } catch {
      return false
    }
  })
}

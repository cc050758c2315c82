/** The verify worker's API, separate from its entry point so tests can expose it on any port. */
import { randomBytes } from '@noble/hashes/utils.js'
import type { Nostr } from 'nostr-wasm'
import { createKeyCache } from '../core/relays/schnorr-batch.ts'
import { verifyBatch } from '../core/relays/verify-batch.ts'

export interface VerifyApi {
  /** Hashes each event's id and checks its Schnorr signature; one boolean per event. */
  verify(events: readonly unknown[]): Promise<boolean[]>
}

/**
 * Lifted public keys kept: a session's feeds come from a few thousand authors at most, and each
 * point kept costs some 300 bytes, about 1.2 MB in all.
 */
const KEYS_KEPT = 4096

/**
 * Starts loading the WebAssembly at once: the first events should not wait for it. Batches are
 * checked together in JavaScript (BIP-340 batch verification, 1.45 times nostr-wasm's single
 * checks at 256 events in Chromium 156), the WebAssembly finding the bad events of a batch that
 * fails.
 */
export function createVerifyApi(load: () => Promise<Pick<Nostr, 'verifyEvent'>>): VerifyApi {
  const nostr = load()
  const batch = { keys: createKeyCache(KEYS_KEPT), randomBytes }
  return {
    async verify(events) {
      const wasm = await nostr
      return verifyBatch(events, (event) => wasm.verifyEvent(event), batch)
    },
  }
}

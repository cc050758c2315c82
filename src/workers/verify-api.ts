/** The verify worker's API, separate from its entry point so tests can expose it on any port. */
import type { Nostr } from 'nostr-wasm'
import { checkEvent, MIN_BATCH, type VerifyOne } from '../core/relays/check-event.ts'

export interface VerifyApi {
  /**
   * Hashes each event's id and checks its Schnorr signature; one boolean per event. `alone`
   * checks each event by itself, without the batch check (a source that forges: it would fail).
   */
  verify(events: readonly unknown[], alone?: boolean): Promise<boolean[]>
}

/**
 * Lifted public keys kept: a session's feeds come from a few thousand authors at most, and each
 * point kept costs some 300 bytes, about 1.2 MB in all.
 */
const KEYS_KEPT = 4096

type Batcher = (events: readonly unknown[], verifyOne: VerifyOne) => boolean[]

/**
 * The batch code (noble's curve arithmetic, 13 KiB gzip), loaded when the first batch comes: a
 * first page is checked one by one without it. Should it fail to load, single checks go on.
 */
async function loadBatcher(): Promise<Batcher | null> {
  try {
    const { batchContext, verifyBatch } = await import('../core/relays/verify-batch.ts')
    const context = batchContext(KEYS_KEPT)
    return (events, verifyOne) => verifyBatch(events, verifyOne, context)
  } catch (error) {
    console.warn('Plume: batch verification unavailable, checking events one by one', error)
    return null
  }
}

/**
 * Starts loading the WebAssembly at once: the first events should not wait for it. Batches are
 * checked together in JavaScript (BIP-340 batch verification: one worker checks 3.1 to 3.6 times
 * as many events as nostr-wasm's single checks, bench "verify throughput", Chromium 156), the
 * WebAssembly finding the bad events of a batch that fails.
 */
export function createVerifyApi(load: () => Promise<Pick<Nostr, 'verifyEvent'>>): VerifyApi {
  const nostr = load()
  let batcher: Promise<Batcher | null> | undefined
  return {
    async verify(events, alone = false) {
      const wasm = await nostr
      const verifyOne: VerifyOne = (event) => wasm.verifyEvent(event)
      const each = () => events.map((event) => checkEvent(event, verifyOne))
      if (alone || events.length < MIN_BATCH) return each()
      batcher ??= loadBatcher()
      const batch = await batcher
      return batch ? batch(events, verifyOne) : each()
    },
  }
}

/** The verify worker's API, separate from its entry point so tests can expose it on any port. */
import type { Nostr } from 'nostr-wasm'
import { verifyBatch } from '../core/relays/verify-batch.ts'

export interface VerifyApi {
  /** Hashes each event's id and checks its Schnorr signature; one boolean per event. */
  verify(events: readonly unknown[]): Promise<boolean[]>
}

/** Starts loading the WebAssembly at once: the first events should not wait for it. */
export function createVerifyApi(load: () => Promise<Pick<Nostr, 'verifyEvent'>>): VerifyApi {
  const nostr = load()
  return {
    async verify(events) {
      const wasm = await nostr
      return verifyBatch(events, (event) => wasm.verifyEvent(event))
    },
  }
}

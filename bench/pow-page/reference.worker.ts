/// <reference lib="webworker" />
/**
 * The reference miner, in a worker of its own: nostr-tools `minePow`, called again and again on
 * fresh copies of the event for `durationMs`. minePow restarts its counter when the second
 * changes (it keeps created_at current), so a run that crossed a second is left out: in the
 * others its nonce is exactly the number of hashes it made.
 */
import { expose } from 'comlink'
import { minePow } from 'nostr-tools/nip13'
import type { EventTemplate } from 'nostr-tools/pure'

export interface ReferenceApi {
  run(
    event: EventTemplate & { pubkey: string },
    bits: number,
    durationMs: number,
  ): { hashes: number; ms: number; runs: number; crossedSecond: number }
}

const api: ReferenceApi = {
  run(event, bits, durationMs) {
    let hashes = 0
    let ms = 0
    let runs = 0
    let crossedSecond = 0
    const until = performance.now() + durationMs
    while (performance.now() < until) {
      const copy = structuredClone(event)
      const second = Math.floor(Date.now() / 1000)
      const started = performance.now()
      const mined = minePow(copy, bits)
      const took = performance.now() - started
      if (mined.created_at !== second) {
        crossedSecond++
        continue
      }
      hashes += Number(mined.tags.at(-1)?.[1])
      ms += took
      runs++
    }
    return { hashes, ms, runs, crossedSecond }
  },
}

expose(api, self)

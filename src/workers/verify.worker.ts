/// <reference lib="webworker" />
import { expose } from 'comlink'
import { type Nostr, NostrWasm } from 'nostr-wasm'
import wasmUrl from 'nostr-wasm/secp256k1.wasm?url'
import { createVerifyApi } from './verify-api.ts'

/**
 * The WebAssembly is fetched (streamed, cached, compressed by the server) rather than inlined as
 * base64. Should it fail to load, verification falls back to nostr-tools' JavaScript, fetched only
 * then, so events are still checked rather than all dropped.
 */
async function load(): Promise<Pick<Nostr, 'verifyEvent'>> {
  try {
    return await NostrWasm(fetch(wasmUrl))
  } catch (error) {
    console.warn('Plume: WebAssembly verifier unavailable, using JavaScript', error)
    const { verifyEvent } = await import('nostr-tools/pure')
    return {
      verifyEvent: (event) => {
        if (!verifyEvent({ ...event })) throw new Error('invalid event')
      },
    }
  }
}

expose(createVerifyApi(load), self)

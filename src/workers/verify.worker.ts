/// <reference lib="webworker" />
import { expose } from 'comlink'
import { NostrWasm } from 'nostr-wasm'
import wasmUrl from 'nostr-wasm/secp256k1.wasm?url'
import { createVerifyApi } from './verify-api.ts'

// The WebAssembly is fetched (streamed, cached, compressed by the server) rather than inlined as base64.
expose(
  createVerifyApi(() => NostrWasm(fetch(wasmUrl))),
  self,
)

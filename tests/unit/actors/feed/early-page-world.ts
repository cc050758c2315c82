/** What the early page's tests share: nostr-wasm's check (the page's own), and notes by age. */
import { finalizeEvent, type NostrEvent } from 'nostr-tools/pure'
import { initNostrWasm } from 'nostr-wasm'
import type { VerifyOne } from '../../../../src/core/relays/check-event.ts'

export const wasmCheck: Promise<VerifyOne> = initNostrWasm().then(
  (wasm) => (event) => wasm.verifyEvent(event),
)

const now = Math.floor(Date.now() / 1000)

/** A text note by `key`, dated `ago` seconds back. */
export const noteAgo = (key: Uint8Array, ago: number): NostrEvent =>
  finalizeEvent({ kind: 1, created_at: now - ago, tags: [], content: `${ago}s ago` }, key)

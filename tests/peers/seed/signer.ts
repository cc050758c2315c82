// Event signing for the demo world, fast enough to sign ~5,000 events at every relay start.
//
// Ids are computed up front in JS, so generation can reference events immediately; signatures
// are deferred and made in bulk at the end (bulk-sign.ts). Events embedded in other events
// (reposted notes, zap requests) are signed on demand with nostr-wasm's finalizeEvent.
//
// Determinism: BIP-340 signatures depend on 32 bytes of aux randomness. The bulk signer passes
// zeros. nostr-wasm 0.1.0's finalizeEvent only writes random aux bytes when no `ent` argument is
// given; when one is given it leaves its aux buffer untouched. This module owns its instance and
// always passes `ent`, so the buffer keeps its initial contents and signatures are reproducible.
import { type EventTemplate, getEventHash, type NostrEvent } from 'nostr-tools/pure'
import { initNostrWasm, type Nostr } from 'nostr-wasm'
import { signInWorkers } from './bulk-sign.ts'

export interface Signer {
  /** the event with id and pubkey set; its sig is filled in by `ensureSigned` or `finish` */
  create(template: EventTemplate, secretKey: Uint8Array, pubkey: string): NostrEvent
  /** sign now (for events that get embedded in other events) */
  ensureSigned(event: NostrEvent): NostrEvent
  /** sign everything still pending */
  finish(): Promise<void>
}

const FIXED_AUX = new Uint8Array(32)
let instance: Promise<Nostr> | undefined

function signWith(wasm: Nostr, event: NostrEvent, secretKey: Uint8Array): void {
  const copy: NostrEvent = { ...event, id: '', pubkey: '', sig: '' }
  wasm.finalizeEvent(copy, secretKey, FIXED_AUX)
  if (copy.id !== event.id || copy.pubkey !== event.pubkey)
    throw new Error(`signer disagrees on ${event.id}`)
  event.sig = copy.sig
}

export async function createSigner(): Promise<Signer> {
  instance ??= initNostrWasm()
  const wasm = await instance
  const pending = new Map<NostrEvent, Uint8Array>()

  return {
    create(template, secretKey, pubkey) {
      const event: NostrEvent = {
        id: '',
        pubkey,
        created_at: template.created_at,
        kind: template.kind,
        tags: template.tags,
        content: template.content,
        sig: '',
      }
      event.id = getEventHash(event)
      pending.set(event, secretKey)
      return event
    },
    ensureSigned(event) {
      const secretKey = pending.get(event)
      if (secretKey) {
        signWith(wasm, event, secretKey)
        pending.delete(event)
      }
      return event
    },
    async finish() {
      const jobs = [...pending].map(([event, secretKey]) => ({ event, secretKey }))
      pending.clear()
      const sigs = await signInWorkers(
        jobs.map(({ event, secretKey }) => ({ id: event.id, pubkey: event.pubkey, secretKey })),
      )
      jobs.forEach(({ event, secretKey }, i) => {
        const sig = sigs?.[i]
        if (sig) event.sig = sig
        else signWith(wasm, event, secretKey)
      })
    },
  }
}

/**
 * Faults for the relay's outgoing side (relay -> client). The real relay still stores, validates
 * and answers; these only alter what reaches the socket, so a test can stage a lying relay
 * (broken signatures), a slow one (latency) or a silent one (accepts the socket, never answers).
 * One acts on the incoming side: a relay that refuses writes answers every EVENT itself.
 */
import type { Filter } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'

/** One NIP-01 frame as the relay is about to send it, e.g. ['EVENT', subId, event]. */
export type Frame = unknown[]

/**
 * Sends text to the client exactly as given: no faults, no JSON check (a hostile relay's own
 * frames may be anything). False once the socket has closed, so a stream knows to stop.
 */
export type RawSend = (text: string) => boolean

export interface RelayFaults {
  /** Events for which this returns true are sent with a signature that does not verify. */
  corruptSignatures?: (event: NostrEvent) => boolean
  /** Every outgoing frame waits this long (latency; the order of frames is kept). */
  delayMs?: number
  /** Swallow every outgoing frame: the socket stays open and the relay never answers. */
  dropAll?: boolean
  /** The WebSocket handshake waits this long (a far or slow relay, still opening). */
  openDelayMs?: number
  /** The answer to a client's close frame waits this long (the close handshake of a slow relay). */
  closeDelayMs?: number
  /**
   * Every EVENT the client sends is answered OK false with this reason and never reaches the
   * relay, as a relay that refuses writes: what it refused is not there to be read back.
   */
  refuseEvents?: string
  /** Any other rewrite, applied last: return null to drop the frame. */
  rewrite?: (frame: Frame) => Frame | null
  /** A hostile relay's own frames when a client connects (before any answer). */
  onOpen?: (send: RawSend) => void
  /** A hostile relay's own frames for a REQ, after the relay has answered it (stored, EOSE). */
  onReq?: (subId: string, filters: Filter[], send: RawSend) => void
}

/** Flips the last hex digit of the signature (its `s` half), so verification must fail. */
export function corruptSignature(event: NostrEvent): NostrEvent {
  const last = Number.parseInt(event.sig.slice(-1), 16)
  return { ...event, sig: event.sig.slice(0, -1) + (last ^ 0xf).toString(16) }
}

/** Corrupts every event signed by one of these pubkeys. */
export const byAuthors =
  (...pubkeys: string[]) =>
  (event: NostrEvent): boolean =>
    pubkeys.includes(event.pubkey)

/** The frame after the content faults (not the delay), or null when it must not be sent. */
export function applyFaults(faults: RelayFaults, frame: Frame): Frame | null {
  if (faults.dropAll) return null
  let out = frame
  const [type, subId, event] = frame
  if (type === 'EVENT' && faults.corruptSignatures && isEvent(event)) {
    if (faults.corruptSignatures(event)) out = [type, subId, corruptSignature(event)]
  }
  return faults.rewrite ? faults.rewrite(out) : out
}

/**
 * Wraps a socket's send with the faults current at send time (they may change during a test).
 * Without faults the text passes through untouched.
 */
export function faultySend(
  faults: () => RelayFaults | undefined,
  send: (text: string) => void,
): (text: string) => void {
  return (text) => {
    const current = faults()
    if (!current) return send(text)
    const parsed = JSON.parse(text) as Frame
    const frame = applyFaults(current, parsed)
    if (frame === null) return
    const out = frame === parsed ? text : JSON.stringify(frame)
    if (current.delayMs && current.delayMs > 0) setTimeout(() => send(out), current.delayMs)
    else send(out)
  }
}

const isEvent = (value: unknown): value is NostrEvent =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { sig?: unknown }).sig === 'string'

/**
 * A relay whose answers that would hold the event `id` are lost: the event is withheld and those
 * requests' EOSE never comes, while its other requests are answered (a phone dropping an answer).
 */
export function silentOn(id: string): RelayFaults {
  const withheld = new Set<unknown>()
  return {
    rewrite: (frame) => {
      if (frame[0] === 'EVENT' && isEvent(frame[2]) && frame[2].id === id) {
        withheld.add(frame[1])
        return null
      }
      return frame[0] === 'EOSE' && withheld.has(frame[1]) ? null : frame
    },
  }
}

/** The reason a relay that refuses writes gives: 'blocked:', which will not pass (NIP-01). */
export const REFUSAL = 'blocked: this relay accepts no events from you'

/** A relay that refuses every event it is sent with this reason, and stores none of them. */
export const refuseWrites = (reason = REFUSAL): RelayFaults => ({ refuseEvents: reason })

/**
 * A relay that says OK and keeps nothing: events for which `dropped` returns true are accepted
 * (the OK is sent) but never given back to any REQ, as if the relay had not stored them.
 */
export const forgetWrites = (dropped: (event: NostrEvent) => boolean): RelayFaults => ({
  rewrite: (frame) =>
    frame[0] === 'EVENT' && isEvent(frame[2]) && dropped(frame[2]) ? null : frame,
})

/**
 * A relay that takes every event it is sent and whose OK never arrives (the answer lost on the
 * way): the event is stored and given to later REQs; only the OK frames are dropped.
 */
export const loseOks = (): RelayFaults => ({
  rewrite: (frame) => (frame[0] === 'OK' ? null : frame),
})

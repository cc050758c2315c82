/**
 * The first page's request, sent by the head start (head-start.ts) on each of its sockets as it
 * opens, before the app has loaded: the start-up script draws the first notes from the answer
 * (ui/head-start.ts). The answer is read as the hub reads a stored answer (relay-subscription.ts):
 * only events the filters asked for, none dated ahead, no more from a relay than the filters'
 * limits, each relay done at its EOSE (then sent CLOSE), its CLOSED or its socket's close, all of
 * them at most EOSE_BASE_TIMEOUT_MS after the request was made. Then every event is checked in
 * the verify worker; a forged one is left out, never drawn.
 */
import { type Filter, matchFilters } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import { EOSE_BASE_TIMEOUT_MS } from '../../core/relays/eose-timeout.ts'
import { closeMessage, parseRelayMessage, reqMessage } from '../../core/relays/nip01.ts'
import { isDatedAhead, storedEventsBound } from '../../core/relays/untrusted-input.ts'

/** Not of the hub's form (`plume-` and a number): its frames never reach a hub subscription. */
export const EARLY_SUB_ID = 'plume-first-page'

export interface EarlyRequest {
  /** The socket `id` opened: it is asked. */
  opened(id: number, send: (data: string) => void): void
  /** A frame from socket `id`: true when it is this request's (it goes no further). */
  heard(id: number, data: string): boolean
  /** Socket `id` closed, or will never open. */
  closed(id: number): void
  /** The stored events of every relay asked, checked, each once (in no particular order). */
  readonly answer: Promise<NostrEvent[]>
}

export interface EarlyRequestDeps {
  /** One boolean per event: whether its id and signature hold (the verify worker). */
  verify(events: readonly NostrEvent[]): Promise<boolean[]>
  later(run: () => void, ms: number): void
  /** Milliseconds clock, for events dated ahead. */
  now(): number
}

/** A request to the sockets `ids`; answered once each has answered, closed or timed out. */
export function earlyRequest(
  filters: Filter[],
  ids: readonly number[],
  deps: EarlyRequestDeps,
): EarlyRequest {
  const bound = storedEventsBound(filters)
  /** Sockets still owing their stored events, with how many they sent. */
  const owing = new Map<number, { send?: (data: string) => void; sent: number }>(
    ids.map((id) => [id, { sent: 0 }]),
  )
  const found = new Map<string, NostrEvent>()
  let finish: (events: NostrEvent[]) => void = () => {}
  const answer = new Promise<NostrEvent[]>((resolve) => {
    finish = resolve
  })

  const settle = () => {
    if (owing.size > 0) return
    const events = [...found.values()]
    found.clear()
    deps.verify(events).then(
      (valid) => finish(events.filter((_, i) => valid[i] === true)),
      // No worker to check them: nothing is drawn, the app reads the page itself.
      () => finish([]),
    )
  }
  const done = (id: number) => {
    if (owing.delete(id)) settle()
  }
  deps.later(() => {
    owing.clear()
    settle()
  }, EOSE_BASE_TIMEOUT_MS)
  if (ids.length === 0) settle()

  return {
    answer,
    opened(id, send) {
      const socket = owing.get(id)
      if (!socket || socket.send) return
      socket.send = send
      send(reqMessage(EARLY_SUB_ID, filters))
    },
    heard(id, data) {
      const socket = owing.get(id)
      if (!socket?.send || !data.includes(EARLY_SUB_ID)) return false
      const message = parseRelayMessage(data)
      if (!message || !('subId' in message) || message.subId !== EARLY_SUB_ID) return false
      if (message.type === 'EOSE') {
        // What is new from here the app asks for itself.
        socket.send(closeMessage(EARLY_SUB_ID))
        done(id)
      } else if (message.type === 'CLOSED') done(id)
      else if (
        ++socket.sent <= bound &&
        matchFilters(filters, message.event) &&
        !isDatedAhead(message.event, deps.now()) &&
        !found.has(message.event.id)
      )
        found.set(message.event.id, message.event)
      return true
    },
    closed: done,
  }
}

/**
 * Subscriptions across relays: routes relay frames by subscription id, drops repeats by id,
 * verifies every event in the worker before anyone sees it, and re-sends open REQs whenever a
 * relay (re)connects, so notes published while a relay was away still arrive.
 */
import { type Filter, matchFilters } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import { closeMessage, eventMessage, parseRelayMessage, reqMessage } from '../core/nip01.ts'
import { type PublishResult, publishFailedMessage } from '../core/publish-result.ts'
import type { Verifier } from './verifier.ts'

/** Base wait for end-of-stored-events (spec §9, relay connectivity). */
export const EOSE_TIMEOUT_MS = 4400
/** How long a relay has to answer a published event with OK. */
export const PUBLISH_TIMEOUT_MS = 10_000
/** Signatures remembered as good, so a note seen on three relays is verified once. */
const ACCEPTED_MEMORY = 50_000

/** What the hub needs of one relay; the socket actor provides it. */
export interface RelayLink {
  url: string
  isConnected(): boolean
  isTrying(): boolean
  send(data: string): void
  onMessage(listener: (data: string) => void): () => void
  onConnected(listener: () => void): () => void
  onDisconnected(listener: () => void): () => void
}

export interface SubscriptionHandlers {
  onEvent(event: NostrEvent, relay: string): void
  /** Stored events are in: every connected relay sent EOSE, or the wait ran out. */
  onEose?(): void
}

export interface Subscription {
  close(): void
}

interface OpenSubscription {
  id: string
  filters: Filter[]
  handlers: SubscriptionHandlers
  live: boolean
  waiting: Set<string>
  eosed: Set<string>
  seen: Set<string>
  inflight: number
  timedOut: boolean
  done: boolean
  timer: ReturnType<typeof setTimeout>
}

export interface RelayHub {
  addRelay(link: RelayLink): void
  /** Live until closed; `onEose` marks the end of stored events. */
  subscribe(filters: Filter[], handlers: SubscriptionHandlers): Subscription
  /** Stored events only: resolves at end of stored events and closes the REQ. */
  query(filters: Filter[]): Promise<NostrEvent[]>
  /**
   * Sends a signed event to every connected relay. Resolves as soon as one relay accepts (with
   * the answers so far); rejects with 'Publish failed: …' naming every relay when none does.
   */
  publish(event: NostrEvent): Promise<PublishResult[]>
}

export interface RelayHubOptions {
  verifier: Verifier
  /** Called once per relay and bad event: its id or signature did not hold. */
  onRejected(relay: string): void
  eoseTimeoutMs?: number
}

export function createRelayHub({
  verifier,
  onRejected,
  eoseTimeoutMs = EOSE_TIMEOUT_MS,
}: RelayHubOptions): RelayHub {
  const relays = new Map<string, RelayLink>()
  const subscriptions = new Map<string, OpenSubscription>()
  const accepted = new Map<string, string>() // id -> signature that verified
  const pending = new Map<string, Promise<boolean>>() // "id:sig" -> verification under way
  const rejected = new Set<string>() // "relay id:sig" already counted
  const awaitingOk = new Map<string, Map<string, (answer: PublishResult) => void>>() // id -> relay
  let counter = 0

  const anyRelayTrying = () =>
    [...relays.values()].some((relay) => relay.isConnected() || relay.isTrying())

  function settle(sub: OpenSubscription) {
    if (sub.done || sub.inflight > 0) return
    const allAnswered = sub.waiting.size === 0 && (sub.eosed.size > 0 || !anyRelayTrying())
    if (!allAnswered && !sub.timedOut) return
    sub.done = true
    clearTimeout(sub.timer)
    sub.handlers.onEose?.()
    if (!sub.live) close(sub)
  }

  function close(sub: OpenSubscription) {
    clearTimeout(sub.timer)
    if (!subscriptions.delete(sub.id)) return
    for (const relay of relays.values()) {
      if (relay.isConnected()) relay.send(closeMessage(sub.id))
    }
  }

  function request(sub: OpenSubscription, relay: RelayLink) {
    if (!sub.done) sub.waiting.add(relay.url)
    relay.send(reqMessage(sub.id, sub.filters))
  }

  function verified(event: NostrEvent): Promise<boolean> {
    if (accepted.get(event.id) === event.sig) return Promise.resolve(true)
    const key = `${event.id}:${event.sig}`
    let check = pending.get(key)
    if (!check) {
      check = verifier.verify(event).then((ok) => {
        pending.delete(key)
        if (ok) remember(event)
        return ok
      })
      pending.set(key, check)
    }
    return check
  }

  function remember(event: NostrEvent) {
    if (accepted.size >= ACCEPTED_MEMORY) accepted.delete(accepted.keys().next().value ?? '')
    accepted.set(event.id, event.sig)
  }

  async function deliver(sub: OpenSubscription, relay: string, event: NostrEvent) {
    // A relay may send anything: only events the filters asked for count.
    if (sub.seen.has(event.id) || !matchFilters(sub.filters, event)) return
    sub.inflight++
    const ok = await verified(event)
    sub.inflight--
    if (ok && !sub.seen.has(event.id) && subscriptions.has(sub.id)) {
      sub.seen.add(event.id)
      sub.handlers.onEvent(event, relay)
    } else if (!ok) {
      const key = `${relay} ${event.id}:${event.sig}`
      if (!rejected.has(key)) {
        rejected.add(key)
        onRejected(relay)
      }
    }
    settle(sub)
  }

  function receive(relay: string, data: string) {
    const message = parseRelayMessage(data)
    if (!message) return
    if (message.type === 'OK') {
      awaitingOk.get(message.eventId)?.get(relay)?.({
        relay,
        ok: message.accepted,
        message: message.message,
      })
      return
    }
    const sub = 'subId' in message ? subscriptions.get(message.subId) : undefined
    if (!sub) return
    if (message.type === 'EVENT') {
      void deliver(sub, relay, message.event)
    } else if (message.type === 'EOSE' || message.type === 'CLOSED') {
      if (message.type === 'EOSE') sub.eosed.add(relay)
      sub.waiting.delete(relay)
      settle(sub)
    }
  }

  function open(filters: Filter[], handlers: SubscriptionHandlers, live: boolean): Subscription {
    const sub: OpenSubscription = {
      id: `plume-${(++counter).toString(36)}`,
      filters,
      handlers,
      live,
      waiting: new Set(),
      eosed: new Set(),
      seen: new Set(),
      inflight: 0,
      timedOut: false,
      done: false,
      timer: setTimeout(() => {
        sub.timedOut = true
        settle(sub)
      }, eoseTimeoutMs),
    }
    subscriptions.set(sub.id, sub)
    for (const relay of relays.values()) {
      if (relay.isConnected()) request(sub, relay)
    }
    return { close: () => close(sub) }
  }

  return {
    addRelay(link) {
      relays.set(link.url, link)
      link.onMessage((data) => receive(link.url, data))
      link.onConnected(() => {
        for (const sub of subscriptions.values()) request(sub, link)
      })
      link.onDisconnected(() => {
        for (const sub of subscriptions.values()) {
          sub.waiting.delete(link.url)
          settle(sub)
        }
      })
    },

    subscribe(filters, handlers) {
      return open(filters, handlers, true)
    },

    publish(event) {
      return new Promise((resolve, reject) => {
        const answers: PublishResult[] = []
        const waiting = new Map<string, (answer: PublishResult) => void>()
        let settled = false
        const finish = () => {
          if (settled) return
          if (answers.some((answer) => answer.ok)) {
            settled = true
            resolve([...answers])
          } else if (waiting.size === 0) {
            settled = true
            reject(new Error(publishFailedMessage(answers)))
          }
        }
        const answer = (result: PublishResult) => {
          if (!waiting.delete(result.relay)) return
          answers.push(result)
          if (waiting.size === 0) awaitingOk.delete(event.id)
          finish()
        }
        for (const relay of relays.values()) {
          if (!relay.isConnected()) {
            answers.push({ relay: relay.url, ok: false, message: 'not connected' })
            continue
          }
          waiting.set(relay.url, answer)
          relay.send(eventMessage(event))
          setTimeout(
            () => answer({ relay: relay.url, ok: false, message: 'no answer in time' }),
            PUBLISH_TIMEOUT_MS,
          )
        }
        if (waiting.size > 0) awaitingOk.set(event.id, waiting)
        finish()
      })
    },

    query(filters) {
      return new Promise((resolve) => {
        const events: NostrEvent[] = []
        open(
          filters,
          { onEvent: (event) => events.push(event), onEose: () => resolve(events) },
          false,
        )
      })
    },
  }
}

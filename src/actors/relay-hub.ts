/**
 * Subscriptions across relays: routes relay frames by subscription id, drops repeats by id,
 * verifies every event in the worker before anyone sees it, and re-sends open REQs whenever a
 * relay (re)connects, so notes published while a relay was away still arrive.
 *
 * Each relay's part of a subscription has its own end-of-stored-events wait, learnt from that
 * relay's past REQ-to-EOSE durations (core/eose-timeout). A relay that answers `auth-required:`
 * (CLOSED or OK) is answered with NIP-42 AUTH when it sent a challenge and someone can sign, then
 * asked once more. Every REQ and publish is reported per relay (answered in time or not), for the
 * pool's health records.
 */
import { type Filter, matchFilters } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import { EOSE_BASE_TIMEOUT_MS, eoseTimeout, recordEoseDuration } from '../core/eose-timeout.ts'
import { closeMessage, eventMessage, parseRelayMessage, reqMessage } from '../core/nip01.ts'
import { type PublishResult, publishFailedMessage } from '../core/publish-result.ts'
import {
  isAuthRequired,
  type OkAnswer,
  type RelayAuthSession,
  relayAuthSession,
} from './relay-auth.ts'
import type { Signer } from './signer.ts'
import type { Verifier } from './verifier.ts'

/** Base wait for end-of-stored-events (spec §9, relay connectivity). */
export const EOSE_TIMEOUT_MS = EOSE_BASE_TIMEOUT_MS
/** How long a relay has to answer a published event (or an AUTH) with OK. */
export const PUBLISH_TIMEOUT_MS = 10_000
export const NO_ANSWER = 'no answer in time'
export const NOT_CONNECTED = 'not connected'

/** What the hub needs of one relay; the socket actor provides it. */
export interface RelayLink {
  url: string
  isConnected(): boolean
  /** Whether subscriptions may use this relay now (a write-only relay only takes publishes). */
  canRead?(): boolean
  isTrying(): boolean
  send(data: string): void
  onMessage(listener: (data: string) => void): () => void
  onConnected(listener: () => void): () => void
  onDisconnected(listener: () => void): () => void
}

export interface SubscriptionHandlers {
  onEvent(event: NostrEvent, relay: string): void
  /** Stored events are in: every connected relay sent EOSE (or CLOSED), or its wait ran out. */
  onEose?(): void
}

export interface Subscription {
  close(): void
}

export interface RequestOptions {
  /** Only these relays (outbox or indexer routing); absent: every readable relay. */
  relays?: readonly string[]
}

/** One request's outcome at one relay: answered in time (EOSE, OK) or not. */
export interface RequestResult {
  ok: boolean
  /** From sending to the answer, or to giving up. */
  responseMs: number
}

export interface RelayHub {
  addRelay(link: RelayLink): void
  /** Live until closed; `onEose` marks the end of stored events. */
  subscribe(
    filters: Filter[],
    handlers: SubscriptionHandlers,
    options?: RequestOptions,
  ): Subscription
  /** Stored events only: resolves at end of stored events and closes the REQ. */
  query(filters: Filter[], options?: RequestOptions): Promise<NostrEvent[]>
  /**
   * Sends a signed event to the given relays (the app passes its write relays), or to every
   * relay when none are given. Resolves as soon as one relay accepts (with the answers so far);
   * rejects with 'Publish failed: …' naming every relay when none does.
   */
  publish(event: NostrEvent, relays?: readonly string[]): Promise<PublishResult[]>
  /** The current wait for end-of-stored-events at this relay, in ms. */
  eoseTimeoutFor(url: string): number
}

export interface RelayHubOptions {
  verifier: Verifier
  /** Called once per relay and bad event: its id or signature did not hold. */
  onRejected(relay: string): void
  /** The signer of whoever is logged in, for NIP-42 AUTH; absent: never authenticate. */
  signer?: () => Signer
  /** Per relay and request: a REQ's EOSE or a publish's OK in time (ok), or a timeout. */
  onRequestResult?(url: string, result: RequestResult): void
  /** A relay ended its part of a subscription with CLOSED (after AUTH, if that was tried). */
  onClosed?(url: string, reason: string): void
  /** A fixed end-of-stored-events wait instead of the adaptive one (tests). */
  eoseTimeoutMs?: number
  /** Wait for OK after EVENT or AUTH; PUBLISH_TIMEOUT_MS unless given (tests). */
  publishTimeoutMs?: number
  /** Milliseconds clock for response times. */
  now?: () => number
}

/** One relay's part of one subscription, for the current connection. */
interface RelayPart {
  sentAt: number
  /** The REQ or the latest of its events: the wait runs from here, so a relay still streaming
   * a large answer is not cut off. */
  lastActivity: number
  timer: ReturnType<typeof setTimeout> | undefined
  eosed: boolean
  timedOut: boolean
  /** AUTH was tried for this part: a second `auth-required:` is final. */
  authTried: boolean
}

interface OpenSubscription {
  id: string
  filters: Filter[]
  handlers: SubscriptionHandlers
  live: boolean
  /** The relays it may use; null: every readable relay. */
  only: ReadonlySet<string> | null
  parts: Map<string, RelayPart>
  /** Relays whose stored events the subscription still waits for. */
  waiting: Set<string>
  /** Relays whose part of the stored events is over: EOSE, CLOSED, or their wait ran out. */
  answered: Set<string>
  seen: Set<string>
  inflight: number
  /** No relay was connected for the base wait: stop waiting for relays still connecting. */
  connectWaitOver: boolean
  done: boolean
  timer: ReturnType<typeof setTimeout>
}

interface RelayState {
  link: RelayLink
  /** NIP-42 state of the current connection; null when the hub has no signer. */
  auth: RelayAuthSession | null
  /** REQ-to-EOSE durations, newest last. */
  history: number[]
}

export function createRelayHub(options: RelayHubOptions): RelayHub {
  const { verifier, onRejected, signer } = options
  const now = options.now ?? Date.now
  const report = (url: string, result: RequestResult) => options.onRequestResult?.(url, result)
  const relays = new Map<string, RelayState>()
  const subscriptions = new Map<string, OpenSubscription>()
  const rejected = new Set<string>() // "relay id:sig" already counted
  const awaitingOk = new Map<string, Map<string, (answer: OkAnswer) => void>>() // id -> relay
  let counter = 0

  /** Whether this subscription asks this relay: readable, and among its relays if it names some. */
  const serves = (sub: OpenSubscription, { link }: RelayState) =>
    (sub.only === null || sub.only.has(link.url)) && (link.canRead?.() ?? true)

  const anyRelayTrying = (sub: OpenSubscription) =>
    [...relays.values()].some(
      (state) => serves(sub, state) && (state.link.isConnected() || state.link.isTrying()),
    )

  const timeoutFor = (state: RelayState) => options.eoseTimeoutMs ?? eoseTimeout(state.history)

  /** The relay's OK for this event id, or a refusal when none comes in time. */
  function expectOk(url: string, eventId: string): Promise<OkAnswer> {
    return new Promise((resolve) => {
      const byRelay = awaitingOk.get(eventId) ?? new Map<string, (answer: OkAnswer) => void>()
      awaitingOk.set(eventId, byRelay)
      const answer = (result: OkAnswer) => {
        clearTimeout(timer)
        if (byRelay.get(url) === answer) byRelay.delete(url)
        if (byRelay.size === 0 && awaitingOk.get(eventId) === byRelay) awaitingOk.delete(eventId)
        resolve(result)
      }
      const timer = setTimeout(
        () => answer({ ok: false, message: NO_ANSWER }),
        options.publishTimeoutMs ?? PUBLISH_TIMEOUT_MS,
      )
      byRelay.get(url)?.({ ok: false, message: 'sent again' })
      byRelay.set(url, answer)
    })
  }

  function settle(sub: OpenSubscription) {
    if (sub.done || sub.inflight > 0 || sub.waiting.size > 0) return
    if (sub.answered.size === 0 && anyRelayTrying(sub) && !sub.connectWaitOver) return
    sub.done = true
    clearTimeout(sub.timer)
    sub.handlers.onEose?.()
    if (!sub.live) close(sub)
  }

  function close(sub: OpenSubscription) {
    clearTimeout(sub.timer)
    if (!subscriptions.delete(sub.id)) return
    for (const [url, part] of sub.parts) {
      clearTimeout(part.timer)
      const relay = relays.get(url)
      if (relay?.link.isConnected()) relay.link.send(closeMessage(sub.id))
    }
    sub.parts.clear()
  }

  /** Sends the REQ to one relay and starts that relay's wait for its stored events. */
  function request(sub: OpenSubscription, state: RelayState, authTried = false) {
    const url = state.link.url
    clearTimeout(sub.parts.get(url)?.timer)
    const sentAt = now()
    const part: RelayPart = {
      sentAt,
      lastActivity: sentAt,
      timer: undefined,
      eosed: false,
      timedOut: false,
      authTried,
    }
    sub.parts.set(url, part)
    if (!sub.done) sub.waiting.add(url)
    const wait = timeoutFor(state)
    const check = () => {
      if (part.eosed) return
      const quiet = now() - part.lastActivity
      if (quiet < wait) {
        part.timer = setTimeout(check, wait - quiet)
        return
      }
      part.timedOut = true
      report(url, { ok: false, responseMs: now() - part.sentAt })
      sub.answered.add(url)
      sub.waiting.delete(url)
      settle(sub)
    }
    part.timer = setTimeout(check, wait)
    state.link.send(reqMessage(sub.id, sub.filters))
  }

  function endOfStored(sub: OpenSubscription, state: RelayState) {
    const url = state.link.url
    const part = sub.parts.get(url)
    if (part && !part.eosed) {
      part.eosed = true
      clearTimeout(part.timer)
      const responseMs = now() - part.sentAt
      // A late EOSE still teaches the relay's wait; the timeout was already reported.
      state.history = recordEoseDuration(state.history, responseMs)
      if (!part.timedOut) report(url, { ok: true, responseMs })
    }
    sub.answered.add(url)
    sub.waiting.delete(url)
    settle(sub)
  }

  function closedByRelay(sub: OpenSubscription, state: RelayState, reason: string) {
    const url = state.link.url
    const part = sub.parts.get(url)
    if (!part) return
    clearTimeout(part.timer)
    const auth = state.auth
    if (auth && isAuthRequired(reason) && !part.authTried) {
      part.authTried = true
      // Signing may wait on the user: the stored-events wait does not hold up for ever.
      part.timer = setTimeout(() => {
        sub.answered.add(url)
        sub.waiting.delete(url)
        settle(sub)
      }, options.eoseTimeoutMs ?? EOSE_TIMEOUT_MS)
      void auth.authenticate().then((ok) => {
        const current = subscriptions.get(sub.id) === sub && sub.parts.get(url) === part
        if (!current) return
        if (ok && state.link.isConnected()) request(sub, state, true)
        else endPart(sub, url, part, reason)
      })
      return
    }
    endPart(sub, url, part, reason)
  }

  function endPart(sub: OpenSubscription, url: string, part: RelayPart, reason: string) {
    clearTimeout(part.timer)
    sub.parts.delete(url)
    sub.answered.add(url)
    sub.waiting.delete(url)
    options.onClosed?.(url, reason)
    settle(sub)
  }

  async function deliver(sub: OpenSubscription, relay: string, event: NostrEvent) {
    // A relay may send anything: only events the filters asked for count.
    if (sub.seen.has(event.id) || !matchFilters(sub.filters, event)) return
    sub.inflight++
    const ok = await verifier.verify(event)
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

  function receive(state: RelayState, data: string) {
    const url = state.link.url
    const message = parseRelayMessage(data)
    if (!message) return
    switch (message.type) {
      case 'OK':
        awaitingOk.get(message.eventId)?.get(url)?.({
          ok: message.accepted,
          message: message.message,
        })
        return
      case 'AUTH':
        state.auth?.challenged(message.challenge)
        return
      case 'NOTICE':
        return
    }
    const sub = subscriptions.get(message.subId)
    if (!sub) return
    if (message.type === 'EVENT') {
      const part = sub.parts.get(url)
      if (part && !part.eosed) part.lastActivity = now()
      void deliver(sub, url, message.event)
    } else if (message.type === 'EOSE') endOfStored(sub, state)
    else closedByRelay(sub, state, message.reason)
  }

  function open(
    filters: Filter[],
    handlers: SubscriptionHandlers,
    live: boolean,
    routing: RequestOptions = {},
  ): Subscription {
    const sub: OpenSubscription = {
      id: `plume-${(++counter).toString(36)}`,
      filters,
      handlers,
      live,
      only: routing.relays ? new Set(routing.relays) : null,
      parts: new Map(),
      waiting: new Set(),
      answered: new Set(),
      seen: new Set(),
      inflight: 0,
      connectWaitOver: false,
      done: false,
      timer: setTimeout(() => {
        sub.connectWaitOver = true
        settle(sub)
      }, options.eoseTimeoutMs ?? EOSE_TIMEOUT_MS),
    }
    subscriptions.set(sub.id, sub)
    for (const state of relays.values()) {
      if (state.link.isConnected() && serves(sub, state)) request(sub, state)
    }
    return { close: () => close(sub) }
  }

  /** One relay's answer to a published event, with one AUTH and retry on `auth-required:`. */
  async function publishTo(state: RelayState, event: NostrEvent): Promise<PublishResult> {
    const url = state.link.url
    let authTried = false
    for (;;) {
      if (!state.link.isConnected()) return { relay: url, ok: false, message: NOT_CONNECTED }
      const sentAt = now()
      const answer = expectOk(url, event.id)
      state.link.send(eventMessage(event))
      const { ok, message } = await answer
      if (!ok && isAuthRequired(message) && !authTried && state.auth) {
        authTried = true
        if (await state.auth.authenticate()) continue
      }
      report(url, { ok: message !== NO_ANSWER, responseMs: now() - sentAt })
      return { relay: url, ok, message }
    }
  }

  return {
    addRelay(link) {
      const state: RelayState = {
        link,
        history: [],
        auth: signer
          ? relayAuthSession({
              url: link.url,
              signer,
              send: (data) => link.send(data),
              expectOk: (eventId) => expectOk(link.url, eventId),
              now,
            })
          : null,
      }
      relays.set(link.url, state)
      link.onMessage((data) => receive(state, data))
      link.onConnected(() => {
        for (const sub of subscriptions.values()) if (serves(sub, state)) request(sub, state)
      })
      link.onDisconnected(() => {
        state.auth?.reset()
        for (const sub of subscriptions.values()) {
          clearTimeout(sub.parts.get(link.url)?.timer)
          sub.parts.delete(link.url)
          sub.waiting.delete(link.url)
          settle(sub)
        }
      })
    },

    subscribe(filters, handlers, options) {
      return open(filters, handlers, true, options)
    },

    publish(event, only) {
      const targets = only ? only.map((url) => relays.get(url) ?? url) : [...relays.values()]
      return new Promise((resolve, reject) => {
        const answers: PublishResult[] = []
        let outstanding = targets.length
        let settled = false
        const collect = (result: PublishResult) => {
          answers.push(result)
          outstanding--
          if (settled) return
          if (result.ok) {
            settled = true
            resolve([...answers])
          } else if (outstanding === 0) {
            settled = true
            reject(new Error(publishFailedMessage(answers)))
          }
        }
        if (targets.length === 0) reject(new Error(publishFailedMessage([])))
        for (const target of targets) {
          if (typeof target === 'string')
            collect({ relay: target, ok: false, message: NOT_CONNECTED })
          else void publishTo(target, event).then(collect)
        }
      })
    },

    query(filters, options) {
      return new Promise((resolve) => {
        const events: NostrEvent[] = []
        open(
          filters,
          { onEvent: (event) => events.push(event), onEose: () => resolve(events) },
          false,
          options,
        )
      })
    },

    eoseTimeoutFor(url) {
      const state = relays.get(url)
      return state ? timeoutFor(state) : (options.eoseTimeoutMs ?? EOSE_TIMEOUT_MS)
    },
  }
}

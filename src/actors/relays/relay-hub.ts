/**
 * The relay hub: every relay the app reads from and writes to, and the one place their frames come
 * in. It routes each frame by what it answers: OK to the publish (or AUTH) waiting for it, AUTH
 * challenges to the relay's NIP-42 session, EVENT, EOSE and CLOSED to the subscription they name.
 * Open subscriptions are sent again whenever a relay (re)connects, so notes published while a relay
 * was away still arrive. Every REQ and publish is reported per relay (answered in time or not), for
 * the pool's health records.
 *
 * - relay-link.ts: one relay as the hub sees it
 * - relay-subscription.ts: one subscription across relays (dedupe, verify in the worker, AUTH)
 * - subscription-part.ts: one relay's part of it and its end-of-stored-events wait
 * - relay-publish.ts: publishing and OK answers
 * - named-relays.ts: the relays outside the pool that requests name, and how many name each
 */
import type { Filter } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import { boundedSet } from '../../core/platform/bounded-set.ts'
import {
  EOSE_BASE_TIMEOUT_MS,
  EOSE_DEADLINE_MS,
  eoseTimeout,
} from '../../core/relays/eose-timeout.ts'
import { parseRelayMessage } from '../../core/relays/nip01.ts'
import type { PublishResult } from '../../core/relays/publish-result.ts'
import { canRead } from '../../core/relays/relay-permission.ts'
import type { RelayReason } from '../../core/relays/relay-reason.ts'
import { normalizeRelayUrl } from '../../core/relays/relay-url.ts'
import { type DropReason, isOversizedFrame } from '../../core/relays/untrusted-input.ts'
import type { Signer } from '../platform/signer.ts'
import { createNamedRelays } from './named-relays.ts'
import { relayAuthSession } from './relay-auth.ts'
import { type HubRelay, type RelayLink, type RequestResult, wantConnection } from './relay-link.ts'
import { createPublisher, PUBLISH_TIMEOUT_MS } from './relay-publish.ts'
import {
  type OpenSubscription,
  openSubscription,
  type Subscription,
  type SubscriptionDeps,
  type SubscriptionHandlers,
} from './relay-subscription.ts'
import { createSeenOn } from './seen-on.ts'
import type { Verifier } from './verifier.ts'

export type { RelayLink, RequestResult } from './relay-link.ts'
export { PUBLISH_TIMEOUT_MS } from './relay-publish.ts'
export type { Subscription, SubscriptionHandlers } from './relay-subscription.ts'

/** Base wait for end-of-stored-events (spec §9, relay connectivity). */
export const EOSE_TIMEOUT_MS = EOSE_BASE_TIMEOUT_MS

/** Forged events remembered so that each is counted once: a forging relay cannot grow it. */
const REJECTED_MEMORY = 10_000

/** A relay's dropped input is reported at most this often (the report marks its health). */
const DROP_REPORT_EVERY_MS = 1000

export interface RequestOptions {
  /**
   * Only these relays (outbox, inbox, hint or indexer routing); absent: every readable relay of
   * the pool. A named relay outside the pool is reached through a short-lived connection.
   */
  relays?: readonly string[]
  /** Why relays outside the pool are named (shown with their connection). */
  reason?: RelayReason
  /**
   * Only the named relays connected now are asked: none is opened, reconnected or waited for
   * (a page asking a relay again for notes it owes, which a relay that is down keeps owing).
   */
  connectedOnly?: boolean
}

export interface RelayHub {
  addRelay(link: RelayLink): void
  /**
   * The relay left: its listeners are detached and no request waits for it. With `link`, only
   * if that link is still the one held (a pool relay may have taken an auxiliary one's place).
   */
  removeRelay(url: string, link?: RelayLink): void
  /**
   * Reaches the relays open requests name but the hub does not hold: those named before `reach`
   * could tell a relay of the pool from one outside it (the pool had not joined yet).
   */
  reachNamed(): void
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
  publish(
    event: NostrEvent,
    relays?: readonly string[],
    options?: Pick<RequestOptions, 'reason'>,
  ): Promise<PublishResult[]>
  /** The relays a verified copy of this event came from, first first (bounded memory). */
  seenOn(id: string): readonly string[]
  /** The current wait for end-of-stored-events at this relay, in ms. */
  eoseTimeoutFor(url: string): number
}

export interface RelayHubOptions {
  verifier: Verifier
  /** Called once per relay and bad event: its id or signature did not hold. */
  onRejected(relay: string): void
  /**
   * A relay sent a frame or an event dropped unread (untrusted-input.ts): at most once a second
   * per relay, so that a flood does not become a flood of reports.
   */
  onDropped?(relay: string, reason: DropReason): void
  /** The signer of whoever is logged in, for NIP-42 AUTH; absent: never authenticate. */
  signer?: () => Signer
  /** Per relay and request: a REQ's EOSE or a publish's OK in time (ok), or a timeout. */
  onRequestResult?(url: string, result: RequestResult): void
  /** A relay ended its part of a subscription with CLOSED (after AUTH, if that was tried). */
  onClosed?(url: string, reason: string): void
  /** A fixed end-of-stored-events wait instead of the adaptive one (tests). */
  eoseTimeoutMs?: number
  /** The end of stored events at the latest; EOSE_DEADLINE_MS unless given (tests). */
  eoseDeadlineMs?: number
  /** Wait for OK after EVENT or AUTH; PUBLISH_TIMEOUT_MS unless given (tests). */
  publishTimeoutMs?: number
  /** Milliseconds clock for response times. */
  now?: () => number
  /**
   * A request names a relay the hub does not hold (its URL normalized): open a short-lived
   * connection and add it now, if the budget allows. Also told when a request names a short-lived
   * relay it holds: the connection keeps why it is used, and when it was last asked for (the least
   * recently used gives way first). Absent: such relays are not asked. True: it joins later (what
   * opens it is still loading): a request waits for it as for a relay connecting.
   */
  reach?(url: string, reason: RelayReason): boolean | undefined
  /** How many open subscriptions name this auxiliary relay, whenever that changes. */
  onUsers?(url: string, users: number): void
}

/** A relay the pool does not keep open: an indexer (or write) relay, or a short-lived one. */
const opensOnDemand = (link: RelayLink): boolean =>
  link.routedOnly === true || !canRead(link.permission?.() ?? 'readwrite')

/** Said for relays outside the pool when the request gives no reason. */
const UNSAID: RelayReason = { kind: 'own' }

export function createRelayHub(options: RelayHubOptions): RelayHub {
  const { verifier, onRejected, signer } = options
  const now = options.now ?? Date.now
  const report = (url: string, result: RequestResult) => options.onRequestResult?.(url, result)
  const relays = new Map<string, HubRelay>()
  const subscriptions = new Map<string, OpenSubscription>()
  const detach = new Map<string, Array<() => void>>()
  const rejected = boundedSet(REJECTED_MEMORY) // "relay id:sig" already counted
  const seenOn = createSeenOn()
  const publisher = createPublisher({
    now,
    report,
    timeoutMs: options.publishTimeoutMs ?? PUBLISH_TIMEOUT_MS,
  })
  let counter = 0
  /** Each held relay's key under its normalized URL: requests name relays normalized. */
  const byNormal = new Map<string, string>()
  const named = createNamedRelays(options.onUsers)

  /** The relay held under this URL, however it is spelled. */
  function heldRelay(url: string): HubRelay | undefined {
    const held = relays.get(url) ?? relays.get(byNormal.get(url) ?? '')
    if (held) return held
    const normal = normalizeRelayUrl(url)
    return normal ? relays.get(byNormal.get(normal) ?? '') : undefined
  }

  /** The held relay a request names, reaching out for it when the hub does not hold it. */
  function resolve(url: string, reason: RelayReason | undefined): HubRelay | undefined {
    const held = heldRelay(url)
    if (held) return usedAgain(held, reason)
    const normal = normalizeRelayUrl(url)
    if (!normal) return undefined
    options.reach?.(normal, reason ?? UNSAID)
    return relays.get(normal)
  }

  /** A short-lived relay named again: it keeps why, and that it was used now (see `reach`). */
  function usedAgain(relay: HubRelay, reason: RelayReason | undefined): HubRelay {
    if (relay.link.routedOnly) options.reach?.(relay.link.url, reason ?? UNSAID)
    return relay
  }

  const lastDropReport = new Map<string, number>()
  function dropped(url: string, reason: DropReason) {
    const at = now()
    if (at - (lastDropReport.get(url) ?? Number.NEGATIVE_INFINITY) < DROP_REPORT_EVERY_MS) return
    lastDropReport.set(url, at)
    options.onDropped?.(url, reason)
  }

  const eoseWait = (relay: HubRelay) => options.eoseTimeoutMs ?? eoseTimeout(relay.history)

  const subscriptionDeps: SubscriptionDeps = {
    relays,
    now,
    eoseWait,
    eoseDeadlineMs: options.eoseDeadlineMs ?? EOSE_DEADLINE_MS,
    baseWaitMs: options.eoseTimeoutMs ?? EOSE_TIMEOUT_MS,
    verify: (event, relay) => verifier.verify(event, relay),
    report,
    invalid(relay, event) {
      const key = `${relay} ${event.id}:${event.sig}`
      if (rejected.has(key)) return
      rejected.add(key)
      onRejected(relay)
    },
    dropped,
    seen: (relay, event) => seenOn.add(event.id, relay),
    closedBy: (url, reason) => options.onClosed?.(url, reason),
    forget(id) {
      subscriptions.delete(id)
      named.forget(id)
    },
  }

  function receive(relay: HubRelay, data: string) {
    const url = relay.link.url
    if (isOversizedFrame(data)) {
      dropped(url, 'oversized')
      return
    }
    const message = parseRelayMessage(data)
    if (!message) return
    switch (message.type) {
      case 'OK':
        publisher.okReceived(url, message.eventId, {
          ok: message.accepted,
          message: message.message,
        })
        return
      case 'AUTH':
        relay.auth?.challenged(message.challenge)
        return
      case 'NOTICE':
        return
    }
    const sub = subscriptions.get(message.subId)
    if (!sub) return
    if (message.type === 'EVENT') sub.event(relay, message.event)
    else if (message.type === 'EOSE') sub.endOfStored(relay)
    else sub.closedByRelay(relay, message.reason)
  }

  function open(
    filters: Filter[],
    handlers: SubscriptionHandlers,
    live: boolean,
    routing: RequestOptions = {},
  ): Subscription {
    const id = `plume-${(++counter).toString(36)}`
    /** Named relays that join later: waited for as relays connecting. */
    const joining: string[] = []
    const names = routing.relays?.flatMap((url): string[] => {
      const held = heldRelay(url)
      if (routing.connectedOnly) return held?.link.isConnected() ? [held.normal] : []
      if (held) return [usedAgain(held, routing.reason).normal]
      const normal = normalizeRelayUrl(url)
      if (!normal) return []
      // Asked once it joins: a remote signer's session resumes before the pool runs, the Follow
      // Only feed may ask before the auxiliary relays' code has loaded.
      if (options.reach?.(normal, routing.reason ?? UNSAID) === true) joining.push(normal)
      return [normal]
    })
    const only = names ? new Set(names) : null
    const sub = openSubscription({ id, filters, handlers, live, only }, subscriptionDeps)
    subscriptions.set(id, sub)
    const outside = [...(only ?? [])].filter((url) => {
      const held = heldRelay(url)
      return !held || held.link.routedOnly === true
    })
    named.name(id, outside, routing.reason)
    for (const url of joining) if (!heldRelay(url)) sub.awaitConnection(url)
    for (const relay of relays.values()) {
      if (!sub.serves(relay)) continue
      if (relay.link.isConnected()) {
        sub.request(relay)
        continue
      }
      // An idle indexer relay: asked once it connects (the hub re-sends open REQs then).
      wantConnection(relay.link)
      // Opened for requests like this one, or opening for the first time: its answer is waited
      // for. Otherwise the relays already open answer first, and a profile only the indexer has,
      // notes only a short-lived relay has, or a note on the pool relay slowest to open at start
      // would be missed ('Note not found'). A relay retrying after a failure is not waited for.
      if (opensOnDemand(relay.link) || relay.link.isOpening?.()) sub.awaitConnection(relay.link.url)
    }
    sub.opened()
    return { close: () => sub.close() }
  }

  /** The relay's connection ended or it left: its AUTH, OK waits and EOSE waits end with it. */
  function connectionEnded(relay: HubRelay) {
    relay.auth?.reset()
    publisher.disconnected(relay.link.url)
    for (const sub of subscriptions.values()) sub.disconnected(relay.link.url)
  }

  function removeRelay(url: string, link?: RelayLink) {
    const relay = relays.get(url)
    if (!relay || (link && relay.link !== link)) return
    byNormal.delete(relay.normal)
    for (const off of detach.get(url) ?? []) off()
    detach.delete(url)
    relays.delete(url)
    connectionEnded(relay)
  }

  return {
    addRelay(link) {
      const normal = normalizeRelayUrl(link.url) ?? link.url
      const relay: HubRelay = {
        link,
        normal,
        history: [],
        auth: signer
          ? relayAuthSession({
              url: link.url,
              signer,
              send: (data) => link.send(data),
              expectOk: (eventId) => publisher.expectOk(link.url, eventId),
              now,
            })
          : null,
      }
      removeRelay(link.url)
      relays.set(link.url, relay)
      byNormal.set(normal, link.url)
      // Named before it joined: its connection learns that it is in use.
      const using = named.users(normal)
      if (link.routedOnly && using) options.onUsers?.(link.url, using)
      detach.set(link.url, [
        link.onMessage((data) => receive(relay, data)),
        // Dropped before it came here, counted as if dropped here.
        link.onOversized?.(() => dropped(link.url, 'oversized')) ?? (() => {}),
        link.onConnected(() => {
          for (const sub of subscriptions.values()) if (sub.serves(relay)) sub.request(relay)
        }),
        link.onDisconnected(() => connectionEnded(relay)),
      ])
      // Requests made before the pool started (the first page) wait for it as for those after.
      if (link.isOpening?.()) {
        for (const sub of subscriptions.values())
          if (sub.serves(relay)) sub.awaitConnection(link.url)
      }
    },

    removeRelay,

    reachNamed() {
      for (const { url, reason } of named.named())
        if (!heldRelay(url)) options.reach?.(url, reason ?? UNSAID)
    },

    subscribe(filters, handlers, options) {
      return open(filters, handlers, true, options)
    },

    publish(event, only, options) {
      const targets = only
        ? [...new Set(only)].map((url) => resolve(url, options?.reason) ?? url)
        : [...relays.values()].filter((relay) => !relay.link.routedOnly)
      return publisher.publish(event, [...new Set(targets)])
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

    seenOn: (id) => seenOn.get(id),

    eoseTimeoutFor(url) {
      const relay = relays.get(url)
      return relay ? eoseWait(relay) : (options.eoseTimeoutMs ?? EOSE_TIMEOUT_MS)
    },
  }
}

/**
 * One subscription across relays: its REQ at every relay it asks (sent again by the hub whenever
 * such a relay (re)connects), repeats (by id) and events its filters did not ask for dropped, every
 * other event verified in the worker before anyone sees it. Its stored events are in once every
 * relay asked sent EOSE or CLOSED, or its wait ran out (subscription-part.ts). A relay that CLOSEs
 * it `auth-required:` is answered with NIP-42 AUTH when it sent a challenge and someone can sign,
 * then asked once more.
 */
import { type Filter, matchFilters } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import { boundedSet } from '../../core/platform/bounded-set.ts'
import { recordEoseDuration } from '../../core/relays/eose-timeout.ts'
import { routeFilters } from '../../core/relays/indexer-routing.ts'
import { closeMessage, reqMessage } from '../../core/relays/nip01.ts'
import {
  type DropReason,
  isDatedAhead,
  MAX_VERIFYING_PER_RELAY,
  storedEventsBound,
} from '../../core/relays/untrusted-input.ts'
import { isAuthRequired } from './relay-auth.ts'
import type { HubRelay, RequestResult } from './relay-link.ts'
import { partActivity, partEnded, type RelayPart, startPart } from './subscription-part.ts'

export interface SubscriptionHandlers {
  onEvent(event: NostrEvent, relay: string): void
  /**
   * Stored events are in: every connected relay sent EOSE (or CLOSED), or its wait ran out.
   * `answered`: some relay sent its EOSE, so an empty answer means "none", not "no one said".
   * `eosedBy`: the relays that did; the others may still owe stored events (a page's cut must
   * not move past them, core/feed/relays-owed.ts).
   */
  onEose?(answered: boolean, eosedBy: ReadonlySet<string>): void
  /**
   * Another relay's copy of an event onEvent had, checked: what each relay sent, for a page that
   * must know whether a relay sent all the filters' limits allowed (core/feed/relays-owed.ts).
   */
  onCopy?(event: NostrEvent, relay: string): void
}

export interface Subscription {
  close(): void
}

export interface SubscriptionSpec {
  id: string
  filters: Filter[]
  handlers: SubscriptionHandlers
  /** Live until closed; otherwise (a query) closed at the end of stored events. */
  live: boolean
  /** The relays it may use, normalized (held yet or not); null: every readable relay. */
  only: ReadonlySet<string> | null
}

/** What a subscription needs of the hub. */
export interface SubscriptionDeps {
  relays: ReadonlyMap<string, HubRelay>
  now(): number
  /** This relay's wait for end of stored events. */
  eoseWait(relay: HubRelay): number
  /** The end of stored events at the latest, from the REQ, however the relay streams. */
  eoseDeadlineMs: number
  /** The wait for a first relay to connect, and for an AUTH to be signed. */
  baseWaitMs: number
  /** Whether the event holds; `relay` sent it (a batch holds one relay's events). */
  verify(event: NostrEvent, relay: string): Promise<boolean>
  report(url: string, result: RequestResult): void
  /** This relay sent an event whose id or signature did not hold. */
  invalid(relay: string, event: NostrEvent): void
  /** This relay sent an event that is dropped unchecked (untrusted-input.ts). */
  dropped(relay: string, reason: DropReason): void
  /** This relay sent an event that checked out (first copies and later ones alike). */
  seen(relay: string, event: NostrEvent): void
  /** A relay ended its part with CLOSED (after AUTH, if that was tried). */
  closedBy(url: string, reason: string): void
  /** It is closed: the hub forgets it. */
  forget(id: string): void
}

/** An open subscription, as the hub drives it. */
export interface OpenSubscription extends Subscription {
  readonly id: string
  /** Whether it asks this relay: readable, and among its relays if it names some. */
  serves(relay: HubRelay): boolean
  /** Sends the REQ to this relay and starts the relay's wait for its stored events. */
  request(relay: HubRelay): void
  /**
   * This relay is connecting for requests like this one (an idle indexer, a short-lived relay
   * just opened) or for the first time: its stored events are waited for too, its connection the
   * base wait at most. A relay retrying after a failure is not: it must not hold up every request.
   */
  awaitConnection(url: string): void
  event(relay: HubRelay, event: NostrEvent): void
  endOfStored(relay: HubRelay): void
  closedByRelay(relay: HubRelay, reason: string): void
  /** The relay's connection ended: its part ends, unanswered. */
  disconnected(url: string): void
  /**
   * Every relay it asks was asked or awaited. A request naming its relays, with none of them
   * asked, awaited or trying to connect, has its stored events in at once (none). One for the
   * pool keeps the base wait: the pool may still be filling (at start, from the stored list).
   */
  opened(): void
}

/** Event ids a subscription remembers to drop repeats: a live feed's day, not for ever. */
export const SEEN_PER_SUBSCRIPTION = 10_000

export function openSubscription(spec: SubscriptionSpec, deps: SubscriptionDeps): OpenSubscription {
  const { id, filters, handlers, live, only } = spec
  const { now, report } = deps
  const parts = new Map<string, RelayPart>()
  /** Relays whose stored events it still waits for. */
  const waiting = new Set<string>()
  /** Relays whose part of the stored events is over: EOSE, CLOSED, or their wait ran out. */
  const answered = new Set<string>()
  /** Relays connecting for it (awaitConnection), each with its wait for the connection. */
  const connecting = new Map<string, ReturnType<typeof setTimeout>>()
  /** Relays that sent EOSE before the stored events were settled. */
  const eosedBy = new Set<string>()
  const seen = boundedSet(SEEN_PER_SUBSCRIPTION)
  /**
   * Per relay, the stored events it sent for its current REQ and how many its filters' limits
   * allow (worked out once, when the REQ goes out: a flood must not redo it per event).
   */
  const stored = new Map<string, { count: number; bound: number }>()
  let inflight = 0
  /** Per relay, its events of this subscription waiting for their signature check. */
  const verifying = new Map<string, number>()
  /** No relay was connected for the base wait: stop waiting for relays still connecting. */
  let connectWaitOver = false
  let done = false
  let closed = false
  const timer = setTimeout(() => {
    connectWaitOver = true
    settle()
  }, deps.baseWaitMs)

  /**
   * The filters this relay is asked: all of them, the indexer kinds only, or none. An auxiliary
   * relay is asked only by requests that name it.
   */
  const filtersFor = ({ link, normal }: HubRelay): Filter[] =>
    (only === null ? !link.routedOnly : only.has(normal))
      ? (routeFilters(filters, [
          { url: link.url, permission: link.permission?.() ?? 'readwrite' },
        ]).get(link.url) ?? [])
      : []
  const serves = (relay: HubRelay) => filtersFor(relay).length > 0

  const anyRelayTrying = () =>
    [...deps.relays.values()].some(
      (relay) => serves(relay) && (relay.link.isConnected() || relay.link.isTrying()),
    )

  function settle() {
    // Closed while an event was still being verified: the caller wants nothing more.
    if (closed || done || inflight > 0 || waiting.size > 0) return
    if (answered.size === 0 && anyRelayTrying() && !connectWaitOver) return
    done = true
    clearTimeout(timer)
    handlers.onEose?.(eosedBy.size > 0, eosedBy)
    if (!live) close()
  }

  /** This relay's part of the stored events is over. */
  function answer(url: string) {
    answered.add(url)
    waiting.delete(url)
    settle()
  }

  function stopAwaiting(url: string) {
    clearTimeout(connecting.get(url))
    connecting.delete(url)
  }

  function awaitConnection(url: string) {
    if (done || closed || parts.has(url) || connecting.has(url)) return
    waiting.add(url)
    connecting.set(
      url,
      setTimeout(() => {
        connecting.delete(url)
        answer(url)
      }, deps.baseWaitMs),
    )
  }

  function close() {
    clearTimeout(timer)
    for (const url of [...connecting.keys()]) stopAwaiting(url)
    if (closed) return
    closed = true
    deps.forget(id)
    for (const [url, part] of parts) {
      clearTimeout(part.timer)
      const relay = deps.relays.get(url)
      if (relay?.link.isConnected()) relay.link.send(closeMessage(id))
    }
    parts.clear()
  }

  function request(relay: HubRelay, authTried = false) {
    const url = relay.link.url
    stopAwaiting(url)
    clearTimeout(parts.get(url)?.timer)
    const wait = { waitMs: deps.eoseWait(relay), deadlineMs: deps.eoseDeadlineMs }
    const part = startPart(now, wait, authTried, (responseMs) => {
      // It took at least this long: the next wait grows (core/relays/eose-timeout.ts).
      relay.history = recordEoseDuration(relay.history, responseMs)
      report(url, { ok: false, responseMs })
      answer(url)
    })
    parts.set(url, part)
    const asked = filtersFor(relay)
    stored.set(url, { count: 0, bound: storedEventsBound(asked) })
    if (!done) waiting.add(url)
    relay.link.send(reqMessage(id, asked))
  }

  function endOfStored(relay: HubRelay) {
    const url = relay.link.url
    const part = parts.get(url)
    const ended = part ? partEnded(part, now) : null
    if (ended) {
      // A late EOSE still teaches the relay's wait; the timeout was already reported.
      relay.history = recordEoseDuration(relay.history, ended.responseMs)
      if (ended.inTime) report(url, { ok: true, responseMs: ended.responseMs })
    }
    if (!done) eosedBy.add(url)
    answer(url)
  }

  function closedByRelay(relay: HubRelay, reason: string) {
    const url = relay.link.url
    const part = parts.get(url)
    if (!part) return
    clearTimeout(part.timer)
    const auth = relay.auth
    if (
      auth &&
      isAuthRequired(reason) &&
      !part.authTried &&
      relay.link.mayAuthenticate?.() !== false
    ) {
      part.authTried = true
      // Signing may wait on the user: the stored-events wait does not hold up for ever.
      part.timer = setTimeout(() => answer(url), deps.baseWaitMs)
      void auth.authenticate().then((ok) => {
        if (closed || parts.get(url) !== part) return
        if (ok && relay.link.isConnected()) request(relay, true)
        else endPart(url, part, reason)
      })
      return
    }
    endPart(url, part, reason)
  }

  function endPart(url: string, part: RelayPart, reason: string) {
    clearTimeout(part.timer)
    parts.delete(url)
    answered.add(url)
    waiting.delete(url)
    deps.closedBy(url, reason)
    settle()
  }

  async function deliver(relay: string, event: NostrEvent) {
    // Another relay's copy is checked too (the verifier remembers the pair). It holds up the end
    // of stored events only for a caller that wants copies: at start-up, before the hash loads,
    // copies go to the workers like any event, behind the first pages' batches.
    const copy = seen.has(event.id)
    const awaited = !copy || handlers.onCopy !== undefined
    if (awaited) inflight++
    if (!copy) verifying.set(relay, (verifying.get(relay) ?? 0) + 1)
    const ok = await deps.verify(event, relay)
    if (!copy) verifying.set(relay, (verifying.get(relay) ?? 1) - 1)
    if (awaited) inflight--
    if (!ok) deps.invalid(relay, event)
    else {
      deps.seen(relay, event)
      if (closed) return
      if (seen.has(event.id)) handlers.onCopy?.(event, relay)
      else {
        seen.add(event.id)
        handlers.onEvent(event, relay)
      }
    }
    settle()
  }

  return {
    id,
    serves,
    request: (relay) => request(relay),
    awaitConnection,
    event(relay, event) {
      const url = relay.link.url
      // A relay may send anything: only events the filters asked for count.
      if (!matchFilters(filters, event)) return
      if (isDatedAhead(event, now())) {
        deps.dropped(url, 'future')
        return
      }
      const part = parts.get(url)
      if (part && !part.eosed) {
        // More stored events than the filters' limits allow: the rest are not asked for.
        const tally = stored.get(url)
        if (tally && ++tally.count > tally.bound) return
        partActivity(part, now)
      }
      // Live events have no limit: a relay sending them faster than they are checked is a flood.
      // (Stored ones are bounded by the filters' limits above, or by the relay's own.)
      const live = !part || part.eosed
      if (live && !seen.has(event.id) && (verifying.get(url) ?? 0) >= MAX_VERIFYING_PER_RELAY) {
        deps.dropped(url, 'flood')
        return
      }
      void deliver(url, event)
    },
    endOfStored,
    closedByRelay,
    // After the caller has its handle: an answer may close the subscription.
    opened: () => {
      if (only !== null) queueMicrotask(settle)
    },
    disconnected(url) {
      stopAwaiting(url)
      clearTimeout(parts.get(url)?.timer)
      parts.delete(url)
      waiting.delete(url)
      settle()
    },
    close,
  }
}

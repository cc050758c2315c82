/**
 * Auxiliary relays: the short-lived connections to relays outside the user's pool (rules in
 * core/relays/aux-relays.ts). The hub asks for one when a request names a relay it does not hold
 * (`aux.want`, with why); this machine opens it as a socket machine of its own (id `aux:<url>`),
 * shares it between requests, and closes it when no subscription has named it for two idle checks.
 *
 * - `idle`: no auxiliary connection. `serving`: at least one, and the idle check runs every
 *   AUX_TICK_MS.
 * - Budget: the pool's open sockets (`aux.poolOpen`, from the pool's snapshots) plus these never
 *   pass `budget` (20). A new relay takes the place of the least recently asked-for unused
 *   connection; when every one is in use it is refused. When the pool grows, connections give way,
 *   unused ones first.
 * - A connection that gives way, idles out or is closed is `closing` until its socket is done
 *   (the WebSocket's close handshake completed, socket.machine.ts) and counts until then: the
 *   browser holds the WebSocket that long. A relay that takes a closing connection's place is
 *   opened at once, so the hub holds it and requests wait for it, but `queued`: its socket is told
 *   to connect when a close completes (a queued one closed meanwhile, with no WebSocket, is
 *   stopped at once). A relay wanted again while its old socket closes gets a fresh socket
 *   (`aux:<url>#2`), opened or queued as any other.
 * - Never opened: blacklisted relays, plain ws:// away from this device. Refusals are kept (the
 *   last AUX_REFUSALS_KEPT) for the Auxiliary Relays modal, as are health records, as the pool's.
 * - NIP-42: these relays are answered AUTH only once the user allowed it for that relay
 *   (`aux.allowAuth`); `authAsked` lists those that asked.
 */
import { type ActorRefFrom, assign, enqueueActions, not, sendTo, setup } from 'xstate'
import {
  AUX_TICK_MS,
  type AuxLink,
  type AuxRefusal,
  auxBudgetFull,
  auxRefusal,
  idleExpired,
  leastNeeded,
  SOCKET_BUDGET,
  withReason,
  withRefusal,
} from '../core/relays/aux-relays.ts'
import {
  newHealth,
  type RelayHealth,
  recordFailure,
  recordSuccess,
} from '../core/relays/relay-health.ts'
import type { RelayReason } from '../core/relays/relay-reason.ts'
import { gaveUp, phaseOf, type SocketPhase, type SocketView } from './relay-pool.context.ts'
import { type SocketActorRef, socketMachine } from './socket.machine.ts'

export interface AuxRelaysInput {
  blacklist: readonly string[]
  /** Sockets open at once, the pool's included; SOCKET_BUDGET unless given (tests). */
  budget?: number
}

export interface AuxRelaysContext {
  budget: number
  blacklist: readonly string[]
  /** The pool's sockets connecting, connected or closing. */
  poolOpen: number
  links: AuxLink[]
  sockets: SocketActorRef[]
  /** Sockets of connections closed, until their close completed: they still count. */
  closing: SocketActorRef[]
  /** Connections whose socket waits for a closing one to free its place (not connecting yet). */
  queued: string[]
  phase: Record<string, SocketPhase>
  health: Record<string, RelayHealth>
  refused: AuxRefusal[]
  /** Relays that asked for NIP-42 AUTH, and those the user allowed to be answered. */
  authAsked: string[]
  authAllowed: string[]
  /** Counts requests: orders connections by when they were last asked for. */
  requests: number
  /**
   * The most sockets open at once (pool, auxiliary and closing), for the budget's tests and the
   * bench. Only the pool can take it past the budget: it opens its sockets without asking.
   */
  peak: number
}

export type AuxRelaysEvent =
  | { type: 'aux.want'; url: string; reason: RelayReason }
  | { type: 'aux.users'; url: string; users: number }
  | { type: 'aux.poolOpen'; count: number }
  | { type: 'aux.requestSucceeded'; url: string; responseMs: number; at: number }
  | { type: 'aux.requestFailed'; url: string; at: number }
  | { type: 'aux.authRequired'; url: string }
  | { type: 'aux.allowAuth'; url: string }
  | { type: 'aux.closeAll' }
  | { type: `xstate.snapshot.aux:${string}`; snapshot: SocketView }
  /** A socket reached its final state (`removed`): its close completed. */
  | { type: `xstate.done.actor.aux:${string}` }

/** A relay's socket id; `copy` tells apart a new socket from one of the same relay still closing. */
export const auxSocketId = (url: string, copy = 1): string =>
  copy === 1 ? `aux:${url}` : `aux:${url}#${copy}`
const urlOfSocketId = (id: string): string => id.slice('aux:'.length).replace(/#\d+$/, '')

const socketOf = (context: AuxRelaysContext, url: string) =>
  context.sockets.find((socket) => urlOfSocketId(socket.id) === url)
const linkOf = (context: AuxRelaysContext, url: string) =>
  context.links.find((link) => link.url === url)
/** Places taken: the pool's open sockets, every connection (queued ones too), closing sockets. */
const takenCount = (context: AuxRelaysContext) =>
  context.poolOpen + context.links.length + context.closing.length
/** Sockets that may hold a WebSocket now: a queued connection's socket has none yet. */
const openCount = (context: AuxRelaysContext) => takenCount(context) - context.queued.length
const eventUrl = (event: AuxRelaysEvent): string =>
  'url' in event ? event.url : 'snapshot' in event ? event.snapshot.context.url : ''
/** The id of the socket an xstate event (`xstate.snapshot.<id>`, `xstate.done.actor.<id>`) is about. */
const eventSocketId = (event: AuxRelaysEvent): string =>
  event.type.replace(/^xstate\.(snapshot|done\.actor)\./, '')

/** A socket id for this relay that no socket, open or closing, holds. */
function freeSocketId(context: AuxRelaysContext, url: string): string {
  const taken = new Set([...context.sockets, ...context.closing].map((socket) => socket.id))
  let copy = 1
  while (taken.has(auxSocketId(url, copy))) copy++
  return auxSocketId(url, copy)
}

/** The context without this connection; its socket, if any, is the caller's to stop or close. */
function forget(context: AuxRelaysContext, url: string): AuxRelaysContext {
  const { [url]: _phase, ...phase } = context.phase
  const socket = socketOf(context, url)
  return {
    ...context,
    links: context.links.filter((link) => link.url !== url),
    sockets: context.sockets.filter((s) => s !== socket),
    queued: context.queued.filter((queued) => queued !== url),
    phase,
  }
}

/** How closing acts on sockets: told to go (`relay.remove`), or stopped at once. */
interface Closer {
  remove(socket: SocketActorRef): void
  stop(socket: SocketActorRef): void
}

/**
 * Closes these connections: each socket told to go and counted as closing until it is done. A
 * queued one never opened its WebSocket: it is stopped at once.
 */
function closeLinks(
  context: AuxRelaysContext,
  urls: Iterable<string>,
  closer: Closer,
): AuxRelaysContext {
  let next = context
  for (const url of urls) {
    const socket = socketOf(next, url)
    const queued = next.queued.includes(url)
    next = forget(next, url)
    if (!socket) continue
    if (queued) {
      closer.stop(socket)
      continue
    }
    closer.remove(socket)
    next = { ...next, closing: [...next.closing, socket] }
  }
  return next
}

/** The closer of an `enqueueActions` step. */
const closerOf = (run: {
  sendTo: (socket: SocketActorRef, event: { type: 'relay.remove' }) => void
  stopChild: (socket: SocketActorRef) => void
}): Closer => ({
  remove: (socket) => run.sendTo(socket, { type: 'relay.remove' }),
  stop: (socket) => run.stopChild(socket),
})

/** Queued connections told to connect while places are free. */
function connectQueued(
  context: AuxRelaysContext,
  connect: (socket: SocketActorRef) => void,
): AuxRelaysContext {
  let next = context
  while (next.queued.length > 0 && openCount(next) < next.budget) {
    const [url = '', ...rest] = next.queued
    const socket = socketOf(next, url)
    if (socket) connect(socket)
    next = { ...next, queued: rest }
  }
  return next
}

/** What closing and connecting change, for `assign`. */
const socketParts = ({ links, sockets, closing, queued, phase }: AuxRelaysContext) => ({
  links,
  sockets,
  closing,
  queued,
  phase,
})

export const auxRelaysMachine = setup({
  types: {
    context: {} as AuxRelaysContext,
    input: {} as AuxRelaysInput,
    events: {} as AuxRelaysEvent,
  },
  actors: { socket: socketMachine },
  delays: { tick: AUX_TICK_MS },
  guards: {
    isOpen: ({ context, event }) => linkOf(context, eventUrl(event)) !== undefined,
    isRefused: ({ context, event }) => auxRefusal(eventUrl(event), context.blacklist) !== null,
    hasRoom: ({ context }) => takenCount(context) < context.budget,
    /** A closing socket's place that no queued connection claimed yet. */
    roomComing: ({ context }) => context.poolOpen + context.links.length < context.budget,
    canMakeRoom: ({ context }) => leastNeeded(context.links, true) !== undefined,
    noLinks: ({ context }) => context.links.length === 0,
    isClosed: ({ context, event }) =>
      context.closing.some((socket) => socket.id === eventSocketId(event)),
    /** A snapshot of a connection's socket (not of a closing one of the same relay). */
    isCurrent: ({ context, event }) =>
      'snapshot' in event && socketOf(context, eventUrl(event))?.id === eventSocketId(event),
    socketGaveUp: ({ event }) => 'snapshot' in event && gaveUp(event.snapshot.context),
  },
  actions: {
    touch: assign(({ context, event }) => {
      if (event.type !== 'aux.want') return {}
      const requests = context.requests + 1
      return {
        requests,
        links: context.links.map((link) =>
          link.url === event.url
            ? {
                ...link,
                reasons: withReason(link.reasons, event.reason),
                idleTicks: 0,
                lastUsed: requests,
              }
            : link,
        ),
      }
    }),
    open: assign(({ context, event, spawn }, params: { queued: boolean }) => {
      if (event.type !== 'aux.want') return {}
      const { url, reason } = event
      const id = freeSocketId(context, url)
      const socket = spawn('socket', { id, input: { url }, syncSnapshot: true })
      const requests = context.requests + 1
      const next: AuxRelaysContext = {
        ...context,
        requests,
        links: [
          ...context.links,
          { url, reasons: [reason], users: 0, idleTicks: 0, lastUsed: requests },
        ],
        sockets: [...context.sockets, socket],
        queued: params.queued ? [...context.queued, url] : context.queued,
        phase: { ...context.phase, [url]: 'connecting' as const },
        health: { ...context.health, [url]: context.health[url] ?? newHealth(url) },
      }
      return { ...next, peak: Math.max(context.peak, openCount(next)) }
    }),
    connectNew: sendTo(({ context, event }) => socketOf(context, eventUrl(event))?.id ?? '', {
      type: 'relay.connect',
    } as const),
    /** Closes the least needed unused connection, for a new one. */
    makeRoom: enqueueActions(({ context, enqueue: run }) => {
      const link = leastNeeded(context.links, true)
      if (!link) return
      const closer = closerOf(run)
      run.assign(socketParts(closeLinks(context, [link.url], closer)))
    }),
    refuse: assign(({ context, event }) => {
      const url = eventUrl(event)
      const message = auxRefusal(url, context.blacklist) ?? auxBudgetFull(context.budget, url)
      return { refused: withRefusal(context.refused, { url, message }) }
    }),
    setUsers: assign({
      links: ({ context, event }) =>
        context.links.map((link) =>
          event.type === 'aux.users' && link.url === event.url
            ? { ...link, users: event.users, idleTicks: 0 }
            : link,
        ),
    }),
    /**
     * The pool's sockets changed: connections give way until the places taken fit the budget
     * again (closing sockets free theirs soon), or queued ones connect when the pool shrank.
     */
    fitPool: enqueueActions(({ context, event, enqueue: run }) => {
      if (event.type !== 'aux.poolOpen') return
      const closer = closerOf(run)
      const connect = (socket: SocketActorRef) => run.sendTo(socket, { type: 'relay.connect' })
      let next: AuxRelaysContext = { ...context, poolOpen: event.count }
      while (next.poolOpen + next.links.length > next.budget) {
        const link = leastNeeded(next.links, false)
        if (!link) break
        next = closeLinks(next, [link.url], closer)
      }
      next = connectQueued(next, connect)
      run.assign({
        ...socketParts(next),
        poolOpen: next.poolOpen,
        peak: Math.max(context.peak, openCount(next)),
      })
    }),
    /** One idle check: unused connections age, and those past their time close. */
    closeIdle: enqueueActions(({ context, enqueue: run }) => {
      const closer = closerOf(run)
      const expired = idleExpired(context.links).map((link) => link.url)
      const next = closeLinks(context, expired, closer)
      run.assign({
        ...socketParts(next),
        links: next.links.map((link) =>
          link.users === 0 ? { ...link, idleTicks: link.idleTicks + 1 } : link,
        ),
      })
    }),
    closeAll: enqueueActions(({ context, enqueue: run }) => {
      const closer = closerOf(run)
      const urls = context.links.map((link) => link.url)
      run.assign(socketParts(closeLinks(context, urls, closer)))
    }),
    /** A closing socket is done (its close completed): it is stopped, and its place is free. */
    dropClosed: enqueueActions(({ context, event, enqueue: run }) => {
      const socket = context.closing.find((closing) => closing.id === eventSocketId(event))
      if (!socket) return
      run.stopChild(socket)
      const connect = (queued: SocketActorRef) => run.sendTo(queued, { type: 'relay.connect' })
      const next = connectQueued(
        { ...context, closing: context.closing.filter((closing) => closing !== socket) },
        connect,
      )
      run.assign(socketParts(next))
    }),
    /**
     * A connection that could not be made (or kept) is dropped, and the refusal says why. Its
     * socket gave up, so it holds no WebSocket: it is stopped at once.
     */
    dropGaveUp: enqueueActions(({ context, event, enqueue: run }) => {
      if (!('snapshot' in event)) return
      const { url, lastError } = event.snapshot.context
      const socket = socketOf(context, url)
      if (socket) run.stopChild(socket)
      run.assign({
        ...socketParts(forget(context, url)),
        refused: withRefusal(context.refused, { url, message: lastError ?? '' }),
      })
    }),
    trackSocket: assign({
      phase: ({ context, event }) =>
        'snapshot' in event
          ? { ...context.phase, [event.snapshot.context.url]: phaseOf(event.snapshot.value) }
          : context.phase,
    }),
    recordSuccess: assign({
      health: ({ context, event }) =>
        event.type === 'aux.requestSucceeded' && context.health[event.url]
          ? {
              ...context.health,
              [event.url]: recordSuccess(context.health[event.url]!, event.responseMs, event.at),
            }
          : context.health,
    }),
    recordFailure: assign({
      health: ({ context, event }) =>
        event.type === 'aux.requestFailed' && context.health[event.url]
          ? { ...context.health, [event.url]: recordFailure(context.health[event.url]!, event.at) }
          : context.health,
    }),
    noteAuthAsked: assign({
      authAsked: ({ context, event }) =>
        context.authAsked.includes(eventUrl(event))
          ? context.authAsked
          : [...context.authAsked, eventUrl(event)],
    }),
    allowAuth: assign({
      authAllowed: ({ context, event }) =>
        context.authAllowed.includes(eventUrl(event))
          ? context.authAllowed
          : [...context.authAllowed, eventUrl(event)],
    }),
  },
}).createMachine({
  id: 'auxRelays',
  context: ({ input }) => ({
    budget: input.budget ?? SOCKET_BUDGET,
    blacklist: input.blacklist,
    poolOpen: 0,
    links: [],
    sockets: [],
    closing: [],
    queued: [],
    phase: {},
    health: {},
    refused: [],
    authAsked: [],
    authAllowed: [],
    requests: 0,
    peak: 0,
  }),
  on: {
    'aux.users': { guard: 'isOpen', actions: 'setUsers' },
    'aux.poolOpen': { actions: 'fitPool' },
    'aux.requestSucceeded': { actions: 'recordSuccess' },
    'aux.requestFailed': { actions: 'recordFailure' },
    'aux.authRequired': { actions: 'noteAuthAsked' },
    'aux.allowAuth': { actions: 'allowAuth' },
    'xstate.snapshot.*': [
      { guard: not('isCurrent') },
      { guard: 'socketGaveUp', actions: 'dropGaveUp' },
      { actions: 'trackSocket' },
    ],
    'xstate.done.actor.*': { guard: 'isClosed', actions: 'dropClosed' },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'aux.want': [
          { guard: 'isRefused', actions: 'refuse' },
          {
            guard: 'hasRoom',
            target: 'serving',
            actions: [{ type: 'open', params: { queued: false } }, 'connectNew'],
          },
          {
            guard: 'roomComing',
            target: 'serving',
            actions: { type: 'open', params: { queued: true } },
          },
          { actions: 'refuse' },
        ],
      },
    },
    serving: {
      always: { guard: 'noLinks', target: 'idle' },
      after: { tick: { target: 'serving', reenter: true, actions: 'closeIdle' } },
      on: {
        'aux.want': [
          { guard: 'isOpen', actions: 'touch' },
          { guard: 'isRefused', actions: 'refuse' },
          {
            guard: 'hasRoom',
            actions: [{ type: 'open', params: { queued: false } }, 'connectNew'],
          },
          { guard: 'roomComing', actions: { type: 'open', params: { queued: true } } },
          // The new connection takes the closed one's place once its close completed.
          {
            guard: 'canMakeRoom',
            actions: ['makeRoom', { type: 'open', params: { queued: true } }],
          },
          { actions: 'refuse' },
        ],
        'aux.closeAll': { target: 'idle', actions: 'closeAll' },
      },
    },
  },
})

export type AuxRelaysMachine = typeof auxRelaysMachine
export type AuxRelaysActorRef = ActorRefFrom<AuxRelaysMachine>

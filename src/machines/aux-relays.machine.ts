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
 * - Never opened: blacklisted relays, plain ws:// away from this device. Refusals are kept (the
 *   last AUX_REFUSALS_KEPT) for the Auxiliary Relays modal, as are health records, as the pool's.
 * - NIP-42: these relays are answered AUTH only once the user allowed it for that relay
 *   (`aux.allowAuth`); `authAsked` lists those that asked.
 */
import { type ActorRefFrom, assign, enqueueActions, sendTo, setup } from 'xstate'
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
  /** The pool's sockets connecting or connected. */
  poolOpen: number
  links: AuxLink[]
  sockets: SocketActorRef[]
  phase: Record<string, SocketPhase>
  health: Record<string, RelayHealth>
  refused: AuxRefusal[]
  /** Relays that asked for NIP-42 AUTH, and those the user allowed to be answered. */
  authAsked: string[]
  authAllowed: string[]
  /** Counts requests: orders connections by when they were last asked for. */
  requests: number
  /** The most sockets open at once (pool and auxiliary), for the budget's tests and the bench. */
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

export const auxSocketId = (url: string): string => `aux:${url}`

const socketOf = (context: AuxRelaysContext, url: string) =>
  context.sockets.find((socket) => socket.id === auxSocketId(url))
const linkOf = (context: AuxRelaysContext, url: string) =>
  context.links.find((link) => link.url === url)
const openCount = (context: AuxRelaysContext) => context.poolOpen + context.links.length
const eventUrl = (event: AuxRelaysEvent): string =>
  'url' in event ? event.url : 'snapshot' in event ? event.snapshot.context.url : ''

/** The context without this connection (its socket is stopped by the caller). */
function withoutLink(context: AuxRelaysContext, url: string): Partial<AuxRelaysContext> {
  const { [url]: _phase, ...phase } = context.phase
  return {
    links: context.links.filter((link) => link.url !== url),
    sockets: context.sockets.filter((socket) => socket.id !== auxSocketId(url)),
    phase,
  }
}

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
    hasRoom: ({ context }) => openCount(context) < context.budget,
    canMakeRoom: ({ context }) => leastNeeded(context.links, true) !== undefined,
    noLinks: ({ context }) => context.links.length === 0,
    socketGaveUp: ({ context, event }) =>
      'snapshot' in event &&
      linkOf(context, event.snapshot.context.url) !== undefined &&
      gaveUp(event.snapshot.context),
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
    open: assign(({ context, event, spawn }) => {
      if (event.type !== 'aux.want') return {}
      const { url, reason } = event
      const socket = spawn('socket', { id: auxSocketId(url), input: { url }, syncSnapshot: true })
      const requests = context.requests + 1
      const links = [
        ...context.links,
        { url, reasons: [reason], users: 0, idleTicks: 0, lastUsed: requests },
      ]
      return {
        requests,
        links,
        sockets: [...context.sockets, socket],
        phase: { ...context.phase, [url]: 'connecting' as const },
        health: { ...context.health, [url]: context.health[url] ?? newHealth(url) },
        peak: Math.max(context.peak, context.poolOpen + links.length),
      }
    }),
    connectNew: sendTo(({ event }) => auxSocketId(eventUrl(event)), {
      type: 'relay.connect',
    } as const),
    /** Closes the least needed unused connection, for a new one. */
    makeRoom: enqueueActions(({ context, enqueue: run }) => {
      const link = leastNeeded(context.links, true)
      if (!link) return
      const socket = socketOf(context, link.url)
      if (socket) {
        run.sendTo(socket, { type: 'relay.remove' })
        run.stopChild(socket)
      }
      run.assign(withoutLink(context, link.url))
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
    /** The pool's sockets changed: connections give way until the budget holds again. */
    fitPool: enqueueActions(({ context, event, enqueue: run }) => {
      if (event.type !== 'aux.poolOpen') return
      let next: AuxRelaysContext = { ...context, poolOpen: event.count }
      while (openCount(next) > next.budget) {
        const link = leastNeeded(next.links, false)
        if (!link) break
        const socket = socketOf(next, link.url)
        if (socket) {
          run.sendTo(socket, { type: 'relay.remove' })
          run.stopChild(socket)
        }
        next = { ...next, ...withoutLink(next, link.url) }
      }
      run.assign({
        poolOpen: next.poolOpen,
        links: next.links,
        sockets: next.sockets,
        phase: next.phase,
        peak: Math.max(context.peak, openCount(next)),
      })
    }),
    /** One idle check: unused connections age, and those past their time close. */
    closeIdle: enqueueActions(({ context, enqueue: run }) => {
      const expired = new Set(idleExpired(context.links).map((link) => link.url))
      let next: AuxRelaysContext = context
      for (const url of expired) {
        const socket = socketOf(next, url)
        if (socket) {
          run.sendTo(socket, { type: 'relay.remove' })
          run.stopChild(socket)
        }
        next = { ...next, ...withoutLink(next, url) }
      }
      run.assign({
        links: next.links.map((link) =>
          link.users === 0 ? { ...link, idleTicks: link.idleTicks + 1 } : link,
        ),
        sockets: next.sockets,
        phase: next.phase,
      })
    }),
    closeAll: enqueueActions(({ context, enqueue: run }) => {
      for (const socket of context.sockets) {
        run.sendTo(socket, { type: 'relay.remove' })
        run.stopChild(socket)
      }
      run.assign({ links: [], sockets: [], phase: {} })
    }),
    /** A connection that could not be made (or kept) is closed, and the refusal says why. */
    dropGaveUp: enqueueActions(({ context, event, enqueue: run }) => {
      if (!('snapshot' in event)) return
      const { url, lastError } = event.snapshot.context
      const socket = socketOf(context, url)
      if (socket) run.stopChild(socket)
      run.assign({
        ...withoutLink(context, url),
        refused: withRefusal(context.refused, { url, message: lastError ?? '' }),
      })
    }),
    trackSocket: assign({
      phase: ({ context, event }) =>
        'snapshot' in event && linkOf(context, event.snapshot.context.url)
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
      { guard: 'socketGaveUp', actions: 'dropGaveUp' },
      { actions: 'trackSocket' },
    ],
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'aux.want': [
          { guard: 'isRefused', actions: 'refuse' },
          { guard: 'hasRoom', target: 'serving', actions: ['open', 'connectNew'] },
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
          { guard: 'hasRoom', actions: ['open', 'connectNew'] },
          { guard: 'canMakeRoom', actions: ['makeRoom', 'open', 'connectNew'] },
          { actions: 'refuse' },
        ],
        'aux.closeAll': { target: 'idle', actions: 'closeAll' },
      },
    },
  },
})

export type AuxRelaysMachine = typeof auxRelaysMachine
export type AuxRelaysActorRef = ActorRefFrom<AuxRelaysMachine>

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
  auxBudgetFull,
  auxRefusal,
  idleExpired,
  leastNeeded,
  SOCKET_BUDGET,
  withReason,
  withRefusal,
} from '../core/relays/aux-relays.ts'
import { newHealth, recordFailure, recordSuccess } from '../core/relays/relay-health.ts'
import {
  type AuxRelaysContext,
  type AuxRelaysEvent,
  type AuxRelaysInput,
  closeLinks,
  closerOf,
  connectQueued,
  eventSocketId,
  eventUrl,
  forget,
  freeSocketId,
  linkOf,
  openCount,
  socketOf,
  socketParts,
  takenCount,
} from './aux-relays.context.ts'
import { gaveUp, phaseOf } from './relay-pool.context.ts'
import { type SocketActorRef, socketMachine } from './socket.machine.ts'

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

export {
  type AuxRelaysContext,
  type AuxRelaysEvent,
  type AuxRelaysInput,
  auxSocketId,
} from './aux-relays.context.ts'

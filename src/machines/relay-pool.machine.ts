/**
 * The relay pool: the set of relays (url + permission), one socket machine per relay (the one
 * owner of that relay's WebSocket), their health records and the pool-wide timers.
 *
 * - Every relay in the pool has its socket actor (id `socket:<url>`), spawned idle. Read-capable
 *   relays (read, readwrite) are connected by the pool; write and indexer relays stay idle until
 *   someone needs them (`pool.connect`: publishing, an indexer query). The cap of 20 counts
 *   sockets, i.e. relays in the pool, so no more than 20 WebSockets can ever be open.
 * - Every connect goes through one queue, drained 100 ms apart (`staggerDelay`).
 * - The pool follows each socket through its snapshots (`syncSnapshot`): `phase` mirrors whether
 *   it is idle, connecting, connected or disconnected. A socket that gives up is announced with
 *   `pool.relayUnreachable`: the pool has no clock, the app answers with `pool.requestFailed`.
 * - Staleness is counted in monitor ticks: a connected relay idle for more than
 *   STALE_AFTER_MS / MONITOR_INTERVAL_MS ticks (more than 5 min) is disconnected and reconnected.
 *   Activity: connecting, `pool.requestSucceeded`, and `pool.activity` (any frame received).
 * - `destroyed` is terminal, not final: the actor stays alive to refuse every `pool.*` event.
 */
import { type ActorRefFrom, assign, enqueueActions, setup } from 'xstate'
import { newHealth, type RelayHealth, recordFailure, recordSuccess } from '../core/relay-health.ts'
import { canRead, type RelayPermission } from '../core/relay-permission.ts'
import {
  maxAttemptsError,
  reconnectFailedError,
  type SocketActorRef,
  type SocketContext,
  type SocketSnapshot,
  socketMachine,
} from './socket.machine.ts'

// Spec constants (relay pool, relay UI).
export const MAX_CONNECTIONS = 20
export const STAGGER_DELAY_MS = 100
export const HEALTH_CHECK_INTERVAL_MS = 30_000
export const MONITOR_INTERVAL_MS = 60_000
export const STALE_AFTER_MS = 300_000
/** Idle monitor ticks after which a connection is stale: more than this many means > 5 min. */
export const STALE_AFTER_TICKS = STALE_AFTER_MS / MONITOR_INTERVAL_MS

// Error texts (spec §8), shared with the hub and the tests.
export const POOL_DESTROYED = 'RelayConnectionPool has been destroyed'
export const MAX_CONNECTIONS_REACHED = 'Maximum connections (20) reached'

export interface PoolEntry {
  url: string
  permission: RelayPermission
}

export interface RelayPoolInput {
  relays: PoolEntry[]
}

/** What the pool knows of a socket: idle (never told to connect), trying, connected, given up. */
export type SocketPhase = 'idle' | 'connecting' | 'connected' | 'disconnected'

export interface RelayPoolContext {
  entries: PoolEntry[]
  sockets: SocketActorRef[]
  phase: Record<string, SocketPhase>
  health: Record<string, RelayHealth>
  /** Events dropped per relay because their id or signature did not hold. */
  rejected: Record<string, number>
  /** Monitor ticks since the relay's last activity, for connected relays (absent = 0). */
  idleTicks: Record<string, number>
  /** Relays waiting for their staggered `relay.connect`. */
  queue: string[]
  lastError: string | null
}

/** The part of a socket snapshot the pool reads. */
export interface SocketView {
  value: SocketSnapshot['value']
  context: Pick<SocketContext, 'url' | 'lastError'>
}

/** Sent by xstate for every snapshot of a socket (spawned with `syncSnapshot`). */
export interface SocketSnapshotEvent {
  type: `xstate.snapshot.socket:${string}`
  snapshot: SocketView
}

export type RelayPoolEvent =
  | { type: 'pool.add'; url: string; permission: RelayPermission }
  | { type: 'pool.remove'; url: string }
  | { type: 'pool.setPermission'; url: string; permission: RelayPermission }
  | { type: 'pool.connect'; url: string }
  | { type: 'pool.connectAll' }
  | { type: 'pool.reset' }
  | { type: 'pool.forceClean' }
  | { type: 'pool.destroy' }
  | { type: 'pool.requestSucceeded'; url: string; responseMs: number; at: number }
  | { type: 'pool.requestFailed'; url: string; at: number }
  | { type: 'pool.activity'; url: string }
  | { type: 'pool.eventRejected'; url: string }
  | SocketSnapshotEvent

export type RelayPoolEmitted =
  | { type: 'pool.error'; message: string }
  | { type: 'pool.relayUnreachable'; url: string }

export const socketId = (url: string): string => `socket:${url}`

export function phaseOf(value: SocketView['value']): SocketPhase {
  if (value === 'idle' || value === 'connected') return value
  if (value === 'disconnected' || value === 'removed') return 'disconnected'
  return 'connecting'
}

const isReadable = (context: RelayPoolContext, url: string): boolean =>
  context.entries.some((entry) => entry.url === url && canRead(entry.permission))

/** Sockets of the read-capable relays, in pool order: what the feed reads from. */
export const readSockets = (context: RelayPoolContext): SocketActorRef[] =>
  context.sockets.filter((socket) =>
    context.entries.some((entry) => socketId(entry.url) === socket.id && canRead(entry.permission)),
  )

const eventUrl = (event: RelayPoolEvent): string | undefined =>
  'url' in event ? event.url : 'snapshot' in event ? event.snapshot.context.url : undefined

const isKnown = (context: RelayPoolContext, event: RelayPoolEvent): boolean =>
  context.entries.some((entry) => entry.url === eventUrl(event))

const without = <T>(record: Record<string, T>, url: string): Record<string, T> => {
  const { [url]: _gone, ...rest } = record
  return rest
}

/** `queue` plus the given relays not yet in it. */
const enqueue = (queue: string[], urls: string[]): string[] => [
  ...queue,
  ...urls.filter((url, i) => !queue.includes(url) && urls.indexOf(url) === i),
]

function initialContext(input: RelayPoolInput): Omit<RelayPoolContext, 'sockets'> {
  const unique = input.relays.filter(
    (relay, i) => input.relays.findIndex((other) => other.url === relay.url) === i,
  )
  const entries = unique.slice(0, MAX_CONNECTIONS)
  return {
    entries,
    phase: Object.fromEntries(entries.map((entry) => [entry.url, 'idle' as const])),
    health: {},
    rejected: {},
    idleTicks: {},
    queue: entries.filter((entry) => canRead(entry.permission)).map((entry) => entry.url),
    lastError: unique.length > MAX_CONNECTIONS ? MAX_CONNECTIONS_REACHED : null,
  }
}

const staleUrls = (context: RelayPoolContext): string[] =>
  context.entries
    .map((entry) => entry.url)
    .filter(
      (url) =>
        context.phase[url] === 'connected' && (context.idleTicks[url] ?? 0) > STALE_AFTER_TICKS,
    )

export const relayPoolMachine = setup({
  types: {
    context: {} as RelayPoolContext,
    input: {} as RelayPoolInput,
    events: {} as RelayPoolEvent,
    emitted: {} as RelayPoolEmitted,
  },
  actors: { socket: socketMachine },
  delays: {
    staggerDelay: STAGGER_DELAY_MS,
    healthCheckInterval: HEALTH_CHECK_INTERVAL_MS,
    monitorInterval: MONITOR_INTERVAL_MS,
  },
  guards: {
    isKnown: ({ context, event }) => isKnown(context, event),
    isFull: ({ context }) => context.entries.length >= MAX_CONNECTIONS,
    hasQueue: ({ context }) => context.queue.length > 0,
    noReadRelayConnected: ({ context }) =>
      !context.entries.some(
        (entry) => canRead(entry.permission) && context.phase[entry.url] === 'connected',
      ),
    wasIdle: ({ context, event }) => (context.idleTicks[eventUrl(event) ?? ''] ?? 0) > 0,
    phaseChanged: ({ context, event }) =>
      'snapshot' in event &&
      isKnown(context, event) &&
      context.phase[event.snapshot.context.url] !== phaseOf(event.snapshot.value),
  },
  actions: {
    addRelay: assign(({ context, event, spawn }) => {
      if (event.type !== 'pool.add') return {}
      const { url, permission } = event
      const socket = spawn('socket', { id: socketId(url), input: { url }, syncSnapshot: true })
      return {
        entries: [...context.entries, { url, permission }],
        sockets: [...context.sockets, socket],
        phase: { ...context.phase, [url]: 'idle' as const },
        queue: canRead(permission) ? enqueue(context.queue, [url]) : context.queue,
      }
    }),
    removeRelay: enqueueActions(({ context, event, enqueue: run }) => {
      const url = eventUrl(event)
      const socket = context.sockets.find((s) => s.id === socketId(url ?? ''))
      if (!url || !socket) return
      run.sendTo(socket, { type: 'relay.remove' })
      run.stopChild(socket)
      run.assign({
        entries: context.entries.filter((entry) => entry.url !== url),
        sockets: context.sockets.filter((s) => s !== socket),
        phase: without(context.phase, url),
        health: without(context.health, url),
        idleTicks: without(context.idleTicks, url),
        queue: context.queue.filter((queued) => queued !== url),
      })
    }),
    setPermission: enqueueActions(({ context, event, enqueue: run }) => {
      if (event.type !== 'pool.setPermission') return
      const { url, permission } = event
      run.assign({
        entries: context.entries.map((entry) => (entry.url === url ? { url, permission } : entry)),
      })
      // Becoming (or staying) read-capable connects the relay; otherwise it disconnects.
      if (canRead(permission)) {
        if (context.phase[url] !== 'connected') {
          run.assign({ queue: enqueue(context.queue, [url]) })
        }
        return
      }
      const socket = context.sockets.find((s) => s.id === socketId(url))
      if (socket) run.sendTo(socket, { type: 'relay.disconnect' })
      run.assign({ queue: context.queue.filter((queued) => queued !== url) })
    }),
    queueOne: assign({
      queue: ({ context, event }) => enqueue(context.queue, [eventUrl(event) ?? '']),
    }),
    queueReadRelays: assign({
      queue: ({ context }) =>
        enqueue(
          context.queue,
          context.entries
            .filter((e) => canRead(e.permission) && context.phase[e.url] !== 'connected')
            .map((e) => e.url),
        ),
    }),
    connectNext: enqueueActions(({ context, enqueue: run }) => {
      const [url, ...rest] = context.queue
      run.assign({ queue: rest })
      const socket = context.sockets.find((s) => s.id === socketId(url ?? ''))
      if (socket) run.sendTo(socket, { type: 'relay.connect' })
    }),
    /** Every socket closed, counters and errors cleared, read relays connected again. */
    resetAll: enqueueActions(({ context, enqueue: run }) => {
      for (const socket of context.sockets) run.sendTo(socket, { type: 'relay.disconnect' })
      run.assign({
        lastError: null,
        idleTicks: {},
        queue: context.entries.filter((e) => canRead(e.permission)).map((e) => e.url),
      })
    }),
    /** No read relay connected: errors cleared, every read relay not connected starts afresh. */
    resetConnections: enqueueActions(({ context, enqueue: run }) => {
      const down = context.entries.filter(
        (e) => canRead(e.permission) && context.phase[e.url] !== 'connected',
      )
      for (const { url } of down) {
        const socket = context.sockets.find((s) => s.id === socketId(url))
        if (socket && context.phase[url] === 'connecting') {
          run.sendTo(socket, { type: 'relay.disconnect' })
        }
      }
      run.assign({
        lastError: null,
        queue: enqueue(
          context.queue,
          down.map((e) => e.url),
        ),
      })
    }),
    /** A relay that gave up (or was never connected) is retried by the health check. */
    retryDisconnected: assign({
      queue: ({ context }) =>
        enqueue(
          context.queue,
          context.entries
            .filter((e) => canRead(e.permission))
            .map((e) => e.url)
            .filter(
              (url) => context.phase[url] === 'disconnected' || context.phase[url] === 'idle',
            ),
        ),
    }),
    ageConnections: assign({
      idleTicks: ({ context }) =>
        Object.fromEntries(
          context.entries
            .filter((e) => context.phase[e.url] === 'connected')
            .map((e) => [e.url, (context.idleTicks[e.url] ?? 0) + 1]),
        ),
    }),
    /** Stale connections closed; read relays among them connected again. */
    cleanStale: enqueueActions(({ context, enqueue: run }) => {
      const stale = staleUrls(context)
      if (stale.length === 0) return
      for (const url of stale) {
        const socket = context.sockets.find((s) => s.id === socketId(url))
        if (socket) run.sendTo(socket, { type: 'relay.disconnect' })
      }
      run.assign({
        idleTicks: stale.reduce(without, context.idleTicks),
        queue: enqueue(
          context.queue,
          stale.filter((url) => isReadable(context, url)),
        ),
      })
    }),
    markActive: assign({
      idleTicks: ({ context, event }) => without(context.idleTicks, eventUrl(event) ?? ''),
    }),
    trackSocket: enqueueActions(({ context, event, enqueue: run }) => {
      if (!('snapshot' in event)) return
      const { url, lastError } = event.snapshot.context
      const next = phaseOf(event.snapshot.value)
      run.assign({
        phase: { ...context.phase, [url]: next },
        idleTicks: next === 'connected' ? without(context.idleTicks, url) : context.idleTicks,
      })
      const gaveUp = lastError === maxAttemptsError(url) || lastError === reconnectFailedError(url)
      if (next === 'disconnected' && context.phase[url] === 'connecting' && gaveUp) {
        run.emit({ type: 'pool.relayUnreachable', url })
      }
    }),
    recordSuccess: assign({
      health: ({ context, event }) => {
        if (event.type !== 'pool.requestSucceeded') return context.health
        const current = context.health[event.url] ?? newHealth(event.url)
        return {
          ...context.health,
          [event.url]: recordSuccess(current, event.responseMs, event.at),
        }
      },
      idleTicks: ({ context, event }) => without(context.idleTicks, eventUrl(event) ?? ''),
    }),
    recordFailure: assign({
      health: ({ context, event }) => {
        if (event.type !== 'pool.requestFailed') return context.health
        const current = context.health[event.url] ?? newHealth(event.url)
        return { ...context.health, [event.url]: recordFailure(current, event.at) }
      },
    }),
    countRejected: assign({
      rejected: ({ context, event }) => {
        if (event.type !== 'pool.eventRejected') return context.rejected
        return { ...context.rejected, [event.url]: (context.rejected[event.url] ?? 0) + 1 }
      },
    }),
    removeAll: enqueueActions(({ context, enqueue: run }) => {
      for (const socket of context.sockets) {
        run.sendTo(socket, { type: 'relay.remove' })
        run.stopChild(socket)
      }
      run.assign({ entries: [], sockets: [], phase: {}, idleTicks: {}, queue: [] })
    }),
    refuseFull: enqueueActions(({ enqueue: run }) => {
      run.assign({ lastError: MAX_CONNECTIONS_REACHED })
      run.emit({ type: 'pool.error', message: MAX_CONNECTIONS_REACHED })
    }),
    refuseDestroyed: enqueueActions(({ enqueue: run }) => {
      run.assign({ lastError: POOL_DESTROYED })
      run.emit({ type: 'pool.error', message: POOL_DESTROYED })
    }),
  },
}).createMachine({
  id: 'relayPool',
  context: ({ input, spawn }) => {
    const context = initialContext(input)
    return {
      ...context,
      sockets: context.entries.map(({ url }) =>
        spawn('socket', { id: socketId(url), input: { url }, syncSnapshot: true }),
      ),
    }
  },
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      on: {
        'pool.add': [
          { guard: 'isKnown' },
          { guard: 'isFull', actions: 'refuseFull' },
          { actions: 'addRelay' },
        ],
        'pool.remove': { guard: 'isKnown', actions: 'removeRelay' },
        'pool.setPermission': { guard: 'isKnown', actions: 'setPermission' },
        'pool.connect': { guard: 'isKnown', actions: 'queueOne' },
        'pool.connectAll': { actions: 'queueReadRelays' },
        'pool.reset': { actions: 'resetAll' },
        'pool.forceClean': { actions: 'cleanStale' },
        'pool.destroy': { target: 'destroyed', actions: 'removeAll' },
        'pool.requestSucceeded': { guard: 'isKnown', actions: 'recordSuccess' },
        'pool.requestFailed': { guard: 'isKnown', actions: 'recordFailure' },
        'pool.activity': { guard: 'wasIdle', actions: 'markActive' },
        'pool.eventRejected': { actions: 'countRejected' },
        'xstate.snapshot.*': { guard: 'phaseChanged', actions: 'trackSocket' },
      },
      states: {
        connector: {
          initial: 'ready',
          states: {
            ready: { always: { guard: 'hasQueue', target: 'pacing', actions: 'connectNext' } },
            pacing: {
              after: {
                staggerDelay: [
                  { guard: 'hasQueue', target: 'pacing', reenter: true, actions: 'connectNext' },
                  { target: 'ready' },
                ],
              },
            },
          },
        },
        healthCheck: {
          initial: 'waiting',
          states: {
            waiting: {
              after: {
                healthCheckInterval: [
                  {
                    guard: 'noReadRelayConnected',
                    target: 'waiting',
                    reenter: true,
                    actions: 'resetConnections',
                  },
                  { target: 'waiting', reenter: true, actions: 'retryDisconnected' },
                ],
              },
            },
          },
        },
        monitor: {
          initial: 'waiting',
          states: {
            waiting: {
              after: {
                monitorInterval: {
                  target: 'waiting',
                  reenter: true,
                  actions: ['ageConnections', 'cleanStale'],
                },
              },
            },
          },
        },
      },
    },
    destroyed: {
      on: { 'pool.*': { actions: 'refuseDestroyed' } },
    },
  },
})

export type RelayPoolMachine = typeof relayPoolMachine
export type RelayPoolActorRef = ActorRefFrom<RelayPoolMachine>

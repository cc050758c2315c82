/**
 * The relay pool: the set of relays (url + permission), one socket machine per relay (the one
 * owner of that relay's WebSocket), their health records and the pool-wide timers.
 *
 * - Every relay in the pool has its socket actor (id `socket:<url>`), spawned idle. Read-capable
 *   relays (read, readwrite) are connected by the pool; write and indexer relays stay idle until
 *   someone needs them (`pool.connect`: publishing, an indexer query). The cap of 20 counts
 *   sockets, i.e. relays in the pool, so no more than 20 WebSockets can ever be open.
 * - A removed relay's socket is told to go and kept in `closing` until it is done (its close
 *   completed, socket.machine.ts): the app's socket budget counts it until then.
 * - Every connect goes through one queue, drained 100 ms apart (`staggerDelay`).
 * - The pool follows each socket through its snapshots (`syncSnapshot`): `phase` mirrors whether
 *   it is idle, connecting, connected or disconnected. When one connects, the read relays waiting to
 *   reconnect are queued to connect now: the network is back. A socket that gives up is announced with
 *   `pool.relayUnreachable`: the pool has no clock, the app answers with `pool.requestFailed`.
 * - Staleness is counted in monitor ticks: a connected relay idle for more than
 *   STALE_AFTER_MS / MONITOR_INTERVAL_MS ticks (more than 5 min) is disconnected and reconnected.
 *   Activity: connecting, `pool.requestSucceeded`, and `pool.activity` (any frame received).
 * - `destroyed` is terminal, not final: the actor stays alive to refuse every `pool.*` event.
 *
 * The context, events and pure functions over them live in relay-pool.context.ts.
 */
import { type ActorRefFrom, assign, enqueueActions, setup } from 'xstate'
import { POOL_DESTROYED } from '../core/relays/relay-messages.ts'
import { canRead } from '../core/relays/relay-permission.ts'
import {
  agedIdleTicks,
  anyReadRelayConnected,
  closedSocket,
  dequeue,
  enqueue,
  eventUrl,
  gaveUp,
  initialContext,
  isFull,
  isKnown,
  isReadable,
  MAX_CONNECTIONS_REACHED,
  MONITOR_INTERVAL_MS,
  phaseOf,
  type RelayPoolContext,
  type RelayPoolEmitted,
  type RelayPoolEvent,
  type RelayPoolInput,
  readUrls,
  socketId,
  socketOf,
  staleUrls,
  withFailure,
  without,
  withoutRelay,
  withRejection,
  withSuccess,
} from './relay-pool.context.ts'
import { socketMachine } from './socket.machine.ts'

export {
  MAX_CONNECTIONS,
  MAX_CONNECTIONS_REACHED,
  MONITOR_INTERVAL_MS,
  type PoolEntry,
  phaseOf,
  type RelayPoolContext,
  type RelayPoolEmitted,
  type RelayPoolEvent,
  type RelayPoolInput,
  readSockets,
  type SocketPhase,
  type SocketSnapshotEvent,
  type SocketView,
  STALE_AFTER_MS,
  STALE_AFTER_TICKS,
  socketId,
} from './relay-pool.context.ts'

// Spec constants (relay pool): the machine's named delays.
export const STAGGER_DELAY_MS = 100
export const HEALTH_CHECK_INTERVAL_MS = 30_000

export { POOL_DESTROYED }

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
    isKnown: ({ context, event }) => isKnown(context, eventUrl(event)),
    isFull: ({ context }) => isFull(context),
    hasQueue: ({ context }) => context.queue.length > 0,
    noReadRelayConnected: ({ context }) => !anyReadRelayConnected(context),
    isClosed: ({ context, event }) => closedSocket(context, event) !== undefined,
    wasIdle: ({ context, event }) => (context.idleTicks[eventUrl(event) ?? ''] ?? 0) > 0,
    phaseChanged: ({ context, event }) =>
      'snapshot' in event &&
      isKnown(context, eventUrl(event)) &&
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
    /** The socket is told to go and counted as closing until it is done (`dropClosed`). */
    removeRelay: enqueueActions(({ context, event, enqueue: run }) => {
      const url = eventUrl(event)
      const socket = socketOf(context, url ?? '')
      if (!url || !socket) return
      run.sendTo(socket, { type: 'relay.remove' })
      run.assign(withoutRelay(context, url, socket))
    }),
    dropClosed: enqueueActions(({ context, event, enqueue: run }) => {
      const socket = closedSocket(context, event)
      if (!socket) return
      run.stopChild(socket)
      run.assign({ closing: context.closing.filter((s) => s !== socket) })
    }),
    /**
     * A relay added again while its old socket closes: the old one is stopped now, since the new
     * socket takes its id (the browser may still hold its WebSocket for the handshake's end).
     */
    dropClosingTwin: enqueueActions(({ context, event, enqueue: run }) => {
      const id = socketId(eventUrl(event) ?? '')
      const twin = context.closing.find((socket) => socket.id === id)
      if (!twin) return
      run.stopChild(twin)
      run.assign({ closing: context.closing.filter((s) => s !== twin) })
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
      const socket = socketOf(context, url)
      if (socket) run.sendTo(socket, { type: 'relay.disconnect' })
      run.assign({ queue: dequeue(context.queue, url) })
    }),
    queueOne: assign({
      queue: ({ context, event }) => enqueue(context.queue, [eventUrl(event) ?? '']),
    }),
    queueReadRelays: assign({
      queue: ({ context }) =>
        enqueue(
          context.queue,
          readUrls(context, (phase) => phase !== 'connected'),
        ),
    }),
    connectNext: enqueueActions(({ context, enqueue: run }) => {
      const [url, ...rest] = context.queue
      run.assign({ queue: rest })
      const socket = socketOf(context, url ?? '')
      if (socket) run.sendTo(socket, { type: 'relay.connect' })
    }),
    /** Every socket closed, counters and errors cleared, read relays connected again. */
    resetAll: enqueueActions(({ context, enqueue: run }) => {
      for (const socket of context.sockets) run.sendTo(socket, { type: 'relay.disconnect' })
      run.assign({ lastError: null, idleTicks: {}, queue: readUrls(context) })
    }),
    /** No read relay connected: errors cleared, every read relay not connected starts afresh. */
    resetConnections: enqueueActions(({ context, enqueue: run }) => {
      const down = readUrls(context, (phase) => phase !== 'connected')
      for (const url of down) {
        const socket = socketOf(context, url)
        if (socket && context.phase[url] === 'connecting') {
          run.sendTo(socket, { type: 'relay.disconnect' })
        }
      }
      run.assign({ lastError: null, queue: enqueue(context.queue, down) })
    }),
    /** A relay that gave up (or was never connected) is retried by the health check. */
    retryDisconnected: assign({
      queue: ({ context }) =>
        enqueue(
          context.queue,
          readUrls(context, (phase) => phase === 'disconnected' || phase === 'idle'),
        ),
    }),
    ageConnections: assign({ idleTicks: ({ context }) => agedIdleTicks(context) }),
    /** Stale connections closed; read relays among them connected again. */
    cleanStale: enqueueActions(({ context, enqueue: run }) => {
      const stale = staleUrls(context)
      if (stale.length === 0) return
      for (const url of stale) {
        const socket = socketOf(context, url)
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
      const { url } = event.snapshot.context
      const next = phaseOf(event.snapshot.value)
      run.assign({
        phase: { ...context.phase, [url]: next },
        idleTicks: next === 'connected' ? without(context.idleTicks, url) : context.idleTicks,
      })
      if (
        next === 'disconnected' &&
        context.phase[url] === 'connecting' &&
        gaveUp(event.snapshot.context)
      ) {
        run.emit({ type: 'pool.relayUnreachable', url })
      }
      // A relay connected: the network reaches relays, so the read relays waiting to reconnect
      // (up to 15 s) try now rather than stay dark (a socket takes this only in its reconnect
      // backoff). Those that gave up are left to the health check and the browser's `online`:
      // retried on every connect, a dead relay would pile up failures.
      if (next === 'connected' && context.phase[url] !== 'connected') {
        const retrying = readUrls(context, (phase) => phase === 'connecting')
        run.assign({
          queue: enqueue(
            context.queue,
            retrying.filter((other) => other !== url),
          ),
        })
      }
    }),
    recordSuccess: assign({
      health: ({ context, event }) =>
        event.type === 'pool.requestSucceeded'
          ? withSuccess(context.health, event.url, event.responseMs, event.at)
          : context.health,
      idleTicks: ({ context, event }) => without(context.idleTicks, eventUrl(event) ?? ''),
    }),
    recordFailure: assign({
      health: ({ context, event }) =>
        event.type === 'pool.requestFailed'
          ? withFailure(context.health, event.url, event.at)
          : context.health,
    }),
    countRejected: assign({
      rejected: ({ context, event }) =>
        event.type === 'pool.eventRejected'
          ? withRejection(context.rejected, event.url, event.count)
          : context.rejected,
    }),
    removeAll: enqueueActions(({ context, enqueue: run }) => {
      for (const socket of context.sockets) run.sendTo(socket, { type: 'relay.remove' })
      run.assign({
        entries: [],
        sockets: [],
        closing: [...context.closing, ...context.sockets],
        phase: {},
        idleTicks: {},
        queue: [],
      })
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
      closing: [],
      sockets: context.entries.map(({ url }) =>
        spawn('socket', { id: socketId(url), input: { url }, syncSnapshot: true }),
      ),
    }
  },
  // In every state, destroyed too: a removed relay's socket is done once its close completed.
  on: { 'xstate.done.actor.*': { guard: 'isClosed', actions: 'dropClosed' } },
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      on: {
        'pool.add': [
          { guard: 'isKnown' },
          { guard: 'isFull', actions: 'refuseFull' },
          { actions: ['dropClosingTwin', 'addRelay'] },
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
        'pool.eventRejected': { guard: 'isKnown', actions: 'countRejected' },
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

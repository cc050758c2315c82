/**
 * The relay pool's context, its events and the pure functions over them: the relays in the pool
 * (url + permission) and which of them are read, each socket's phase, the connect queue, idle ticks
 * and staleness, health records and rejected-event counts. The machine (relay-pool.machine.ts)
 * says when; these say what.
 */
import {
  newHealth,
  type RelayHealth,
  recordFailure,
  recordSuccess,
} from '../core/relays/relay-health.ts'
import { MAX_CONNECTIONS, maxConnectionsReached } from '../core/relays/relay-messages.ts'
import { canRead, type RelayPermission } from '../core/relays/relay-permission.ts'
import {
  maxAttemptsError,
  reconnectFailedError,
  type SocketActorRef,
  type SocketContext,
  type SocketSnapshot,
} from './socket.machine.ts'

export { MAX_CONNECTIONS }

// Spec constants (relay pool).
export const MONITOR_INTERVAL_MS = 60_000
export const STALE_AFTER_MS = 300_000
/** Idle monitor ticks after which a connection is stale: more than this many means > 5 min. */
export const STALE_AFTER_TICKS = STALE_AFTER_MS / MONITOR_INTERVAL_MS

// Error text (spec §8), shared with the tests.
export const MAX_CONNECTIONS_REACHED = maxConnectionsReached()

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
  /**
   * Sockets of removed relays, still closing: their WebSocket lives until the close handshake
   * completes, so the socket budget counts them (socket.machine.ts `closing`). Each is stopped
   * when it is done.
   */
  closing: SocketActorRef[]
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

export const socketId = (url: string): string => `socket:${url}`

/** A closing socket is on its way out: no longer connected nor connecting (budgets count it apart). */
export function phaseOf(value: SocketView['value']): SocketPhase {
  if (value === 'idle' || value === 'connected') return value
  if (value === 'disconnected' || value === 'closing' || value === 'removed') return 'disconnected'
  return 'connecting'
}

/** The socket stopped trying: too many attempts, or its reconnects failed. */
export const gaveUp = ({ url, lastError }: SocketView['context']): boolean =>
  lastError === maxAttemptsError(url) || lastError === reconnectFailedError(url)

export const isKnown = (context: RelayPoolContext, url: string | undefined): boolean =>
  context.entries.some((entry) => entry.url === url)

export const isFull = (context: RelayPoolContext): boolean =>
  context.entries.length >= MAX_CONNECTIONS

export const isReadable = (context: RelayPoolContext, url: string): boolean =>
  context.entries.some((entry) => entry.url === url && canRead(entry.permission))

export const anyReadRelayConnected = (context: RelayPoolContext): boolean =>
  context.entries.some(
    (entry) => canRead(entry.permission) && context.phase[entry.url] === 'connected',
  )

/** The read-capable relays in pool order, those whose phase passes `keep` (all, without it). */
export const readUrls = (
  context: Pick<RelayPoolContext, 'entries' | 'phase'>,
  keep: (phase: SocketPhase | undefined) => boolean = () => true,
): string[] =>
  context.entries
    .filter((entry) => canRead(entry.permission) && keep(context.phase[entry.url]))
    .map((entry) => entry.url)

/** Sockets of the read-capable relays, in pool order: what the feed reads from. */
export const readSockets = (context: RelayPoolContext): SocketActorRef[] =>
  context.sockets.filter((socket) =>
    context.entries.some((entry) => socketId(entry.url) === socket.id && canRead(entry.permission)),
  )

export const socketOf = (context: RelayPoolContext, url: string): SocketActorRef | undefined =>
  context.sockets.find((socket) => socket.id === socketId(url))

export const without = <T>(record: Record<string, T>, url: string): Record<string, T> => {
  const { [url]: _gone, ...rest } = record
  return rest
}

/** `queue` plus the given relays not yet in it. */
export const enqueue = (queue: string[], urls: string[]): string[] => [
  ...queue,
  ...urls.filter((url, i) => !queue.includes(url) && urls.indexOf(url) === i),
]

export const dequeue = (queue: string[], url: string): string[] =>
  queue.filter((queued) => queued !== url)

/** The pool without this relay; its socket closing, its rejected-event count kept. */
export const withoutRelay = (
  context: RelayPoolContext,
  url: string,
  socket: SocketActorRef,
): Partial<RelayPoolContext> => ({
  entries: context.entries.filter((entry) => entry.url !== url),
  sockets: context.sockets.filter((s) => s !== socket),
  closing: [...context.closing, socket],
  phase: without(context.phase, url),
  health: without(context.health, url),
  idleTicks: without(context.idleTicks, url),
  queue: dequeue(context.queue, url),
})

/** The pool as configured: no repeats, at most MAX_CONNECTIONS relays, read relays queued. */
export function initialContext(
  input: RelayPoolInput,
): Omit<RelayPoolContext, 'sockets' | 'closing'> {
  const unique = input.relays.filter(
    (relay, i) => input.relays.findIndex((other) => other.url === relay.url) === i,
  )
  const entries = unique.slice(0, MAX_CONNECTIONS)
  const phase = Object.fromEntries(entries.map((entry) => [entry.url, 'idle' as const]))
  return {
    entries,
    phase,
    health: {},
    rejected: {},
    idleTicks: {},
    queue: readUrls({ entries, phase }),
    lastError: unique.length > MAX_CONNECTIONS ? MAX_CONNECTIONS_REACHED : null,
  }
}

/** One more monitor tick for every connected relay; the others drop out. */
export const agedIdleTicks = (context: RelayPoolContext): Record<string, number> =>
  Object.fromEntries(
    context.entries
      .filter((entry) => context.phase[entry.url] === 'connected')
      .map((entry) => [entry.url, (context.idleTicks[entry.url] ?? 0) + 1]),
  )

/** Connected relays idle for more than STALE_AFTER_TICKS monitor ticks. */
export const staleUrls = (context: RelayPoolContext): string[] =>
  context.entries
    .map((entry) => entry.url)
    .filter(
      (url) =>
        context.phase[url] === 'connected' && (context.idleTicks[url] ?? 0) > STALE_AFTER_TICKS,
    )

export const withSuccess = (
  health: Record<string, RelayHealth>,
  url: string,
  responseMs: number,
  at: number,
): Record<string, RelayHealth> => ({
  ...health,
  [url]: recordSuccess(health[url] ?? newHealth(url), responseMs, at),
})

export const withFailure = (
  health: Record<string, RelayHealth>,
  url: string,
  at: number,
): Record<string, RelayHealth> => ({
  ...health,
  [url]: recordFailure(health[url] ?? newHealth(url), at),
})

export const withRejection = (
  rejected: Record<string, number>,
  url: string,
  count: number,
): Record<string, number> => ({ ...rejected, [url]: (rejected[url] ?? 0) + count })

/** Sent by xstate for every snapshot of a socket (spawned with `syncSnapshot`). */
export interface SocketSnapshotEvent {
  type: `xstate.snapshot.socket:${string}`
  snapshot: SocketView
}

/** Sent by xstate when a socket reaches its final state (`removed`): its close completed. */
export interface SocketDoneEvent {
  type: `xstate.done.actor.socket:${string}`
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
  | { type: 'pool.eventRejected'; url: string; count: number }
  | SocketSnapshotEvent
  | SocketDoneEvent

export type RelayPoolEmitted =
  | { type: 'pool.error'; message: string }
  | { type: 'pool.relayUnreachable'; url: string }

/** The relay an event is about, if any. */
export const eventUrl = (event: RelayPoolEvent): string | undefined =>
  'url' in event ? event.url : 'snapshot' in event ? event.snapshot.context.url : undefined

const DONE_PREFIX = 'xstate.done.actor.'
/** The closing socket a done event is about. */
export const closedSocket = (context: RelayPoolContext, event: RelayPoolEvent) =>
  event.type.startsWith(DONE_PREFIX)
    ? context.closing.find((socket) => socket.id === event.type.slice(DONE_PREFIX.length))
    : undefined

/**
 * The auxiliary relays machine's context, events and the pure helpers its actions share
 * (aux-relays.machine.ts): which socket is whose, the places taken, closing and queued sockets.
 */
import type { AuxLink, AuxRefusal } from '../core/relays/aux-relays.ts'
import type { RelayHealth } from '../core/relays/relay-health.ts'
import type { RelayReason } from '../core/relays/relay-reason.ts'
import type { SocketPhase, SocketView } from './relay-pool.context.ts'
import type { SocketActorRef } from './socket.machine.ts'

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

export const socketOf = (context: AuxRelaysContext, url: string) =>
  context.sockets.find((socket) => urlOfSocketId(socket.id) === url)
export const linkOf = (context: AuxRelaysContext, url: string) =>
  context.links.find((link) => link.url === url)
/** Places taken: the pool's open sockets, every connection (queued ones too), closing sockets. */
export const takenCount = (context: AuxRelaysContext) =>
  context.poolOpen + context.links.length + context.closing.length
/** Sockets that may hold a WebSocket now: a queued connection's socket has none yet. */
export const openCount = (context: AuxRelaysContext) => takenCount(context) - context.queued.length
export const eventUrl = (event: AuxRelaysEvent): string =>
  'url' in event ? event.url : 'snapshot' in event ? event.snapshot.context.url : ''
/** The id of the socket an xstate event (`xstate.snapshot.<id>`, `xstate.done.actor.<id>`) is about. */
export const eventSocketId = (event: AuxRelaysEvent): string =>
  event.type.replace(/^xstate\.(snapshot|done\.actor)\./, '')

/** A socket id for this relay that no socket, open or closing, holds. */
export function freeSocketId(context: AuxRelaysContext, url: string): string {
  const taken = new Set([...context.sockets, ...context.closing].map((socket) => socket.id))
  let copy = 1
  while (taken.has(auxSocketId(url, copy))) copy++
  return auxSocketId(url, copy)
}

/** The context without this connection; its socket, if any, is the caller's to stop or close. */
export function forget(context: AuxRelaysContext, url: string): AuxRelaysContext {
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
export function closeLinks(
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
export const closerOf = (run: {
  sendTo: (socket: SocketActorRef, event: { type: 'relay.remove' }) => void
  stopChild: (socket: SocketActorRef) => void
}): Closer => ({
  remove: (socket) => run.sendTo(socket, { type: 'relay.remove' }),
  stop: (socket) => run.stopChild(socket),
})

/** Queued connections told to connect while places are free. */
export function connectQueued(
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
export const socketParts = ({ links, sockets, closing, queued, phase }: AuxRelaysContext) => ({
  links,
  sockets,
  closing,
  queued,
  phase,
})

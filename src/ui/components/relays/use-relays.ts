/** Selector hooks over the relay pool and its sockets. */

import { useSelector } from '@xstate/react'
import type { RelayHealth } from '../../../core/relays/relay-health.ts'
import type { PoolEntry } from '../../../machines/relay-pool.machine.ts'
import { readSockets } from '../../../machines/relay-pool.machine.ts'
import type { SocketActorRef, SocketSnapshot } from '../../../machines/socket.machine.ts'
import { useSystem } from '../../system-context.tsx'

export type RelayLightState = 'connected' | 'connecting' | 'disconnected'

/** Green when connected, amber while an attempt is under way, red otherwise (waiting included). */
export function relayLightState(snapshot: SocketSnapshot): RelayLightState {
  if (snapshot.matches('connected')) return 'connected'
  if (
    snapshot.matches({ connecting: 'attempt' }) ||
    snapshot.matches({ reconnecting: 'attempt' })
  ) {
    return 'connecting'
  }
  return 'disconnected'
}

const EMPTY: readonly SocketActorRef[] = []
const NONE: Readonly<Record<string, number>> = {}

export function useAppState() {
  const { app } = useSystem()
  return useSelector(
    app,
    (snapshot) => ({ value: snapshot.value, error: snapshot.context.error }),
    (a, b) => a.value === b.value && a.error === b.error,
  )
}

function useRelayPool() {
  const { app } = useSystem()
  return useSelector(app, (snapshot) => snapshot.children.relays)
}

const sameSockets = (a: readonly SocketActorRef[], b: readonly SocketActorRef[]) =>
  a.length === b.length && a.every((socket, i) => socket === b[i])

/** Sockets of the read relays (the feed's, and the lights'). */
export function useRelaySockets(): readonly SocketActorRef[] {
  return useSelector(
    useRelayPool(),
    (snapshot) => (snapshot ? readSockets(snapshot.context) : EMPTY),
    sameSockets,
  )
}

/** Events dropped per relay because their id or signature did not hold. */
export function useRejectedCounts(): Readonly<Record<string, number>> {
  return useSelector(useRelayPool(), (snapshot) => snapshot?.context.rejected ?? NONE)
}

export function useRelayLight(socket: SocketActorRef) {
  return useSelector(
    socket,
    (snapshot) => ({
      url: snapshot.context.url,
      state: relayLightState(snapshot),
      lastError: snapshot.context.lastError,
    }),
    (a, b) => a.url === b.url && a.state === b.state && a.lastError === b.lastError,
  )
}

/** The pool actor, to send it the user's changes (pool.add, pool.remove, pool.setPermission). */
export const usePool = useRelayPool

const NO_ENTRIES: readonly PoolEntry[] = []

/** The configured relays with their permissions, in order. */
export function useRelayEntries(): readonly PoolEntry[] {
  return useSelector(useRelayPool(), (snapshot) => snapshot?.context.entries ?? NO_ENTRIES)
}

const NO_HEALTH: Readonly<Record<string, RelayHealth>> = {}

/** Health records by relay URL (spec §3). */
export function useRelayHealth(): Readonly<Record<string, RelayHealth>> {
  return useSelector(useRelayPool(), (snapshot) => snapshot?.context.health ?? NO_HEALTH)
}

/** Every socket of the pool, read relays or not (Relay Management shows them all). */
export function useAllSockets(): readonly SocketActorRef[] {
  return useSelector(useRelayPool(), (snapshot) => snapshot?.context.sockets ?? EMPTY, sameSockets)
}

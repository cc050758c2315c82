/** Selector hooks over the relay pool and its sockets. */
import { useSelector } from '@xstate/react'
import type { SocketActorRef, SocketSnapshot } from '../../machines/socket.machine.ts'
import { useSystem } from '../system-context.tsx'

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

export function useRelaySockets(): readonly SocketActorRef[] {
  return useSelector(useRelayPool(), (snapshot) => snapshot?.context.sockets ?? EMPTY)
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

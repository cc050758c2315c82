/** Selector hooks over the auxiliary relays (a LazyActor of the system): short-lived connections. */
import { useSelector } from '@xstate/react'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import {
  type AuxConnectionsView,
  auxConnectionsView,
} from '../../../core/relays/aux-connections.ts'
import { useSystem } from '../../system-context.tsx'

/** The short-lived connections as the modal shows them, or null before they run. */
export function useAuxConnections(): AuxConnectionsView | null {
  const { auxRelays } = useSystem()
  const aux = useSyncExternalStore(auxRelays.subscribe, auxRelays.actor)
  const context = useSelector(aux, (snapshot) => snapshot?.context ?? null)
  return useMemo(() => (context ? auxConnectionsView(context) : null), [context])
}

/** Lets a relay that asked for NIP-42 AUTH be answered (`aux.allowAuth`). */
export function useAllowAuth(): (url: string) => void {
  const { auxRelays } = useSystem()
  const aux = useSyncExternalStore(auxRelays.subscribe, auxRelays.actor)
  return useCallback((url) => aux?.send({ type: 'aux.allowAuth', url }), [aux])
}

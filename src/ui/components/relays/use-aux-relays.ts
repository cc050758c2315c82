/** Selector hooks over the auxiliary relays (a LazyActor of the system): short-lived connections. */
import { useSelector } from '@xstate/react'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import {
  type AuxConnectionsView,
  auxConnectionsView,
} from '../../../core/relays/aux-connections.ts'
import { useSystem } from '../../system-context.tsx'

/** The auxiliary relays' actor, once its code has loaded. */
function useAuxRelays() {
  const { auxRelays } = useSystem()
  return useSyncExternalStore(auxRelays.subscribe, auxRelays.actor)
}

/** The short-lived connections as the modal shows them, or null before they run. */
export function useAuxConnections(): AuxConnectionsView | null {
  const aux = useAuxRelays()
  const context = useSelector(aux, (snapshot) => snapshot?.context ?? null)
  return useMemo(() => (context ? auxConnectionsView(context) : null), [context])
}

/** Lets a relay that asked for NIP-42 AUTH be answered (`aux.allowAuth`). */
export function useAllowAuth(): (url: string) => void {
  const aux = useAuxRelays()
  return useCallback((url) => aux?.send({ type: 'aux.allowAuth', url }), [aux])
}

/** Selector hooks over the dynamic relay manager (started once the first screen is drawn). */
import { useSelector } from '@xstate/react'
import { useMemo, useSyncExternalStore } from 'react'
import {
  type ManagerStats,
  managerStats,
  type RelayFigures,
  relayFigures,
} from '../../../machines/relay-manager-stats.ts'
import { useSystem } from '../../system-context.tsx'
import { useRejectedCounts, useRelayHealth } from './use-relays.ts'

/** The manager's statistics, or null before it runs (configuration or first screen to come). */
export function useRelayManagerStats(): ManagerStats | null {
  const { relayManager } = useSystem()
  const manager = useSyncExternalStore(relayManager.subscribe, relayManager.actor)
  const context = useSelector(manager, (snapshot) => snapshot?.context ?? null)
  return useMemo(() => (context ? managerStats(context) : null), [context])
}

/** One relay's live figures from the pool's health record, with the manager's verdict. */
export function useRelayFigures(url: string): RelayFigures {
  const health = useRelayHealth()[url]
  const rejected = useRejectedCounts()[url] ?? 0
  return useMemo(() => relayFigures(url, health, rejected), [url, health, rejected])
}

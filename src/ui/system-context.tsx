import { createContext, type ReactNode, useContext } from 'react'
import type { PlumeSystem } from '../actors/system/plume-system.ts'

const SystemContext = createContext<PlumeSystem | null>(null)

export function SystemProvider({ system, children }: { system: PlumeSystem; children: ReactNode }) {
  return <SystemContext.Provider value={system}>{children}</SystemContext.Provider>
}

export function useSystem(): PlumeSystem {
  const system = useContext(SystemContext)
  if (!system) throw new Error('useSystem needs a SystemProvider')
  return system
}

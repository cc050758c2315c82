/**
 * The memory manager's figures, read again every few seconds while a screen shows them, and at
 * once when the query cache loses data (a clear action, a cleanup), so a clear shows its effect.
 */
import type { QueryCacheNotifyEvent } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { MemoryManager } from '../../../actors/app/memory-manager.ts'
import { useSystem } from '../../system-context.tsx'

const REFRESH_MS = 5000

/** A query removed, or reset to no data (resetQueries). */
const dropsData = (event: QueryCacheNotifyEvent): boolean =>
  event.type === 'removed' || (event.type === 'updated' && event.action.type === 'setState')

export function useMemory<T>(read: (manager: MemoryManager) => T): T | null {
  const system = useSystem()
  const [value, setValue] = useState<T | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `read` is a selector; the first one does
  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let manager: MemoryManager | null = null
    let pending = false
    const refresh = async () => {
      manager = await system.memory()
      if (stopped) return
      setValue(read(manager))
      timer = setTimeout(refresh, REFRESH_MS)
    }
    // A clear removes many queries in one go: one reading after them all.
    const unsubscribe = system.queryClient.getQueryCache().subscribe((event) => {
      if (!manager || pending || !dropsData(event)) return
      pending = true
      queueMicrotask(() => {
        pending = false
        if (!stopped && manager) setValue(read(manager))
      })
    })
    void refresh()
    return () => {
      stopped = true
      clearTimeout(timer)
      unsubscribe()
    }
  }, [system])
  return value
}

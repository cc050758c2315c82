/** The memory manager's figures, read again every few seconds while a screen shows them. */
import { useEffect, useState } from 'react'
import type { MemoryManager } from '../../actors/memory-manager.ts'
import { useSystem } from '../system-context.tsx'

const REFRESH_MS = 5000

export function useMemory<T>(read: (manager: MemoryManager) => T): T | null {
  const system = useSystem()
  const [value, setValue] = useState<T | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `read` is a selector; the first one does
  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const refresh = async () => {
      const manager = await system.memory()
      if (stopped) return
      setValue(read(manager))
      timer = setTimeout(refresh, REFRESH_MS)
    }
    void refresh()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [system])
  return value
}

/** Holds queries back while the persisted cache is restored (spec §4), so none races it. */
import { IsRestoringProvider } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { isRestoring } from '../../../machines/cache-restore.machine.ts'
import { useSystem } from '../../system-context.tsx'

export function CacheGate({ children }: { children: ReactNode }) {
  const { cache } = useSystem()
  const restoring = useSelector(cache, isRestoring)
  return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
}

/** Whether the browser may clear the app's storage, read again each time a screen shows it. */
import { useEffect, useSyncExternalStore } from 'react'
import type { StoragePersistenceState } from '../../../core/app/storage-persistence.ts'
import { useSystem } from '../../system-context.tsx'

export function useStoragePersistence(): StoragePersistenceState {
  const { storage } = useSystem()
  useEffect(() => {
    void storage.refresh()
  }, [storage])
  return useSyncExternalStore(storage.subscribe, storage.getSnapshot)
}

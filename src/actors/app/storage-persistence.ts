/**
 * Storage persistence (core/app/storage-persistence.ts): reads `navigator.storage.persisted()`
 * for Settings and asks `persist()` once per session, when the composition root says the app
 * holds something to lose (a key saved, ecash held). Views read the snapshot and subscribe.
 */
import {
  fromPersisted,
  type StoragePersistenceState,
  shouldAskPersistence,
} from '../../core/app/storage-persistence.ts'

/** The part of StorageManager this uses. */
export interface PersistenceApi {
  persist?: () => Promise<boolean>
  persisted?: () => Promise<boolean>
}

export interface StoragePersistence {
  getSnapshot(): StoragePersistenceState
  subscribe(listener: () => void): () => void
  /** Reads persisted() again (Settings shown). */
  refresh(): Promise<void>
  /** The app now holds a key or ecash: asks persist() unless asked this session already. */
  holdsSecrets(): Promise<void>
}

export function createStoragePersistence(
  api: PersistenceApi | undefined = globalThis.navigator?.storage as PersistenceApi | undefined,
): StoragePersistence {
  let state: StoragePersistenceState = api?.persisted ? 'unknown' : 'unsupported'
  let asked = false
  const listeners = new Set<() => void>()
  const set = (next: StoragePersistenceState) => {
    if (next === state) return
    state = next
    for (const listener of listeners) listener()
  }
  const refresh = async () => {
    if (!api?.persisted) return
    try {
      set(fromPersisted(await api.persisted()))
    } catch {
      set('unsupported')
    }
  }
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    refresh,
    async holdsSecrets() {
      if (asked || !api?.persist) return
      asked = true // at once: two callers in the same tick ask once
      if (state === 'unknown') await refresh()
      if (!shouldAskPersistence({ asked: false, state, holdsSecrets: true })) return
      try {
        set(fromPersisted(await api.persist()))
      } catch {
        // A browser refusing to answer: the state stays as last read.
      }
    },
  }
}

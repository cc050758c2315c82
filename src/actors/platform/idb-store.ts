/**
 * One IndexedDB object store as a key-value map, for the persisted query cache. It is read before
 * the first note is painted, and localforage would add some 8 KB (gzip) to that path; the
 * keystore, loaded only when a key is used, keeps localforage. Values are stored as structured
 * clones, as localforage stores them, so records written by either read back alike.
 */
export interface KeyValueStore {
  /** The value, or null when there is none. */
  get(key: string): Promise<unknown>
  set(key: string, value: unknown): Promise<void>
  remove(key: string): Promise<void>
}

export function idbStore(databaseName: string, storeName: string): KeyValueStore {
  let opening: Promise<IDBDatabase> | undefined
  const open = () => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      // No version: a new database is created at 1 with the store; an existing one opens as is.
      const request = indexedDB.open(databaseName)
      request.onupgradeneeded = () => request.result.createObjectStore(storeName)
      request.onsuccess = () => {
        const database = request.result
        // Another page (or Clear Everything) is deleting or upgrading it: let go, so that is not
        // blocked; the next call opens it again.
        database.onversionchange = () => {
          database.close()
          opening = undefined
        }
        resolve(database)
      }
      request.onerror = () => reject(request.error)
    }).catch((error: unknown) => {
      opening = undefined // the next call tries again
      throw error
    })
    return opening
  }
  const run = async <T>(
    mode: IDBTransactionMode,
    use: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> => {
    const database = await open()
    return new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(storeName, mode)
      const request = use(transaction.objectStore(storeName))
      // Commits now rather than when the task ends: a save made as the page is hidden must land
      // before the document goes (IndexedDB 3.0, IDBTransaction commit()).
      if (mode === 'readwrite') transaction.commit?.()
      transaction.oncomplete = () => resolve(request.result)
      transaction.onerror = () => reject(transaction.error ?? request.error)
      transaction.onabort = () => reject(transaction.error ?? request.error)
    })
  }
  return {
    get: async (key) => (await run('readonly', (store) => store.get(key))) ?? null,
    set: async (key, value) => {
      await run('readwrite', (store) => store.put(value, key))
    },
    remove: async (key) => {
      await run('readwrite', (store) => store.delete(key))
    },
  }
}

/** The same map in memory, for this session only (where nothing is to outlive it). */
export function memoryStore(): KeyValueStore {
  const values = new Map<string, unknown>()
  return {
    get: async (key) => values.get(key) ?? null,
    set: async (key, value) => {
      values.set(key, value)
    },
    remove: async (key) => {
      values.delete(key)
    },
  }
}

/** The persisted query cache record (IndexedDB keyval-store/keyval, rq-cache-v1) in a page. */
import type { Page } from '@playwright/test'
import { CACHE_DATABASE, CACHE_KEY, CACHE_STORE } from '../../src/core/app/persisted-cache.ts'

/** Reads or writes the persisted query cache record in the page's IndexedDB. */
export const record = {
  read: (page: Page) =>
    page.evaluate(
      ([db, store, key]) =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open(db)
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const get = open.result.transaction(store, 'readonly').objectStore(store).get(key)
            get.onsuccess = () => resolve(get.result ?? null)
            get.onerror = () => reject(get.error)
          }
        }),
      [CACHE_DATABASE, CACHE_STORE, CACHE_KEY] as const,
    ),
  write: (page: Page, value: unknown) =>
    page.evaluate(
      ([db, store, key, value]) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open(db)
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const tx = open.result.transaction(store, 'readwrite')
            tx.objectStore(store).put(value, key)
            tx.oncomplete = () => resolve()
            tx.onerror = () => reject(tx.error)
          }
        }),
      [CACHE_DATABASE, CACHE_STORE, CACHE_KEY, value] as const,
    ),
}

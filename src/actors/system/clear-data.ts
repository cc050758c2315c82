/**
 * Clear Everything (spec §4: clear all caches and log out): the query cache, every IndexedDB
 * database of the app, local and session storage and the runtime caches, then a fresh start,
 * logged out, as on a new install. The offline shell (the service worker's precache) is the
 * app's code, not data, and stays. Results go to the console, as §8 says clear actions do.
 */
import type { Query, QueryClient } from '@tanstack/react-query'
import { type CacheGroup, groupOf } from '../../core/app/cache-breakdown.ts'
import { clearRefusal } from '../../core/ecash/wallet-loss.ts'
import { askMints, type MintQuestions, walletAtRisk } from '../ecash/cashu-at-risk.ts'
import { CASHU_DATABASE } from '../ecash/cashu-store.ts'
import { REMOTE_SESSION_DATABASE } from '../identity/remote-session-database.ts'
import { CONTACT_VERSIONS_DATABASE } from '../people/contact-versions.ts'
import { PUBLISH_QUEUE_DATABASE } from '../publish/publish-queue-store.ts'

interface ClearTargets {
  queryClient: QueryClient
  /** Stops the persisted cache saving again while the databases go. */
  stopPersisting(): void
}

/** The app's databases; `indexedDB.databases()` finds any others where the browser has it. */
const KNOWN_DATABASES = [
  'keyval-store',
  'nostr-feed',
  REMOTE_SESSION_DATABASE,
  CASHU_DATABASE,
  PUBLISH_QUEUE_DATABASE,
  CONTACT_VERSIONS_DATABASE,
]
/** Workbox's precache: the offline shell. */
const isShell = (cacheName: string) => cacheName.includes('precache')
/**
 * The service worker's own bookkeeping (cache expiry dates), which it holds open: deleting it
 * would wait on the worker forever, and it keeps no data of the user's.
 */
const isServiceWorkers = (database: string) => database.startsWith('workbox-')

/** Every record of every store, removed now, whether or not another tab holds the database. */
function emptyDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name)
    request.onupgradeneeded = () => request.transaction?.abort()
    request.onerror = () => resolve() // nothing there, or aborted above: nothing to empty
    request.onsuccess = () => {
      const database = request.result
      const stores = [...database.objectStoreNames]
      if (stores.length === 0) {
        database.close()
        resolve()
        return
      }
      const transaction = database.transaction(stores, 'readwrite')
      for (const store of stores) transaction.objectStore(store).clear()
      transaction.oncomplete = () => {
        database.close()
        resolve()
      }
      transaction.onerror = () => reject(transaction.error)
    }
  })
}

/** Deletes a database; a tab that still holds it delays that, so the records go first. */
function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name)
    request.onsuccess = () => resolve()
    request.onerror = () => resolve()
    request.onblocked = () => resolve()
  })
}

async function databaseNames(): Promise<string[]> {
  const listed = indexedDB.databases
    ? (await indexedDB.databases()).flatMap(({ name }) => (name ? [name] : []))
    : []
  return [...new Set([...KNOWN_DATABASES, ...listed])].filter((name) => !isServiceWorkers(name))
}

/** Every record of a store, or none when the database or store does not exist. */
function readAll(database: string, store: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(database)
    request.onupgradeneeded = () => request.transaction?.abort() // not there: do not create it
    request.onerror = () => resolve([])
    request.onsuccess = () => {
      const db = request.result
      if (!db.objectStoreNames.contains(store)) {
        db.close()
        resolve([])
        return
      }
      const all = db.transaction(store).objectStore(store).getAll()
      all.onsuccess = () => {
        db.close()
        resolve(all.result)
      }
      all.onerror = () => reject(all.error)
    }
  })
}

/**
 * Why Clear Everything must not run now (README decision): what exists only in this browser
 * would be lost with it (core/ecash/wallet-loss.ts says what). Null when nothing would be.
 */
export async function clearEverythingRefusal(
  mints: MintQuestions = askMints(),
): Promise<string | null> {
  return clearRefusal(await walletAtRisk(await readAll(CASHU_DATABASE, 'wallet'), mints))
}

export async function clearEverything({
  queryClient,
  stopPersisting,
}: ClearTargets): Promise<void> {
  try {
    stopPersisting()
    queryClient.clear()
    for (const name of await databaseNames()) {
      await emptyDatabase(name)
      await deleteDatabase(name)
    }
    if ('caches' in globalThis) {
      for (const name of await caches.keys()) if (!isShell(name)) await caches.delete(name)
    }
    localStorage.clear()
    sessionStorage.clear()
    console.info('Cleared all app data')
  } catch (error) {
    console.error('Clearing app data failed', error)
    throw error
  }
}

/**
 * Clear Cache and Clear Contacts Cache (spec §4): the queries of these groups go, from memory and
 * (as the cache is saved on every change) from disk; those a screen shows load again at once.
 */
export async function clearQueryGroups(
  queryClient: QueryClient,
  groups: readonly CacheGroup[],
): Promise<void> {
  const predicate = (query: Query) => groups.includes(groupOf(query.queryKey))
  try {
    queryClient.removeQueries({ predicate, type: 'inactive' })
    await queryClient.resetQueries({ predicate, type: 'active' })
    console.info(`Cleared cached ${groups.join(', ')}`)
  } catch (error) {
    console.error(`Clearing cached ${groups.join(', ')} failed`, error)
    throw error
  }
}

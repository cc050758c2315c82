/**
 * The query cache kept in IndexedDB (spec §3: database keyval-store, store keyval, key
 * rq-cache-v1) and the effects of the cache restore machine: read, load, remove, and save on
 * change. A warm start paints the notes of the last visit before any relay answers.
 */
import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query'
import { fromCallback, fromPromise } from 'xstate'
import {
  asStale,
  CACHE_DATABASE,
  CACHE_KEY,
  CACHE_STORE,
  type PersistedCacheRecord,
  shouldPersist,
  trimInfiniteQueries,
} from '../../core/app/persisted-cache.ts'
import type {
  CacheRestoreActorRef,
  cacheRestoreMachine,
  StoredRead,
} from '../../machines/cache-restore.machine.ts'
import { idbStore } from '../platform/idb-store.ts'

/** Bump when the shape of cached data changes: older records are then removed, not loaded. */
export const CACHE_BUSTER = 'plume-2'
/** Saves at most this often while the cache changes (a save serialises the whole cache). */
export const SAVE_EVERY_MS = 2000

/** What the machine starts with: records of another shape are removed, not loaded. */
export const CACHE_RESTORE_INPUT = { buster: CACHE_BUSTER }

export function cacheRestoreEffects(queryClient: QueryClient) {
  const store = idbStore(CACHE_DATABASE, CACHE_STORE)
  const save = async () => {
    const record: PersistedCacheRecord<DehydratedState> = {
      buster: CACHE_BUSTER,
      timestamp: Date.now(),
      clientState: trimInfiniteQueries(
        dehydrate(queryClient, {
          shouldDehydrateQuery: (query) => shouldPersist(query.queryKey, query.state.status),
        }),
      ),
    }
    // Write failures are swallowed (spec §8): the cache is a convenience, never a source of truth.
    await store.set(CACHE_KEY, record).catch(() => {})
  }

  return {
    actors: {
      readRecord: fromPromise<StoredRead>(async () => ({
        record: await store.get(CACHE_KEY),
        readAt: Date.now(),
      })),
      loadRecord: fromPromise<void, { record: unknown }>(async ({ input }) => {
        const { clientState } = input.record as PersistedCacheRecord<DehydratedState>
        hydrate(queryClient, asStale(clientState))
      }),
      removeRecord: fromPromise(() => store.remove(CACHE_KEY)),
      saver: fromCallback(() => {
        let timer: ReturnType<typeof setTimeout> | undefined
        const saveNow = () => {
          clearTimeout(timer)
          timer = undefined
          void save()
        }
        const unsubscribe = queryClient.getQueryCache().subscribe(() => {
          timer ??= setTimeout(saveNow, SAVE_EVERY_MS)
        })
        // A hidden page may be closed or discarded without another event (Page Lifecycle: hidden
        // is the last state a page can count on): a change still waiting to be saved goes now.
        const onHidden = () => {
          if (timer !== undefined && document.visibilityState === 'hidden') saveNow()
        }
        document.addEventListener('visibilitychange', onHidden)
        addEventListener('pagehide', onHidden)
        return () => {
          unsubscribe()
          clearTimeout(timer)
          document.removeEventListener('visibilitychange', onHidden)
          removeEventListener('pagehide', onHidden)
        }
      }),
    },
  } satisfies Parameters<(typeof cacheRestoreMachine)['provide']>[0]
}

/** "Reported" (spec §4): the app still starts; the console says what was dropped and why. */
export function reportCacheErrors(actor: CacheRestoreActorRef): void {
  let reported: string | null = null
  actor.subscribe(({ context }) => {
    if (!context.error || context.error === reported) return
    reported = context.error
    console.warn(reported)
  })
}

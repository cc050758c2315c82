/**
 * Where queued events wait (IndexedDB 'plume-outbox'): one record holding the queue, oldest
 * first. Every change is a read, an edit and a write, one at a time, so two quick publishes
 * cannot overwrite each other.
 */
import { type PublishQueueEntry, parseQueue, withEntry } from '../../core/publish/publish-queue.ts'
import { idbStore, type KeyValueStore } from '../platform/idb-store.ts'

export const PUBLISH_QUEUE_DATABASE = 'plume-outbox'
export const PUBLISH_QUEUE_STORE = 'events'
const QUEUE_KEY = 'queue'

export interface PublishQueueStore {
  read(): Promise<PublishQueueEntry[]>
  add(entry: PublishQueueEntry): Promise<void>
  /** Takes these event ids out of the queue. */
  remove(ids: readonly string[]): Promise<void>
}

export function publishQueueStore(
  store: KeyValueStore = idbStore(PUBLISH_QUEUE_DATABASE, PUBLISH_QUEUE_STORE),
): PublishQueueStore {
  let last: Promise<unknown> = Promise.resolve()
  /** Runs the edits in order; a failed one does not stop the next. */
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = last.then(work, work)
    last = next.catch(() => {})
    return next
  }
  const read = async () => parseQueue(await store.get(QUEUE_KEY))
  return {
    read: () => serial(read),
    add: (entry) => serial(async () => store.set(QUEUE_KEY, withEntry(await read(), entry))),
    remove: (ids) =>
      serial(async () => {
        const gone = new Set(ids)
        const queue = await read()
        const kept = queue.filter((entry) => !gone.has(entry.event.id))
        if (kept.length !== queue.length) await store.set(QUEUE_KEY, kept)
      }),
  }
}

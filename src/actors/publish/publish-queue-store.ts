/**
 * Where queued events wait (IndexedDB 'plume-outbox'): one record holding the queue, oldest
 * first. Every change is a read, an edit and a write, one at a time, so two quick publishes
 * cannot overwrite each other.
 */
import { type OutboxEntry, parseQueue, withEntry } from '../../core/publish/publish-queue.ts'
import { idbStore, type KeyValueStore } from '../platform/idb-store.ts'

export const OUTBOX_DATABASE = 'plume-outbox'
export const OUTBOX_STORE = 'events'
const QUEUE_KEY = 'queue'

export interface OutboxStore {
  read(): Promise<OutboxEntry[]>
  add(entry: OutboxEntry): Promise<void>
  /** Takes these event ids out of the queue. */
  remove(ids: readonly string[]): Promise<void>
}

export function outboxStore(
  store: KeyValueStore = idbStore(OUTBOX_DATABASE, OUTBOX_STORE),
): OutboxStore {
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

/**
 * Whether the browser may evict the app's storage (Storage Standard: "best-effort" buckets go
 * under storage pressure, "persistent" ones only when the user clears them). The keys and the
 * ecash proofs live there, so the app asks for persistence once it holds something to lose.
 */

/** 'unknown' until read; 'unsupported' where the browser has no StorageManager.persisted(). */
export type StoragePersistenceState = 'unknown' | 'persistent' | 'best-effort' | 'unsupported'

/** What Settings says, one short line. */
export const STORAGE_LINES: Record<StoragePersistenceState, string> = {
  unknown: 'Storage: checking…',
  persistent: 'Storage: persistent',
  'best-effort': 'Storage: may be cleared by the browser when space runs low',
  unsupported: 'Storage: this browser does not say whether it may clear it',
}

/** The state `navigator.storage.persisted()` (or `persist()`) answered. */
export const fromPersisted = (persisted: boolean): StoragePersistenceState =>
  persisted ? 'persistent' : 'best-effort'

/**
 * Ask `persist()` now? Once per session at most, only when something would be lost (a key saved,
 * ecash held), never when the storage is already persistent or the browser cannot ask.
 */
export function shouldAskPersistence(input: {
  asked: boolean
  state: StoragePersistenceState
  holdsSecrets: boolean
}): boolean {
  return (
    !input.asked &&
    input.holdsSecrets &&
    input.state !== 'persistent' &&
    input.state !== 'unsupported'
  )
}

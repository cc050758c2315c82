/**
 * The display-name cache's effects: entries in local storage under `plume.displayNames` (names
 * people published, nothing secret), and the kind 0 fetch per pubkey over the relay hub, closed
 * at end of stored events or after 10 s (lightning-and-ecash §7, §9). The rules are src/core's.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import {
  attempted,
  type DisplayNameEntry,
  entriesToStore,
  entryFromMetadata,
  type FetchRecord,
  failed,
  isFresh,
  METADATA_FETCH_CLOSE_MS,
  mayFetch,
  readStoredEntries,
  succeeded,
} from '../../core/people/display-name-cache.ts'
import type { RelayHub } from '../relays/relay-hub.ts'

export const DISPLAY_NAMES_STORAGE_KEY = 'plume.displayNames'

export interface DisplayNames {
  /** The cached entry while fresh, else null. */
  get(pubkey: string): DisplayNameEntry | null
  /** The entry, fetched when the rules allow; null when there is none (yet). */
  load(pubkey: string): Promise<DisplayNameEntry | null>
}

export interface DisplayNamesDeps {
  hub: Pick<RelayHub, 'subscribe'>
  now?: () => number
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null
}

function localStore(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

/** The fresh entries kept on the device: names seen before, for a composer's mention list. */
export function storedDisplayNames(
  storage: Pick<Storage, 'getItem'> | null = localStore(),
  now = Date.now(),
): DisplayNameEntry[] {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(DISPLAY_NAMES_STORAGE_KEY) ?? '[]')
    return readStoredEntries(raw, now)
  } catch {
    // A damaged record is replaced by the next save.
    return []
  }
}

/** The newest kind 0 of a pubkey, or null when none came before the stored events ended or 10 s. */
function fetchNewest(hub: DisplayNamesDeps['hub'], pubkey: string): Promise<NostrEvent | null> {
  return new Promise((resolve) => {
    let newest: NostrEvent | null = null
    const finish = () => {
      clearTimeout(timer)
      subscription.close()
      resolve(newest)
    }
    const timer = setTimeout(finish, METADATA_FETCH_CLOSE_MS)
    const subscription = hub.subscribe([{ kinds: [0], authors: [pubkey], limit: 1 }], {
      onEvent: (event) => {
        if (event.pubkey === pubkey && (!newest || event.created_at > newest.created_at)) {
          newest = event
        }
      },
      onEose: finish,
    })
  })
}

export function createDisplayNames(deps: DisplayNamesDeps): DisplayNames {
  const now = deps.now ?? Date.now
  const storage = deps.storage === undefined ? localStore() : deps.storage
  const entries = new Map<string, DisplayNameEntry>()
  const records = new Map<string, FetchRecord>()
  const inFlight = new Map<string, Promise<DisplayNameEntry | null>>()

  for (const entry of storedDisplayNames(storage, now())) entries.set(entry.pubkey, entry)

  const save = () => {
    try {
      storage?.setItem(DISPLAY_NAMES_STORAGE_KEY, JSON.stringify(entriesToStore(entries.values())))
    } catch {
      // Quota or disabled storage: the cache lasts the session.
    }
  }

  const get = (pubkey: string): DisplayNameEntry | null => {
    const entry = entries.get(pubkey)
    return entry && isFresh(entry, now()) ? entry : null
  }

  const fetchOnce = async (pubkey: string): Promise<DisplayNameEntry | null> => {
    const record = attempted(records.get(pubkey), now())
    records.set(pubkey, record)
    const event = await fetchNewest(deps.hub, pubkey)
    const entry = event ? entryFromMetadata(event, now()) : null
    if (!entry) {
      records.set(pubkey, failed(record))
      return get(pubkey)
    }
    records.set(pubkey, succeeded(record))
    const known = entries.get(pubkey)
    // An older kind 0 than the one cached does not replace it (its time is refreshed).
    entries.set(
      pubkey,
      known && known.createdAt > entry.createdAt ? { ...known, timestamp: entry.timestamp } : entry,
    )
    save()
    return get(pubkey)
  }

  return {
    get,
    load(pubkey) {
      const pending = inFlight.get(pubkey)
      if (pending) return pending
      const cached = get(pubkey)
      if (
        !mayFetch(records.get(pubkey), now(), cached === null) ||
        (cached && !records.has(pubkey))
      ) {
        return Promise.resolve(cached)
      }
      const fetching = fetchOnce(pubkey).finally(() => inFlight.delete(pubkey))
      inFlight.set(pubkey, fetching)
      return fetching
    },
  }
}

/**
 * The display-name cache (lightning-and-ecash §3, §4, §9): a person's display name and name from
 * their newest kind 0, kept 7 days, so a name shows at once (the zap dialog names whom you zap).
 * Fetches per pubkey are pending, success or failed; a failed one may be tried again after 30 s,
 * up to 3 failed attempts. A metadata fetch closes after 10 s.
 */

/** §9: cache lifetime 7 days; metadata fetch closes after 10 s; 3 failed attempts, 30 s apart. */
export const DISPLAY_NAME_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const METADATA_FETCH_CLOSE_MS = 10_000
export const MAX_FAILED_ATTEMPTS = 3
export const RETRY_AFTER_MS = 30_000
/** Entries kept on the device: the least recently fetched go first. */
export const DISPLAY_NAME_CACHE_LIMIT = 500

/** §3: pubkey, displayName, name, timestamp (when cached, ms), createdAt (the kind 0's, s). */
export interface DisplayNameEntry {
  pubkey: string
  displayName: string
  name: string
  timestamp: number
  createdAt: number
}

/** §4: a pubkey's fetch. */
export interface FetchRecord {
  status: 'pending' | 'success' | 'failed'
  failures: number
  /** When the last attempt started (ms). */
  lastAttempt: number
}

const HEX64 = /^[0-9a-f]{64}$/

export const isFresh = (entry: DisplayNameEntry, now: number): boolean =>
  now - entry.timestamp < DISPLAY_NAME_TTL_MS

/**
 * Whether a fetch may start now: none yet, or a success whose entry has gone stale (the caller
 * says), or a failure with fewer than 3 failed attempts, the last over 30 s ago. Never while one is
 * pending.
 */
export function mayFetch(record: FetchRecord | undefined, now: number, stale = false): boolean {
  if (!record) return true
  if (record.status === 'pending') return false
  if (record.status === 'success') return stale
  return record.failures < MAX_FAILED_ATTEMPTS && now - record.lastAttempt > RETRY_AFTER_MS
}

export const attempted = (record: FetchRecord | undefined, now: number): FetchRecord => ({
  status: 'pending',
  failures: record?.failures ?? 0,
  lastAttempt: now,
})

export const succeeded = (record: FetchRecord): FetchRecord => ({
  ...record,
  status: 'success',
  failures: 0,
})

export const failed = (record: FetchRecord): FetchRecord => ({
  ...record,
  status: 'failed',
  failures: record.failures + 1,
})

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

/** The entry a kind 0 gives (display_name, or the older displayName), or null if it does not parse. */
export function entryFromMetadata(
  event: { pubkey: string; content: string; created_at: number },
  now: number,
): DisplayNameEntry | null {
  let fields: unknown
  try {
    fields = JSON.parse(event.content)
  } catch {
    return null
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return null
  const record = fields as Record<string, unknown>
  return {
    pubkey: event.pubkey,
    displayName: text(record.display_name) || text(record.displayName),
    name: text(record.name),
    timestamp: now,
    createdAt: event.created_at,
  }
}

/** The name to show: the display name, else the name, else null. */
export const shownName = (entry: DisplayNameEntry | null): string | null =>
  entry?.displayName || entry?.name || null

const isEntry = (value: unknown): value is DisplayNameEntry => {
  if (typeof value !== 'object' || value === null) return false
  const e = value as Record<string, unknown>
  return (
    typeof e.pubkey === 'string' &&
    HEX64.test(e.pubkey) &&
    typeof e.displayName === 'string' &&
    typeof e.name === 'string' &&
    Number.isFinite(e.timestamp) &&
    Number.isFinite(e.createdAt)
  )
}

/** Stored entries that are well formed and fresh; anything else is dropped. */
export function readStoredEntries(raw: unknown, now: number): DisplayNameEntry[] {
  if (!Array.isArray(raw)) return []
  return raw.filter(isEntry).filter((entry) => isFresh(entry, now))
}

/** The entries to store: the most recently fetched, up to the limit. */
export const entriesToStore = (entries: Iterable<DisplayNameEntry>): DisplayNameEntry[] =>
  [...entries].sort((a, b) => b.timestamp - a.timestamp).slice(0, DISPLAY_NAME_CACHE_LIMIT)

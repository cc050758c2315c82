/**
 * The persisted query cache record (spec §3: buster, timestamp, clientState) and the rule that
 * decides whether a stored one may be loaded on start (§4, §9: max age 24 hours).
 */

/** IndexedDB database, store and key of the record (spec §3). */
export const CACHE_DATABASE = 'keyval-store'
export const CACHE_STORE = 'keyval'
export const CACHE_KEY = 'rq-cache-v1'
export const CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000

export interface PersistedCacheRecord<TState = unknown> {
  buster: string
  timestamp: number
  clientState: TState
}

/** Why a stored record is not loaded; 'valid' when it is. */
export type RecordVerdict =
  | 'valid'
  | 'missing'
  | 'malformed'
  | 'no-timestamp'
  | 'expired'
  | 'buster'

export function judgeRecord(
  record: unknown,
  { buster, now, maxAgeMs = CACHE_MAX_AGE_MS }: { buster: string; now: number; maxAgeMs?: number },
): RecordVerdict {
  if (record === null || record === undefined) return 'missing'
  if (typeof record !== 'object') return 'malformed'
  const { timestamp, buster: stored, clientState } = record as Partial<PersistedCacheRecord>
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return 'no-timestamp'
  if (now - timestamp > maxAgeMs || timestamp > now + maxAgeMs) return 'expired'
  if (stored !== buster) return 'buster'
  if (typeof clientState !== 'object' || clientState === null) return 'malformed'
  return 'valid'
}

/** What the app says when a stored cache could not be read or loaded (it is removed). */
export const restoreFailedMessage = (reason: string): string =>
  `Stored query cache removed: ${reason}`

/**
 * Query groups (first key element) never written to disk: what someone typed into search stays in
 * memory, like the rest of what they do in a session that leaves no trace. Who liked and reposted
 * a note is asked again each visit: a stored copy from before the user's own like, loaded as
 * fresh, would show the note unliked and let it be liked twice.
 */
export const UNPERSISTED_GROUPS: ReadonlySet<unknown> = new Set(['search', 'engagement'])

/** Whether a query belongs in the stored cache: settled with data, and not in an unpersisted group. */
export const shouldPersist = (queryKey: readonly unknown[], status: string): boolean =>
  status === 'success' && !UNPERSISTED_GROUPS.has(queryKey[0])

/** Pages of an infinite query kept in the stored cache: enough to paint a warm start. */
export const PERSISTED_PAGES = 3

interface InfiniteData {
  pages: unknown[]
  pageParams: unknown[]
}

const isInfinite = (data: unknown): data is InfiniteData =>
  typeof data === 'object' &&
  data !== null &&
  Array.isArray((data as InfiniteData).pages) &&
  Array.isArray((data as InfiniteData).pageParams)

/**
 * Whether a page list starts past the newest page: the feed's window has moved down. Feed cursors
 * (core/feed/feed-window.ts) number their pages from 0, the newest.
 */
export const startsPastNewest = (pageParams: readonly unknown[]): boolean => {
  const first = pageParams[0] as { page?: unknown } | undefined
  return typeof first?.page === 'number' && first.page > 0
}

/**
 * The dehydrated cache with every infinite query cut to its first pages: a feed scrolled for an
 * hour must not be written out (and held in memory while it is) every time it changes. A feed
 * whose window has moved past its newest page (core/feed/feed-window.ts) is left out: a warm start
 * shows the newest notes, not where a reader had scrolled to.
 */
export function trimInfiniteQueries<S extends { queries: Array<{ state: { data?: unknown } }> }>(
  state: S,
  pages: number = PERSISTED_PAGES,
): S {
  return {
    ...state,
    queries: state.queries.flatMap((query) => {
      const { data } = query.state
      if (!isInfinite(data)) return [query]
      if (startsPastNewest(data.pageParams)) return []
      if (data.pages.length <= pages) return [query]
      return [
        {
          ...query,
          state: {
            ...query.state,
            data: {
              pages: data.pages.slice(0, pages),
              pageParams: data.pageParams.slice(0, pages),
            },
          },
        },
      ]
    }),
  }
}

/**
 * The stored queries marked stale, to be loaded so: what a past visit saw paints the first screen
 * (spec §4), and a screen that shows one asks the relays again when it opens. Loaded as fresh, a
 * query would hide for its whole stale time whatever was published since, even by the user.
 */
export function asStale<S extends { queries: Array<{ state: object }> }>(state: S): S {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: { ...query.state, isInvalidated: true },
    })),
  }
}

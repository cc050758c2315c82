/**
 * What the query cache holds, by group (spec §3, cache breakdown), with its size estimated as §9
 * says: 500 bytes per metadata item, 100 per contact, and for the rest the length of its data as
 * JSON (a text's size in memory is about that, twice over for UTF-16; an estimate either way).
 */

export const CACHE_GROUPS = [
  'feed',
  'metadata',
  'contacts',
  'thread',
  'zap-totals',
  'other',
] as const
export type CacheGroup = (typeof CACHE_GROUPS)[number]

/** Estimated bytes (spec §9, cache size estimates). */
export const METADATA_ITEM_BYTES = 500
export const CONTACT_BYTES = 100

/** The parts of a cached query the breakdown reads. */
export interface CachedQuery {
  queryKey: readonly unknown[]
  data: unknown
}

export interface GroupSize {
  count: number
  bytes: number
}

export interface CacheBreakdown {
  totalQueries: number
  totalMutations: number
  totalSizeBytes: number
  lastUpdatedAt: number
  groups: Record<CacheGroup, GroupSize>
}

/** The group of a query key: its first element, or its first two for the profile's keys. */
export function groupOf(queryKey: readonly unknown[]): CacheGroup {
  const [first, second] = queryKey
  const name = first === 'profile' ? `profile/${String(second)}` : first
  switch (name) {
    case 'feed':
    case 'note':
    case 'profile/notes':
      return 'feed'
    case 'metadata':
    case 'profile/metadata':
    case 'profile/contacts-metadata':
      return 'metadata'
    case 'contacts':
    case 'profile/contacts':
      return 'contacts'
    case 'thread':
      return 'thread'
    case 'zap-totals':
      return 'zap-totals'
    default:
      return 'other'
  }
}

/** Entries of a contact list or follower list, whatever its shape: arrays inside it, counted. */
function contactCount(data: unknown): number {
  if (Array.isArray(data)) return data.length
  if (typeof data !== 'object' || data === null) return 0
  let count = 0
  for (const value of Object.values(data)) if (Array.isArray(value)) count += value.length
  return count
}

/** JSON length of a value, 0 for what JSON cannot write. An infinite query counts its pages only. */
function jsonBytes(data: unknown): number {
  const value =
    typeof data === 'object' && data !== null && 'pages' in data
      ? (data as { pages: unknown }).pages
      : data
  try {
    return JSON.stringify(value)?.length ?? 0
  } catch {
    return 0
  }
}

export function estimateQueryBytes(query: CachedQuery): number {
  if (query.data === undefined) return 0
  switch (groupOf(query.queryKey)) {
    case 'metadata':
      return METADATA_ITEM_BYTES
    case 'contacts':
      return CONTACT_BYTES * contactCount(query.data)
    default:
      return jsonBytes(query.data)
  }
}

/** A query's key and its estimated size (estimateQueryBytes, which a caller may remember). */
export interface SizedQuery {
  queryKey: readonly unknown[]
  bytes: number
}

export function cacheBreakdown(
  queries: readonly SizedQuery[],
  totalMutations: number,
  now: number,
): CacheBreakdown {
  const groups = Object.fromEntries(
    CACHE_GROUPS.map((group) => [group, { count: 0, bytes: 0 }]),
  ) as Record<CacheGroup, GroupSize>
  let totalSizeBytes = 0
  for (const { queryKey, bytes } of queries) {
    const group = groups[groupOf(queryKey)]
    group.count++
    group.bytes += bytes
    totalSizeBytes += bytes
  }
  return {
    totalQueries: queries.length,
    totalMutations,
    totalSizeBytes,
    lastUpdatedAt: now,
    groups,
  }
}

/** "812 B", "14.2 KB", "3.1 MB": sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`
  return `${(bytes / 1_000_000).toFixed(1)} MB`
}

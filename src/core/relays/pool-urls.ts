/**
 * Relays as routing compares them: normalized (relay-url.ts), while the pool keeps the config's
 * spelling and the hub keys its relays by it. A routed request names a pool relay in the pool's
 * spelling (so the hub finds it) and any other relay in its normal form.
 */
import { canRead, type RelayPermission } from './relay-permission.ts'
import { normalizeRelayUrl, normalizeRelayUrls } from './relay-url.ts'

export interface PoolEntry {
  url: string
  permission: RelayPermission
}

/** The pool's readable relays (read, readwrite), normalized, each once. */
export const poolReadUrls = (pool: readonly PoolEntry[]): string[] =>
  normalizeRelayUrls(pool.filter((entry) => canRead(entry.permission)).map((entry) => entry.url))

/** Every relay of the pool, whatever its permission, normalized. */
const poolUrls = (pool: readonly PoolEntry[]): Set<string> =>
  new Set(normalizeRelayUrls(pool.map((entry) => entry.url)))

/**
 * These relays that the pool does not hold, normalized, each once, in order: the ones a request
 * must name to reach them (a pool relay is asked by every unrouted request anyway).
 */
export function outsidePool(urls: readonly string[], pool: readonly PoolEntry[]): string[] {
  const held = poolUrls(pool)
  return normalizeRelayUrls(urls).filter((url) => !held.has(url))
}

/** The URL as the hub knows it: the pool's spelling of the same relay, else the normal form. */
export function hubSpelling(url: string, pool: readonly PoolEntry[]): string {
  const normal = normalizeRelayUrl(url) ?? url
  return pool.find((entry) => normalizeRelayUrl(entry.url) === normal)?.url ?? normal
}

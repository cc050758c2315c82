/**
 * Installed (standalone) start-up (spec §2): opened at the bare root (no query, no hash, so not a
 * note, profile or create path, no note or action parameter), the app returns to the last route
 * saved less than 30 days ago. The route is saved on every route change under localStorage
 * `lastRouteInfo` as { path, savedAt } (§3).
 */

export const LAST_ROUTE_KEY = 'lastRouteInfo'
export const LAST_ROUTE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

export interface LastRouteInfo {
  path: string
  /** ms since the epoch. */
  savedAt: number
}

/** A path of this app: absolute, not protocol-relative (`//host` would leave the origin). */
const isAppPath = (path: string): boolean => path.startsWith('/') && !path.startsWith('//')

/** The stored record, or null when missing or malformed. */
export function parseLastRoute(raw: string | null): LastRouteInfo | null {
  if (raw === null) return null
  try {
    const value = JSON.parse(raw) as Partial<LastRouteInfo> | null
    if (typeof value?.path !== 'string' || !isAppPath(value.path)) return null
    if (typeof value.savedAt !== 'number' || !Number.isFinite(value.savedAt)) return null
    return { path: value.path, savedAt: value.savedAt }
  } catch {
    return null
  }
}

export function lastRouteRecord(path: string, now: number): string {
  return JSON.stringify({ path, savedAt: now } satisfies LastRouteInfo)
}

/** Where a standalone start at `location` should go instead, or null to stay. */
export function restorableRoute(
  location: { pathname: string; search: string; hash: string },
  saved: LastRouteInfo | null,
  now: number,
): string | null {
  const bareRoot = location.pathname === '/' && location.search === '' && location.hash === ''
  if (!bareRoot || !saved || saved.path === '/') return null
  const age = now - saved.savedAt
  return age >= 0 && age < LAST_ROUTE_MAX_AGE_MS ? saved.path : null
}

/**
 * Window scroll positions per path (spec §2, §9): saved after scrolling settles for 100 ms and
 * restored when the path is shown again; a path with none saved starts at the top. Paths only:
 * opening an overlay changes the query, not the page under it. The saved map is read back from
 * session storage, so it is checked like any outside input.
 */

/** Scroll debounce (spec §9, display). */
export const SCROLL_SAVE_DEBOUNCE_MS = 100
/** Paths remembered; the oldest are forgotten first, so storage stays small in long sessions. */
export const MAX_SCROLL_PATHS = 100

/** path -> vertical position in CSS pixels, oldest first. */
export type ScrollPositions = ReadonlyMap<string, number>

const isPosition = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0

/** The positions stored as JSON (an array of [path, y]); anything unreadable gives none. */
export function parseScrollPositions(json: string | null): ScrollPositions {
  if (!json) return new Map()
  let raw: unknown
  try {
    raw = JSON.parse(json)
  } catch {
    return new Map()
  }
  if (!Array.isArray(raw)) return new Map()
  const positions = new Map<string, number>()
  for (const entry of raw) {
    if (!Array.isArray(entry) || entry.length !== 2) continue
    const [path, y] = entry as unknown[]
    if (typeof path === 'string' && path.startsWith('/') && isPosition(y)) positions.set(path, y)
  }
  return trim(positions)
}

export const serializeScrollPositions = (positions: ScrollPositions): string =>
  JSON.stringify([...positions])

/** The positions with this path's set to y (and made the newest). */
export function withScrollPosition(
  positions: ScrollPositions,
  path: string,
  y: number,
): ScrollPositions {
  const next = new Map(positions)
  next.delete(path)
  next.set(path, isPosition(y) ? Math.round(y) : 0)
  return trim(next)
}

/** Where to put the window for this path: its saved position, else the top. */
export const scrollPositionFor = (positions: ScrollPositions, path: string): number =>
  positions.get(path) ?? 0

function trim(positions: Map<string, number>): Map<string, number> {
  while (positions.size > MAX_SCROLL_PATHS) {
    const oldest = positions.keys().next().value
    if (oldest === undefined) break
    positions.delete(oldest)
  }
  return positions
}

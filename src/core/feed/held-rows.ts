/**
 * Live notes arriving on top must not move the page under a reader who has scrolled down: while
 * away from the top, rows newer than the top row at that moment wait above, counted, until the
 * reader comes back to the top or asks for them.
 */

/** Scrolled less than this (CSS px), the reader is at the top: new rows come in at once. */
export const AT_TOP_PX = 48

/**
 * The row the list is pinned to after a scroll: none at the top; away from it, the row it was
 * pinned to, else the newest row now (`newest`).
 */
export function pinnedTopId(
  pinned: string | null,
  scrollY: number,
  newest: string | null,
): string | null {
  if (scrollY < AT_TOP_PX) return null
  return pinned ?? newest
}

/**
 * The rows shown under the pinned row (`topId`; null: all of them), how many wait above it, and
 * the newest row shown. A pinned row that left the list (filters changed) holds nothing.
 */
export function heldRows<Row extends { id: string }>(
  all: readonly Row[],
  topId: string | null,
): { rows: readonly Row[]; held: number; topId: string | null } {
  const index = topId === null ? 0 : all.findIndex((entry) => entry.id === topId)
  const held = Math.max(index, 0)
  return { rows: held === 0 ? all : all.slice(held), held, topId: all[held]?.id ?? null }
}

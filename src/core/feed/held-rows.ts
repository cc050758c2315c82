/**
 * Live notes arriving must not move the page under a reader who has scrolled down: while away
 * from the top, rows that arrive wait above, counted, until the reader comes back to the top or
 * asks for them. They wait by arrival, not by place: a note of the same second as the top row
 * sorts by id and may land under it, and a late note from a slow relay lands among the rows
 * already read; either would push the page down if let in.
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

/** What holds the list while the reader is away from the top. */
export interface Pin {
  /** The newest row let in. */
  topId: string
  /** The rows let in since the reader left the top (none yet: every row under `topId` is). */
  shown: ReadonlySet<string>
  /** Rows that were waiting when the reader left the feed for a note, and still wait. */
  waiting: ReadonlySet<string>
}

/**
 * The rows shown under the pinned row, how many wait, and the newest row shown. A row waits if it
 * sorts above the pinned row, or if it was not let in before and sorts above a row that was: rows
 * under every row let in are older pages, and come in. A pinned row that left the list (filters
 * changed) holds nothing.
 */
export function heldRows<Row extends { id: string }>(
  all: readonly Row[],
  pin: Pin | null,
): { rows: readonly Row[]; held: number; topId: string | null } {
  const top = pin === null ? -1 : all.findIndex((entry) => entry.id === pin.topId)
  if (pin === null || top < 0) return { rows: all, held: 0, topId: all[0]?.id ?? null }
  let lastShown = -1
  for (let index = all.length - 1; index > top && lastShown < 0; index--) {
    if (pin.shown.has(all[index]!.id)) lastShown = index
  }
  const rows = all.filter(
    ({ id }, index) =>
      index === top ||
      (index > top && !pin.waiting.has(id) && (index > lastShown || pin.shown.has(id))),
  )
  return { rows, held: all.length - rows.length, topId: pin.topId }
}

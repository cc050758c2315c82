/**
 * Paging a person's notes with `until` (spec §7, user notes). Several relays each answer up to a
 * page, so the merged answer can be longer than a page and one relay's older notes can reach
 * further back than another's. Keeping only the newest page and continuing from its oldest note
 * means no relay's notes are skipped.
 */
/** What a page is cut by: when it was made. */
interface Dated {
  created_at: number
}

export interface NotesPageCut<T extends Dated> {
  notes: readonly T[]
  /** `until` for the next page; undefined when this page was empty (nothing older). */
  nextUntil: number | undefined
}

/**
 * The newest `pageSize` of these notes (newest first, each once) and where the next page starts:
 * one second before the oldest kept note, or at that second when notes of the same second were
 * left out. It always moves back in time from `until`, so paging cannot repeat forever.
 */
export function cutNotesPage<T extends Dated>(
  notes: readonly T[],
  pageSize: number,
  until: number | undefined,
): NotesPageCut<T> {
  const kept = notes.slice(0, pageSize)
  const oldest = kept.at(-1)
  if (!oldest) return { notes: kept, nextUntil: undefined }
  const sameSecondLeft = notes[pageSize]?.created_at === oldest.created_at
  let next = sameSecondLeft ? oldest.created_at : oldest.created_at - 1
  if (until !== undefined && next >= until) next = until - 1
  return { notes: kept, nextUntil: next >= 0 ? next : undefined }
}

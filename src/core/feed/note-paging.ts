/**
 * Paging a person's notes with `until` (spec §7, user notes). Several relays each answer up to a
 * page, so the merged answer can be longer than a page and one relay's older notes can reach
 * further back than another's. Keeping only the newest page and continuing from its oldest note
 * means no relay's notes are skipped, as long as every relay answered: one that did not (or whose
 * full answer stopped short of the page) still owes notes, and the next page asks it from where
 * it owes them (relays-owed.ts). What it then sends that is newer than that page is late: it shows
 * among the rows already there and takes none of the page's places.
 */
import { EMPTY_PAGES_BEFORE_END } from './feed-source.ts'
import { owedAfter, type RelayOutcome, type RelaysOwed } from './relays-owed.ts'

/** What a page is cut by: when it was made. */
interface Dated {
  created_at: number
}

/** Where a page of a person's notes starts. */
export interface NotesPageStart {
  /** Inclusive (NIP-01); 0 for the newest page. */
  until: number
  /** Relays to ask from an earlier `until` than this: they still owe notes (relays-owed.ts). */
  owed?: RelaysOwed
  /** Pages in a row before this one that had no note of their own while relays owed notes. */
  empty?: number
}

export const FIRST_NOTES_PAGE: NotesPageStart = { until: 0 }

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

const owesAny = (owed: RelaysOwed) => Object.keys(owed).length > 0

/** Some relay owes from elsewhere than before: it fell silent on this page, or sent more. */
const owedMoved = (before: RelaysOwed | undefined, after: RelaysOwed) =>
  Object.entries(after).some(([url, until]) => before?.[url] !== until)

/**
 * The start of the page after `cut`, given what each relay asked did (relays-owed.ts). A full
 * relay is square once it reached back to the page's oldest note. A page with no note of its own
 * ends the notes, as it always did, unless a relay owes notes from elsewhere than before (it fell
 * silent on this very page, or sent a full page of late notes): then the same `until` is asked
 * again of it, at most EMPTY_PAGES_BEFORE_END pages in a row. A relay that stays silent does not
 * keep the end away.
 */
export function nextNotesPage(
  start: NotesPageStart,
  cut: NotesPageCut<Dated>,
  outcomes: readonly RelayOutcome[],
): NotesPageStart | undefined {
  const oldest = cut.notes.at(-1)
  if (oldest) {
    if (cut.nextUntil === undefined) return undefined
    const owed = owedAfter(outcomes, oldest.created_at)
    return owesAny(owed) ? { until: cut.nextUntil, owed } : { until: cut.nextUntil }
  }
  const owed = owedAfter(outcomes, start.until)
  const empty = (start.empty ?? 0) + 1
  if (!owesAny(owed) || !owedMoved(start.owed, owed) || empty >= EMPTY_PAGES_BEFORE_END) {
    return undefined
  }
  return { until: start.until, owed, empty }
}

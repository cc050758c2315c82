/**
 * What views of notes leave out, in one step wherever the user's mutes were applied: notes their
 * authors deleted (NIP-09, deleted-notes.ts) and what the user's mutes hide (NIP-51,
 * core/people/mute-set.ts). A deleted note is gone everywhere, whoever looks; a profile's notes,
 * which show a muted person's notes to whoever visits them, leave out the deleted ones only
 * (`deletedOnly`).
 */
import {
  isMuted,
  type MuteSet,
  type MuteSubject,
  mutesNothing,
  NO_MUTES,
} from '../people/mute-set.ts'
import type { FeedEntry } from './feed-entry.ts'
import { isMutedEntry } from './muted-entry.ts'

export interface Hiding {
  mutes: MuteSet
  /** Ids of notes their authors deleted (deleted-notes.ts). */
  deleted: ReadonlySet<string>
}

export const NOTHING_HIDDEN: Hiding = { mutes: NO_MUTES, deleted: new Set() }

/** The deleted notes alone, without the user's mutes. */
export const deletedOnly = (deleted: ReadonlySet<string>): Hiding => ({ mutes: NO_MUTES, deleted })

export const hidesNothing = (hiding: Hiding): boolean =>
  hiding.deleted.size === 0 && mutesNothing(hiding.mutes)

/** The items nothing hides; the same array when nothing is hidden. */
export function withoutHidden<T>(
  items: readonly T[],
  hiding: Hiding,
  hides: (hiding: Hiding, item: T) => boolean,
): readonly T[] {
  if (hidesNothing(hiding)) return items
  return items.filter((item) => !hides(hiding, item))
}

export const isDeletedNote = (hiding: Hiding, note: { id: string }): boolean =>
  hiding.deleted.has(note.id)

/** A note its author deleted, or one the user's mutes hide. */
export const isHiddenNote = (hiding: Hiding, note: MuteSubject): boolean =>
  isDeletedNote(hiding, note) || isMuted(hiding.mutes, note)

/**
 * A feed row whose note its author deleted, or whose repost its reposter did; or one the mutes
 * hide (muted-entry.ts).
 */
export const isHiddenEntry = (hiding: Hiding, entry: FeedEntry): boolean =>
  (entry.note !== null && isDeletedNote(hiding, entry.note)) ||
  (entry.repost !== null && isDeletedNote(hiding, entry.repost)) ||
  isMutedEntry(hiding.mutes, entry)

/**
 * The items a second predicate sets apart after the hiding (the web of trust,
 * core/people/web-of-trust.ts): shown at once, and folded behind one line that opens them. The same
 * array shown when none is set apart.
 */
export function setApart<T>(
  items: readonly T[],
  apart: (item: T) => boolean,
): { shown: readonly T[]; apart: readonly T[] } {
  const set = items.filter(apart)
  return set.length === 0
    ? { shown: items, apart: set }
    : { shown: items.filter((item) => !apart(item)), apart: set }
}

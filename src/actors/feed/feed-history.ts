/**
 * The feed's own history entry, written in place (replaceState): the router reads it back from
 * the entry when Back returns to the feed, and nothing needs to re-render as it is written. What
 * it keeps is core/feed/feed-return.ts.
 */
import {
  type EntryState,
  forgottenRow,
  type OpenedRow,
  rememberedRow,
} from '../../core/feed/feed-return.ts'

const entryState = (): EntryState | null => window.history.state as EntryState | null

/** The entry remembers the row a note is opened from, before the note opens. */
export function rememberFeedRow(row: OpenedRow): void {
  window.history.replaceState(rememberedRow(entryState(), row), '')
}

/** The row is back: the entry forgets it. */
export function forgetFeedRow(): void {
  window.history.replaceState(forgottenRow(entryState()), '')
}

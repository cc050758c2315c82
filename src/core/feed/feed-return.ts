/**
 * The way back to the feed's row (spec §2): a note opened from the feed carries the row it was
 * opened from, and the feed's own history entry keeps it with what the reader had on screen, so
 * Back brings them to the same row, then the entry forgets it.
 */

/** What the feed's history entry keeps for the way back (ui/components/feed/feed-navigation.ts). */
export interface FeedReturn {
  fromFeed?: boolean
  /** The row the note was opened from. */
  restoreIndex?: number
  /** The newest row the reader had let in: live notes after it wait above on return. */
  feedTopId?: string
  /** Late notes that waited among the rows let in, and wait still on return. */
  feedWaiting?: readonly string[]
  /** The feed (its query key) the reader asked to see without their filters. */
  everyNoteOf?: string
}

/** A history entry's state: the router's own keys and the feed's. */
export type EntryState = Readonly<Record<string, unknown>>

/** The row opened, with the feed's state at that moment (null: none). */
export interface OpenedRow {
  index: number
  topId: string | null
  waiting: readonly string[]
  everyNoteOf: string | null
}

/** The entry's state with the row opened from it, its other keys kept. */
export function rememberedRow(state: EntryState | null, row: OpenedRow): EntryState & FeedReturn {
  return {
    ...state,
    fromFeed: true,
    restoreIndex: row.index,
    feedTopId: row.topId ?? undefined,
    feedWaiting: row.waiting.length > 0 ? row.waiting : undefined,
    everyNoteOf: row.everyNoteOf ?? undefined,
  }
}

/**
 * The entry's state once the row is back: the row forgotten, so a reload later is left to the
 * per-path scroll memory rather than jumping to an old row. The unfiltered view stays.
 */
export function forgottenRow(state: EntryState | null): EntryState {
  const { fromFeed, restoreIndex, feedTopId, feedWaiting, ...rest } = state ?? {}
  return rest
}

/** What bringing the row back does next, once it is asked for. */
export type RestoreStep = 'wait' | 'loadMore' | 'giveUp' | 'restore'

/**
 * The row `index` comes back once the list has it: until pages load, more are asked for while
 * there are more; a list that ends before it gives up.
 */
export function restoreStep(
  index: number,
  count: number,
  pages: { loading: boolean; canLoadMore: boolean },
): RestoreStep {
  if (pages.loading) return 'wait'
  if (count > index) return 'restore'
  return pages.canLoadMore ? 'loadMore' : 'giveUp'
}

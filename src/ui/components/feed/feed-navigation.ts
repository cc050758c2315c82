/**
 * Navigation state between the feed and a note (spec §2; lightning-and-ecash §2): a note opened
 * from the feed carries `fromFeed` and `restoreIndex`, the row it was opened from, and the feed's
 * own history entry keeps them too, so Back (the browser's or the note page's fallback to /)
 * brings the reader to the same row. `feedTopId` is the newest row the reader had let in: live
 * notes that arrived after it wait above, and `feedWaiting` late ones that waited among the rows,
 * so indices still point at the same rows on return.
 * `everyNoteOf` is the feed (its query key) the reader asked to see without their filters: on
 * return the same rows show, and the row index still points at the same note.
 */
declare module '@tanstack/history' {
  interface HistoryState {
    fromFeed?: boolean
    restoreIndex?: number
    feedTopId?: string
    feedWaiting?: readonly string[]
    everyNoteOf?: string
  }
}

export {}

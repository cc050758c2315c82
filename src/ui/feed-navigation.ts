/**
 * Navigation state between the feed and a note (spec §2; lightning-and-ecash §2): a note opened
 * from the feed carries `fromFeed` and `restoreIndex`, the row it was opened from, and the feed's
 * own history entry keeps them too, so Back (the browser's or the note page's fallback to /)
 * brings the reader to the same row. `feedTopId` is the newest row the reader had let in: live
 * notes that arrived after it wait above, so indices still point at the same rows on return.
 */
declare module '@tanstack/history' {
  interface HistoryState {
    fromFeed?: boolean
    restoreIndex?: number
    feedTopId?: string
  }
}

export {}

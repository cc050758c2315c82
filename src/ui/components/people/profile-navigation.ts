/**
 * Navigation state carried into a profile (spec §2): `fromNoteView` when it was opened from a
 * note, `backToPath` where Back should return to.
 */
declare module '@tanstack/history' {
  interface HistoryState {
    fromNoteView?: boolean
    backToPath?: string
  }
}

export {}

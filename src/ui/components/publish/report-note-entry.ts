/**
 * The More menu's Report (feed/note-menu-slot.ts, NIP-56), on other people's notes, for a
 * logged-in viewer only; its item, and the dialog it opens, load when first needed.
 */
import type { NoteMenuEntry } from '../feed/note-menu-slot.ts'

export const reportNoteEntry: NoteMenuEntry = {
  key: 'report',
  offers: (note, viewer) => viewer !== null && viewer !== note.pubkey,
  load: () => import('./ReportNoteItem.tsx').then(({ ReportNoteItem }) => ReportNoteItem),
}

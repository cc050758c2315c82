/**
 * The More menu's Delete (feed/note-menu-slot.ts), on the logged-in user's own notes only; its
 * item, and the dialog it opens, load when first needed.
 */
import type { NoteMenuEntry } from '../feed/note-menu-slot.ts'

export const deleteNoteEntry: NoteMenuEntry = {
  key: 'delete',
  offers: (note, viewer) => viewer !== null && viewer === note.pubkey,
  load: () => import('./DeleteNoteItem.tsx').then(({ DeleteNoteItem }) => DeleteNoteItem),
}

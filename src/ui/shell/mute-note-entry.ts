/**
 * The More menu's mutes (feed/note-menu-slot.ts): the note's author, its thread and each of its
 * hashtags, for a logged-in viewer. Mutes belong to people, a room before feed, so the entry
 * lives here, where rooms meet. Its items load when the menu first opens.
 */
import type { NoteMenuEntry } from '../components/feed/note-menu-slot.ts'

export const muteNoteEntry: NoteMenuEntry = {
  key: 'mute',
  offers: (_note, viewer) => viewer !== null,
  load: () => import('./MuteNoteItems.tsx').then(({ MuteNoteItems }) => MuteNoteItems),
}

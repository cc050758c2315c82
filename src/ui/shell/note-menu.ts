/**
 * The entries of every note's More menu (feed/note-menu-slot.ts), in their order: each room that
 * offers something for a note adds its entry here, and the feed's cards never import them.
 */
import type { NoteMenuEntry } from '../components/feed/note-menu-slot.ts'
import { deleteNoteEntry } from '../components/publish/delete-note-entry.ts'
import { reportNoteEntry } from '../components/publish/report-note-entry.ts'
import { muteNoteEntry } from './mute-note-entry.ts'

export const NOTE_MENU: readonly NoteMenuEntry[] = [deleteNoteEntry, muteNoteEntry, reportNoteEntry]

/**
 * What a note's More menu (NoteMenuButton.tsx) holds, supplied by the shell (src/ui/shell/
 * note-menu.ts): each entry belongs to a room after feed (Delete to publish; Report, Mute author,
 * thread or hashtag to theirs), so the feed's cards receive the entries rather than import them.
 * An entry says at once, with no code loaded, whether it has anything for a note; its item loads
 * with the menu, on the first opening. Without a provider, or with no entry, the card has no menu.
 */
import { type ComponentType, createContext } from 'react'
import type { Note } from '../../../core/feed/note.ts'

export interface NoteMenuItemProps {
  note: Note
}

export interface NoteMenuEntry {
  /** Unique among the entries; they show in the order given. */
  key: string
  /** Whether it has an item for this note, shown to this viewer (logged-in pubkey, or null). */
  offers(note: Note, viewer: string | null): boolean
  /**
   * Its item: a kit MenuItem (or several), which closes the menu when chosen. Loaded on the menu's
   * first opening, so its code (and what it opens) stays off the card's.
   */
  load(): Promise<ComponentType<NoteMenuItemProps>>
}

export const NoteMenuSlot = createContext<readonly NoteMenuEntry[]>([])

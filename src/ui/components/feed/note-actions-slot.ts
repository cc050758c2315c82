/**
 * A note's action bar, supplied by the shell (src/ui/shell/NoteActions.tsx): its buttons reply,
 * like and repost (publish), zap (lightning) and mark queued notes (publish), rooms that come after
 * feed, so the feed's cards receive it rather than import it. Without a provider, no bar.
 */
import { type ComponentType, createContext } from 'react'
import type { Note } from '../../../core/feed/note.ts'

export const NoteActionsSlot = createContext<ComponentType<{ note: Note }> | null>(null)

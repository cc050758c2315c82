import { keepOpenedNote } from '../../../actors/feed/note-queries.ts'
import { useSystem } from '../../system-context.tsx'
import type { NoteMenuItemProps } from '../feed/note-menu-slot.ts'
import { useNoteModal } from '../feed/use-note-modal.ts'
import { MenuItem } from '../kit/Menu.tsx'

/** Delete, in a note's More menu: opens the confirmation (?delete={id}) over the page. */
export function DeleteNoteItem({ note }: NoteMenuItemProps) {
  const { queryClient } = useSystem()
  const modal = useNoteModal('delete')
  return (
    <MenuItem
      danger
      onSelect={() => {
        // The dialog finds the note this card read, wherever that was.
        keepOpenedNote(queryClient, note)
        void modal.open(note.id)
      }}
    >
      Delete
    </MenuItem>
  )
}

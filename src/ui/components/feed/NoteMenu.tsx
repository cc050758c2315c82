/**
 * The More menu of a note (NoteMenuButton.tsx), loaded on its first opening: the items the
 * entries of the slot offer for this note and viewer (note-menu-slot.ts), each loaded then.
 */
import { type ComponentType, type RefObject, Suspense, use, useContext } from 'react'
import type { Note } from '../../../core/feed/note.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { Menu, type MenuFocus, MenuItem } from '../kit/Menu.tsx'
import { type NoteMenuEntry, type NoteMenuItemProps, NoteMenuSlot } from './note-menu-slot.ts'

/** Said when no entry has anything for the note (a visitor, someone else's note). */
export const NO_NOTE_ACTIONS = 'No actions for this note'

/** Said in place of an item whose code did not load (offline after an update, say). */
export const ITEM_NOT_LOADED = 'Not available now'

function NotLoaded() {
  return (
    <MenuItem disabled onSelect={() => {}}>
      {ITEM_NOT_LOADED}
    </MenuItem>
  )
}

/** Each entry's item, loaded once for every card; one that failed is tried again next time. */
const loaded = new WeakMap<NoteMenuEntry, Promise<ComponentType<NoteMenuItemProps>>>()
function itemOf(entry: NoteMenuEntry): Promise<ComponentType<NoteMenuItemProps>> {
  let item = loaded.get(entry)
  if (!item) {
    item = entry.load().catch(() => {
      loaded.delete(entry)
      return NotLoaded
    })
    loaded.set(entry, item)
  }
  return item
}

interface NoteMenuProps {
  note: Note
  id: string
  button: RefObject<HTMLElement | null>
  labelledBy: string
  focus: MenuFocus
  onClose(refocus: boolean): void
}

export default function NoteMenu({ note, ...menu }: NoteMenuProps) {
  const entries = useContext(NoteMenuSlot)
  const { signedIn, pubkey } = useLogin()
  const offered = entries.filter((entry) => entry.offers(note, signedIn ? pubkey : null))
  return (
    <Menu {...menu}>
      {offered.length === 0 ? (
        <MenuItem disabled onSelect={() => {}}>
          {NO_NOTE_ACTIONS}
        </MenuItem>
      ) : (
        offered.map((entry) => (
          // Each item shows once its code is here; the menu takes the focus to the first then.
          <Suspense key={entry.key} fallback={null}>
            <EntryItem entry={entry} note={note} />
          </Suspense>
        ))
      )}
    </Menu>
  )
}

function EntryItem({ entry, note }: { entry: NoteMenuEntry; note: Note }) {
  const Item = use(itemOf(entry))
  return <Item note={note} />
}

/**
 * A note's More button (⋯) and the menu it opens (the WAI-ARIA menu button pattern, kit Menu.tsx):
 * on every card that has an action bar, holding what the rooms after feed offer for the note
 * (note-menu-slot.ts). On every card, so it is a button and nothing more until first opened: the
 * menu's code and its items load then.
 */
import {
  type KeyboardEvent,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useId,
  useRef,
  useState,
} from 'react'
import type { Note } from '../../../core/feed/note.ts'
import type { MenuFocus } from '../kit/Menu.tsx'
import { NoteMenuSlot } from './note-menu-slot.ts'

const NoteMenu = lazy(() => import('./NoteMenu.tsx'))

export function NoteMenuButton({ note }: { note: Note }) {
  const entries = useContext(NoteMenuSlot)
  const [open, setOpen] = useState<MenuFocus | null>(null)
  const button = useRef<HTMLButtonElement>(null)
  const buttonId = useId()
  const menuId = useId()
  const close = useCallback((refocus: boolean) => {
    setOpen(null)
    if (refocus) button.current?.focus()
  }, [])
  if (entries.length === 0) return null

  // ArrowDown and ArrowUp open it too, on its first or last item (Enter and Space click).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    setOpen(event.key === 'ArrowUp' ? 'last' : 'first')
  }

  return (
    <>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="note-more"
        aria-label="More"
        title="More"
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open !== null ? menuId : undefined}
        onClick={() => setOpen((current) => (current === null ? 'first' : null))}
        onKeyDown={onKeyDown}
      />
      {open !== null && (
        <Suspense fallback={null}>
          <NoteMenu
            note={note}
            id={menuId}
            button={button}
            labelledBy={buttonId}
            focus={open}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  )
}

/**
 * A note's More button (⋯) and the menu it opens (the WAI-ARIA menu button pattern, kit Menu.tsx):
 * on every card that has an action bar, holding what the rooms after feed offer for the note
 * (note-menu-slot.ts). On every card, so it is a button and nothing more until first opened: the
 * menu's code and its items load then. Until the menu has them, the focus stays on the button:
 * Escape there, or a press elsewhere, closes it all the same (else it opened late, over what the
 * reader went on to).
 */
import {
  type KeyboardEvent,
  lazy,
  type RefObject,
  Suspense,
  useCallback,
  useContext,
  useEffect,
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
    if (open !== null && (event.key === 'Escape' || event.key === 'Tab')) {
      if (event.key === 'Escape') {
        event.preventDefault()
        // As the menu's own Escape: not the dialog the card may be in.
        event.stopPropagation()
      }
      return setOpen(null)
    }
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
        <Suspense fallback={<MenuLoading button={button} onClose={close} />}>
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

/** While the menu's code loads: a press anywhere but the button (which toggles) closes it. */
function MenuLoading({
  button,
  onClose,
}: {
  button: RefObject<HTMLButtonElement | null>
  onClose(refocus: boolean): void
}) {
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (!button.current?.contains(event.target as Node | null)) onClose(false)
    }
    document.addEventListener('pointerdown', outside, true)
    return () => document.removeEventListener('pointerdown', outside, true)
  }, [button, onClose])
  return null
}

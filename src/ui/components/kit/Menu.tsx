/**
 * A menu opened by a button (the WAI-ARIA menu button pattern): a `menu` of `menuitem`s under
 * its button, drawn in the top layer (a popover), so no card, row or dialog around it clips or
 * covers it. The first item (or the last, opened with ArrowUp) takes the focus; ArrowDown,
 * ArrowUp, Home and End move it, Enter and Space choose, Escape and Tab close it (focus back on the
 * button), and so do a click outside it and choosing an item.
 */
import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react'
import './menu.css'

/** Which item takes the focus as the menu opens. */
export type MenuFocus = 'first' | 'last'

interface MenuProps {
  id: string
  /** The button that opens it: it names the menu, and gets the focus back. */
  button: RefObject<HTMLElement | null>
  /** The id of that button (the menu's name). */
  labelledBy: string
  focus?: MenuFocus
  /** The menu closes; `refocus`: the focus goes back to the button (not after a click elsewhere). */
  onClose(refocus: boolean): void
  children: ReactNode
}

const MenuContext = createContext<{ close(refocus: boolean): void }>({ close: () => {} })

/** Room between the button and the menu, and from the window's edges. */
const GAP_PX = 4

/** Its items, disabled ones too: they take the focus, so they are read out (not chosen). */
const itemsOf = (menu: HTMLElement | null): HTMLElement[] =>
  menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')] : []

/** Under the button, its right edge on the button's; above it when there is no room below. */
function place(menu: HTMLElement, button: HTMLElement): void {
  const anchor = button.getBoundingClientRect()
  const width = menu.offsetWidth
  const height = menu.offsetHeight
  const left = Math.max(GAP_PX, Math.min(anchor.right - width, window.innerWidth - width - GAP_PX))
  const below = anchor.bottom + GAP_PX
  const top =
    below + height > window.innerHeight && anchor.top - GAP_PX - height >= 0
      ? anchor.top - GAP_PX - height
      : below
  menu.style.left = `${left}px`
  menu.style.top = `${top}px`
}

export function Menu({ id, button, labelledBy, focus = 'first', onClose, children }: MenuProps) {
  const menu = useRef<HTMLDivElement>(null)
  const close = useRef(onClose)
  close.current = onClose

  // Shown in the top layer, placed under the button, and kept there as the page scrolls.
  useLayoutEffect(() => {
    const element = menu.current
    const anchor = button.current
    if (!element || !anchor) return
    element.showPopover?.()
    const follow = () => place(element, anchor)
    follow()
    window.addEventListener('scroll', follow, { capture: true, passive: true })
    window.addEventListener('resize', follow)
    return () => {
      window.removeEventListener('scroll', follow, { capture: true })
      window.removeEventListener('resize', follow)
      if (element.matches?.(':popover-open')) element.hidePopover?.()
    }
  }, [button])

  // The first (or last) item takes the focus, also when the items come after the menu (their
  // code loading).
  useEffect(() => {
    const element = menu.current
    if (!element) return
    const take = () => {
      if (element.contains(document.activeElement)) return false
      const items = itemsOf(element)
      const item = focus === 'last' ? items.at(-1) : items[0]
      item?.focus()
      return item !== undefined
    }
    if (take()) return
    const watch = new MutationObserver(() => {
      if (take()) watch.disconnect()
    })
    watch.observe(element, { childList: true, subtree: true })
    return () => watch.disconnect()
  }, [focus])

  // A press anywhere else closes it; the button's own press is the button's (it toggles).
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      const target = event.target as Node | null
      if (menu.current?.contains(target) || button.current?.contains(target)) return
      close.current(false)
    }
    document.addEventListener('pointerdown', outside, true)
    return () => document.removeEventListener('pointerdown', outside, true)
  }, [button])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemsOf(menu.current)
    const at = items.indexOf(document.activeElement as HTMLElement)
    const move = (index: number) => {
      event.preventDefault()
      items[(index + items.length) % items.length]?.focus()
    }
    switch (event.key) {
      case 'ArrowDown':
        return move(at + 1)
      case 'ArrowUp':
        return move(at < 0 ? items.length - 1 : at - 1)
      case 'Home':
        return move(0)
      case 'End':
        return move(items.length - 1)
      case 'Escape':
      case 'Tab':
        event.preventDefault()
        // Escape closes the menu, not the dialog it may be in.
        event.stopPropagation()
        return close.current(true)
    }
  }

  return (
    <MenuContext.Provider value={{ close: (refocus) => close.current(refocus) }}>
      <div
        ref={menu}
        id={id}
        className="menu"
        role="menu"
        aria-labelledby={labelledBy}
        popover="manual"
        onKeyDown={onKeyDown}
        // A click inside is the menu's: not the card's under it (which opens the note).
        onClick={(event) => event.stopPropagation()}
      >
        {children}
      </div>
    </MenuContext.Provider>
  )
}

interface MenuItemProps {
  onSelect(): void
  /** An item that destroys something (Delete): said in the danger colour. */
  danger?: boolean
  /** Shown and read out, not chosen. */
  disabled?: boolean
  children: ReactNode
}

/** One choice of the menu: chosen, it closes the menu, the focus back on the button. */
export function MenuItem({ onSelect, danger = false, disabled = false, children }: MenuItemProps) {
  const { close } = useContext(MenuContext)
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={danger ? 'menu-item menu-item-danger' : 'menu-item'}
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (disabled) return
        close(true)
        onSelect()
      }}
    >
      {children}
    </button>
  )
}

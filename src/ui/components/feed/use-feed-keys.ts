/**
 * Keyboard reading of the feed: j and k move the focus to the next and previous note, scrolling
 * it into view, through the virtual list too (a row not rendered yet is scrolled to, then
 * focused). Enter on a focused note opens it (NoteCard); Escape closes dialogs (Modal).
 * Keys come faster than the list renders (a held j on a busy phone): each one moves from the row
 * the one before asked for, kept as it is asked, never read back from a page not rendered yet.
 */
import type { Virtualizer } from '@tanstack/react-virtual'
import { type RefObject, useCallback, useEffect, useMemo, useRef } from 'react'

/** Room under the sticky header, as the .note scroll-margin in styles.css. */
const HEADER_PX = 64

type FeedVirtualizer = Pick<Virtualizer<Window, Element>, 'scrollToIndex'>

const rowIndex = (element: Element | null): number | null => {
  const row = element?.closest('[data-index]')
  return row ? Number(row.getAttribute('data-index')) : null
}

/** Whether keys typed now are the user's text rather than commands. */
export function typing(target: EventTarget | null): boolean {
  const element = target instanceof Element ? target : null
  return Boolean(
    element?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]'),
  )
}

export interface RowFocus {
  /** Focuses row `index`, scrolling it into view; a row not rendered yet once it is. */
  focusRow(index: number): void
  /** The row asked for that is not rendered yet, if any. */
  pendingRow(): number | null
}

/** Focuses rows of the list, scrolling them into view. */
export function useRowFocus(
  list: RefObject<HTMLElement | null>,
  virtualizer: FeedVirtualizer,
): RowFocus {
  const pending = useRef<number | null>(null)
  const article = useCallback(
    (index: number) =>
      list.current?.querySelector<HTMLElement>(`[data-index="${index}"] article`) ?? null,
    [list],
  )
  const focusRow = useCallback(
    (index: number) => {
      const element = article(index)
      if (!element) {
        // Not rendered: scroll the virtual list there, focus once it is (effect below).
        pending.current = index
        virtualizer.scrollToIndex(index, { align: 'start' })
        return
      }
      pending.current = null
      element.focus({ preventScroll: true })
      const rect = element.getBoundingClientRect()
      if (rect.top < HEADER_PX || rect.bottom > window.innerHeight) {
        element.scrollIntoView({ block: 'start' })
      }
    },
    [article, virtualizer],
  )
  // After every render: the row asked for may have just appeared.
  useEffect(() => {
    if (pending.current === null) return
    const element = article(pending.current)
    if (!element) return
    pending.current = null
    element.focus({ preventScroll: true })
  })
  const pendingRow = useCallback(() => pending.current, [])
  return useMemo(() => ({ focusRow, pendingRow }), [focusRow, pendingRow])
}

/**
 * j / k over `count` rows of the list. A j past the last row loaded while more can load waits
 * for them (the feed asks for the next page as the end comes into view), so a held j does not
 * stop at the end of a page, however many pages ahead it counted.
 */
export function useFeedKeys(
  list: RefObject<HTMLElement | null>,
  count: number,
  { focusRow, pendingRow }: RowFocus,
  more: boolean,
) {
  const lastFocused = useRef<number | null>(null)
  /** The row a j went to before it was loaded. */
  const waiting = useRef<number | null>(null)
  useEffect(() => {
    const index = waiting.current
    if (index === null) return
    if (index < count) {
      waiting.current = null
      focusRow(index)
      return
    }
    // Still past the rows: the focus goes as far as they do, so the screen reaches their end and
    // the next page is asked for (a screen left higher up would not ask, and the key would wait
    // for ever). With none left to load, it stays on the last row.
    if (!more) waiting.current = null
    if (count > 0) focusRow(count - 1)
  }, [count, focusRow, more])

  useEffect(() => {
    const element = list.current
    if (!element) return
    const onFocusIn = (event: FocusEvent) => {
      lastFocused.current = rowIndex(event.target as Element)
    }
    element.addEventListener('focusin', onFocusIn)
    return () => element.removeEventListener('focusin', onFocusIn)
  }, [list])

  useEffect(() => {
    const inView = (index: number | null): boolean => {
      if (index === null) return false
      const row = list.current?.querySelector(`[data-index="${index}"]`)
      const rect = row?.getBoundingClientRect()
      return Boolean(rect && rect.bottom > HEADER_PX && rect.top < window.innerHeight)
    }
    /**
     * The row the reader is at: the focused (or last focused) one while it is in view; after
     * scrolling away from it, the row before the first one in view, so j lands on that one.
     */
    const current = (): number | null => {
      const active = list.current?.contains(document.activeElement) ? document.activeElement : null
      const focused = rowIndex(active) ?? lastFocused.current
      if (inView(focused)) return focused
      for (const row of list.current?.querySelectorAll('[data-index]') ?? []) {
        if (row.getBoundingClientRect().bottom > HEADER_PX + 1) return (rowIndex(row) ?? 0) - 1
      }
      return null
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'j' && event.key !== 'k') return
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      if (typing(event.target) || document.querySelector('dialog[open]')) return
      // The row asked for last while it is not there yet: the focus and the page still show
      // the row before it, and reading them would lose this key or jump back. A k goes back from
      // the rows there are, not from a j's count past them (the reader sees the focus on the
      // last row, and the count may still wait on a page that turns out empty).
      const asked = event.key === 'j' ? waiting.current : null
      const at = asked ?? pendingRow() ?? current()
      const next = event.key === 'j' ? (at ?? -1) + 1 : Math.max((at ?? 0) - 1, 0)
      if (next >= count && !more) return
      event.preventDefault()
      if (next >= count) {
        waiting.current = next
        return
      }
      waiting.current = null
      focusRow(next)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [list, count, focusRow, pendingRow, more])
}

import { type RefObject, useEffect, useRef, useState } from 'react'

/**
 * The list's distance from the top of the document: the virtual list's scroll margin. Read when
 * the ResizeObserver reports, after the browser's layout (reading it as the feed mounts forced
 * one), first as observing starts, then as whatever is above the list (the tabs, the bars above
 * the main column) changes height. The parent also grows with every row measured: only a new offset re-renders.
 */
export function useListOffset(list: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0)
  const last = useRef(offset)
  useEffect(() => {
    const element = list.current
    if (!element?.parentElement) return
    const observer = new ResizeObserver(() => {
      const top = element.getBoundingClientRect().top + window.scrollY
      if (top === last.current) return
      last.current = top
      setOffset(top)
    })
    observer.observe(element.parentElement)
    // What comes above the main column (the Install bar, the offline notice) moves the list
    // without resizing its parent: the page's height changes with it.
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [list])
  return offset
}

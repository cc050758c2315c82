/**
 * Live notes arriving on top must not move the page under a reader who has scrolled down: while
 * away from the top, rows newer than the top row at that moment wait above, counted, until the
 * reader comes back to the top or asks for them.
 */
import { useEffect, useRef, useState } from 'react'
import type { FeedEntry } from '../../../core/feed/feed-entry.ts'

/** Scrolled less than this, the reader is at the top: new rows come in at once. */
const AT_TOP_PX = 48

export interface HeldRows {
  rows: readonly FeedEntry[]
  /** Rows waiting above. */
  held: number
  /** The newest row shown. */
  topId: string | null
  /** Shows the waiting rows, from the top. */
  release(): void
}

/** `initialTopId`: the newest row shown when the reader left (restored from history). */
export function useHeldRows(all: readonly FeedEntry[], initialTopId: string | null): HeldRows {
  const [topId, setTopId] = useState<string | null>(initialTopId)
  const newest = useRef<string | null>(null)
  newest.current = all[0]?.id ?? null

  // Only scrolling decides: at mount a restored page is not at its place yet.
  useEffect(() => {
    const onScroll = () => {
      const atTop = window.scrollY < AT_TOP_PX
      setTopId((current) => {
        if (atTop) return null
        return current ?? newest.current
      })
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  const index = topId === null ? 0 : all.findIndex((entry) => entry.id === topId)
  // The top row left the list (filters changed): nothing is held.
  const held = Math.max(index, 0)
  return {
    rows: held === 0 ? all : all.slice(held),
    held,
    topId: all[held]?.id ?? null,
    release: () => {
      window.scrollTo({ top: 0 })
      setTopId(null)
      // The rows let in are measured before the virtualizer hears of the scroll: it keeps its
      // old offset and moves the page back down to hold it. The top again, once they are in.
      requestAnimationFrame(() => {
        if (window.scrollY !== 0) window.scrollTo({ top: 0 })
      })
    },
  }
}

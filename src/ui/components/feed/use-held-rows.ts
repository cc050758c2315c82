/**
 * Live notes wait above a reader who has scrolled down (core/feed/held-rows.ts): the scroll moves
 * the pin, and Show shows the waiting rows from the top.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { FeedEntry } from '../../../core/feed/feed-entry.ts'
import { heldRows, pinnedTopId } from '../../../core/feed/held-rows.ts'
import { onReaderInput } from '../app/reader-input.ts'

export interface HeldRows {
  rows: readonly FeedEntry[]
  /** Rows waiting above. */
  held: number
  /** The newest row shown. */
  topId: string | null
  /** The rows waiting under it (late notes among the rows shown), for the way back. */
  waitingIds(): string[]
  /** Shows the waiting rows, from the top. */
  release(): void
}

/**
 * `initial`: the newest row shown when the reader left for a note, and the rows that waited under
 * it (restored from history).
 */
export function useHeldRows(
  all: readonly FeedEntry[],
  initial: { topId: string | null; waiting: readonly string[] },
): HeldRows {
  const [topId, setTopId] = useState<string | null>(initial.topId)
  const newest = useRef<string | null>(null)
  newest.current = all[0]?.id ?? null
  // Every row let in while away from the top: ids only, forgotten at the top.
  const [shown] = useState(() => new Set<string>())
  const [waiting] = useState(() => new Set(initial.waiting))
  const held = useMemo(
    () => heldRows(all, topId === null ? null : { topId, shown, waiting }),
    [all, topId, shown, waiting],
  )
  // After the commit: a render React drops has let nothing in. At the top, all is forgotten.
  useLayoutEffect(() => {
    if (topId === null) {
      shown.clear()
      waiting.clear()
    } else for (const { id } of held.rows) shown.add(id)
  }, [held, topId, shown, waiting])

  // Only scrolling decides: at mount a restored page is not at its place yet.
  useEffect(() => {
    const onScroll = () => {
      const scrollY = window.scrollY
      setTopId((current) => pinnedTopId(current, scrollY, newest.current))
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  const waitingIds = useCallback(() => {
    const letIn = new Set(held.rows.map(({ id }) => id))
    const top = all.findIndex(({ id }) => id === held.topId)
    return all.slice(top + 1).flatMap(({ id }) => (letIn.has(id) ? [] : [id]))
  }, [all, held])

  return {
    ...held,
    waitingIds,
    release: () => {
      window.scrollTo({ top: 0 })
      setTopId(null)
      holdTop()
    },
  }
}

/** How long the page is held at the top after Show: measured rows under load take longer. */
const HOLD_TOP_MS = 2000

/**
 * The rows let in are measured after the virtualizer last heard of the scroll: it keeps its old
 * offset and moves the page back down to hold it, one frame or (on a busy phone) many later. Any
 * scroll that is not the reader's is undone until the hold ends or the reader moves.
 */
function holdTop(): void {
  const toTop = () => {
    if (window.scrollY !== 0) window.scrollTo({ top: 0 })
  }
  const stop = () => {
    clearTimeout(deadline)
    window.removeEventListener('scroll', toTop)
    stopListening()
  }
  const deadline = setTimeout(stop, HOLD_TOP_MS)
  window.addEventListener('scroll', toTop, { passive: true })
  const stopListening = onReaderInput(stop)
  requestAnimationFrame(toTop)
}

import { type HistoryState, useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'

/**
 * Back from a note opened here: the row it was opened from comes back into view, focused, once
 * enough pages are loaded again (the cache usually still has them).
 */
export function useRestoreRow(
  index: number | undefined,
  count: number,
  focusRow: (index: number) => void,
  pages: { loading: boolean; canLoadMore: boolean; loadMore(): void },
) {
  const router = useRouter()
  const done = useRef(index === undefined)
  const focus = useRef(focusRow)
  focus.current = focusRow
  // The router sets the window's scroll once the page has rendered (the top, without a saved
  // place): the row is brought back after that too, once.
  useEffect(() => {
    if (index === undefined) return
    const stop = router.subscribe('onRendered', () => {
      stop()
      if (done.current) focus.current(index)
    })
    return stop
  }, [router, index])
  useEffect(() => {
    if (done.current || index === undefined || pages.loading) return
    if (count <= index) {
      if (pages.canLoadMore) pages.loadMore()
      else done.current = true
      return
    }
    done.current = true
    focusRow(index)
    forgetRow()
  })
}

/**
 * The row is back: the entry forgets it, so a reload later is left to the per-path scroll memory
 * (use-scroll-memory.ts) rather than jumping to an old row.
 */
function forgetRow() {
  const { fromFeed, restoreIndex, feedTopId, ...rest } =
    (window.history.state as HistoryState | null) ?? {}
  window.history.replaceState(rest, '')
}

import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { forgetFeedRow } from '../../../actors/feed/feed-history.ts'
import { restoreStep } from '../../../core/feed/feed-return.ts'

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
    if (done.current || index === undefined) return
    switch (restoreStep(index, count, pages)) {
      case 'wait':
        return
      case 'loadMore':
        pages.loadMore()
        return
      case 'giveUp':
        done.current = true
        return
      case 'restore':
        done.current = true
        focusRow(index)
        // A reload later is left to the per-path scroll memory (use-scroll-memory.ts).
        forgetFeedRow()
    }
  })
}

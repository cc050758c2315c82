/**
 * Window scroll position per path (spec §2): saved once scrolling has settled for 100 ms, and on
 * leaving the page; restored when the path is shown again, or the top when none was saved. A
 * change of query only (an overlay opening or closing) keeps the page where it was.
 *
 * A page whose content arrives just after it renders may be too short at first: the position is
 * tried again as the page grows, until it fits, the reader scrolls, or RESTORE_WAIT_MS passes.
 * The feed restores its own row on Back (state restoreIndex); this leaves that entry to it.
 */
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { loadScrollPositions, saveScrollPositions } from '../../../actors/app/scroll-store.ts'
import {
  SCROLL_SAVE_DEBOUNCE_MS,
  scrollPositionFor,
  withScrollPosition,
} from '../../../core/app/scroll-positions.ts'

import { onReaderInput } from './reader-input.ts'

/** How long a restore waits for a page to grow tall enough. */
const RESTORE_WAIT_MS = 1500

export function useScrollMemory(): void {
  const router = useRouter()
  useEffect(() => {
    let positions = loadScrollPositions()
    let path = router.state.location.pathname
    let timer: ReturnType<typeof setTimeout> | undefined
    // Between leaving a page and showing the next, scrolling (the old page shrinking) is no one's.
    let navigating = false
    let stopRestore: (() => void) | null = null
    // Whether the entry being navigated to asked the feed to bring its row back (restoreIndex),
    // read as the navigation starts: the feed takes the row out of the entry once it is back, and
    // under load that replace reaches the router before this navigation's onRendered does.
    let feedRow = false

    const save = () => {
      clearTimeout(timer)
      timer = undefined
      positions = withScrollPosition(positions, path, window.scrollY)
      saveScrollPositions(positions)
    }
    const onScroll = () => {
      if (navigating || stopRestore) return
      clearTimeout(timer)
      timer = setTimeout(save, SCROLL_SAVE_DEBOUNCE_MS)
    }

    const restore = (y: number) => {
      stopRestore?.()
      window.scrollTo({ top: y, left: 0, behavior: 'instant' })
      if (Math.abs(window.scrollY - y) < 1) return
      const deadline = setTimeout(() => stop(), RESTORE_WAIT_MS)
      const observer = new ResizeObserver(() => {
        window.scrollTo({ top: y, left: 0, behavior: 'instant' })
        if (Math.abs(window.scrollY - y) < 1) stop()
      })
      const stop = () => {
        clearTimeout(deadline)
        observer.disconnect()
        stopListening()
        if (stopRestore === stop) stopRestore = null
      }
      observer.observe(document.body)
      const stopListening = onReaderInput(stop)
      stopRestore = stop
    }

    // The browser's own restoration would fight this one on Back and on reload.
    window.history.scrollRestoration = 'manual'
    // A reload keeps the place too (the feed's own row, when its entry names one).
    const initial = positions.get(path)
    if (initial !== undefined && router.state.location.state.restoreIndex === undefined) {
      restore(initial)
    }

    const offBefore = router.subscribe('onBeforeNavigate', (event) => {
      if (!navigating && !stopRestore) save()
      stopRestore?.()
      navigating = true
      feedRow ||= event.toLocation.state.restoreIndex !== undefined
    })
    const offRendered = router.subscribe('onRendered', (event) => {
      navigating = false
      const next = event.toLocation.pathname
      // The first render of the app is an arrival too, whatever `path` says.
      const samePage = event.fromLocation !== undefined && next === path
      path = next
      const rowRestored = feedRow || event.toLocation.state.restoreIndex !== undefined
      feedRow = false
      // The feed brings its row back itself (Feed.tsx, restoreIndex in the entry's state).
      if (!samePage && rowRestored) return
      // The router moves the window to the top after every navigation that does not ask it
      // not to; for the same page under an overlay, its saved place is put back.
      restore(scrollPositionFor(positions, next))
    })
    const onPageHide = () => {
      if (!navigating && !stopRestore) save()
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('pagehide', onPageHide)
    return () => {
      offBefore()
      offRendered()
      stopRestore?.()
      clearTimeout(timer)
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('pagehide', onPageHide)
    }
  }, [router])
}

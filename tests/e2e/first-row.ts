import type { Page } from '@playwright/test'
import { START_MARKS } from '../../src/core/app/start-marks.ts'

/**
 * Watches the early feed's first row from the page's start: when it was first on screen (the
 * earliest Element Timing render time of what it holds), when a second row was in the DOM, and
 * the most rows any one task added after the first (a MutationObserver's callback runs at the
 * end of the task that changed the DOM).
 */
export const watchFirstRow = (page: Page) =>
  page.addInitScript(() => {
    const seen = window as unknown as {
      firstRowOnScreen?: number
      secondRowAt?: number
      mostRowsInATask?: number
    }
    new MutationObserver((records) => {
      let added = 0
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement && node.matches('.early-feed .feed > article')) added++
        }
      }
      seen.mostRowsInATask = Math.max(seen.mostRowsInATask ?? 0, added)
    }).observe(document, { childList: true, subtree: true })
    new PerformanceObserver((list) => {
      const first = document.querySelector('.early-feed article')
      for (const entry of list.getEntries()) {
        const { element, renderTime } = entry as PerformanceEntry & {
          element: Element | null
          renderTime: number
        }
        if (!first || !element || !first.contains(element)) continue
        seen.firstRowOnScreen = Math.min(seen.firstRowOnScreen ?? renderTime, renderTime)
      }
    }).observe({ type: 'element', buffered: true })
    let watched = false
    new MutationObserver((_, observer) => {
      const rows = document.querySelectorAll('.early-feed article')
      const first = rows[0]
      // Timed whether or not the page asks for it: before the frame that paints the row.
      if (first && !watched) {
        watched = true
        for (const element of [first, ...first.querySelectorAll('*')]) {
          element.setAttribute('elementtiming', 'first-row')
        }
      }
      if (rows.length < 2) return
      seen.secondRowAt = performance.now()
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
  })

/** What watchFirstRow saw, with the start-up script's mark of the first row drawn. */
export const firstRow = (page: Page) =>
  page.evaluate((drawnMark) => {
    const seen = window as unknown as {
      firstRowOnScreen?: number
      secondRowAt?: number
      mostRowsInATask?: number
    }
    return {
      drawn: performance.getEntriesByName(drawnMark)[0]?.startTime ?? null,
      onScreen: seen.firstRowOnScreen ?? null,
      secondRowAt: seen.secondRowAt ?? null,
      mostRowsInATask: seen.mostRowsInATask ?? 0,
    }
  }, START_MARKS.drawn)

/**
 * Memory while scrolling the feed: a relay holding 10,000 notes (bench/ingest-events.ts), the app
 * scrolled down until 200 notes have been shown, then on to 2,000. At each mark the garbage is
 * collected (DevTools protocol) and the used JS heap read. The feed is virtualized, so the heap
 * after 2,000 notes should stay close to the heap after 200: target ratio under 1.2.
 */
import { fileURLToPath } from 'node:url'
import type { CDPSession, Page } from 'playwright-core'
import { startRelay } from '../tests/peers/relay.ts'
import type { Measure } from './context.ts'
import { ingestEvents } from './ingest-events.ts'
import { round } from './stats.ts'
import { openTappedApp } from './tapped-app.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const MARKS = [200, 2000] as const
const TARGET_RATIO = 1.2
/** No new note for this long while scrolling: the feed has stalled. */
const STALL_MS = 20_000

/** The highest aria-posinset among the feed's articles: how far the reader has come. */
const FURTHEST = `Math.max(0, ...[...document.querySelectorAll('[role=feed] article')]
  .map((article) => Number(article.getAttribute('aria-posinset')) || 0))`

async function scrollTo(page: Page, notes: number): Promise<void> {
  let furthest = 0
  let movedAt = Date.now()
  while (furthest < notes) {
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)')
    await page.waitForTimeout(50)
    const now = Number(await page.evaluate(FURTHEST))
    if (now > furthest) {
      furthest = now
      movedAt = Date.now()
    } else if (Date.now() - movedAt > STALL_MS) {
      throw new Error(`the feed stalled at note ${furthest} of ${notes}`)
    }
  }
}

async function usedHeapMiB(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  return usedSize / 1024 / 1024
}

export const scrollHeap: Measure = {
  name: 'scroll heap',
  async run(context) {
    const relay = await startRelay({ seed: await ingestEvents(ROOT) })
    try {
      const app = await openTappedApp(context, [relay.url])
      try {
        const { page } = app
        const cdp = await page.context().newCDPSession(page)
        const heap: number[] = []
        const elements: number[] = []
        for (const mark of MARKS) {
          await scrollTo(page, mark)
          // Past the query cache's next save (every 2 s), which holds a copy while it writes.
          await page.waitForTimeout(2500)
          heap.push(round(await usedHeapMiB(cdp), 1))
          elements.push(Number(await page.evaluate('document.getElementsByTagName("*").length')))
        }
        const [atFirst, atLast] = heap as [number, number]
        return [
          {
            name: `JS heap after scrolling ${MARKS[1]} notes (ref: after ${MARKS[0]}; garbage collected)`,
            unit: 'MiB',
            value: atLast,
            reference: atFirst,
            target: null,
            details: { heapMiB: heap, domElements: elements, problems: app.problems },
          },
          {
            name: `  heap growth from ${MARKS[0]} to ${MARKS[1]} notes`,
            unit: '×',
            value: round(atLast / atFirst, 2),
            reference: null,
            target: { max: TARGET_RATIO, inclusive: false },
          },
        ]
      } finally {
        await app.close()
      }
    } finally {
      await relay.close()
    }
  },
}

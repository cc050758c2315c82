/**
 * When what the page drew is on screen: in the DOM is not yet seen. On this host, the early
 * feed's first row was presented 40-240 ms after the frame that drew it was committed (traces of
 * cold loads): its raster waited for cores that the page's next tasks, and the app's scripts
 * parsed beside them, had taken.
 */

/** The longest whenOnScreen waits: past it, the page goes on as if it were (nothing painted it). */
export const ON_SCREEN_WAIT_MS = 250

/** The identifier whenOnScreen gives what it watches (Element Timing's `elementtiming`). */
const WATCHED = 'plume-on-screen'

/**
 * Runs `run` once, when the text or a picture of `drawn` (or anything in it, as drawn now) is
 * first presented (Element Timing's render time), or ON_SCREEN_WAIT_MS from now, whichever is
 * first. Where Element Timing is not supported, once the next frame is painted; in a hidden page,
 * at once (nothing is painted there).
 */
export function whenOnScreen(drawn: Element, run: () => void): void {
  if (document.visibilityState === 'hidden') return void setTimeout(run)
  if (!PerformanceObserver.supportedEntryTypes.includes('element')) {
    return void requestAnimationFrame(() => setTimeout(run))
  }
  for (const element of [drawn, ...drawn.querySelectorAll('*')]) {
    element.setAttribute('elementtiming', WATCHED)
  }
  let ran = false
  const once = () => {
    if (ran) return
    ran = true
    observer.disconnect()
    clearTimeout(timer)
    run()
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => presents(drawn, entry))) once()
  })
  const timer = setTimeout(once, ON_SCREEN_WAIT_MS)
  observer.observe({ type: 'element', buffered: true })
}

/** Whether an Element Timing entry is of `drawn` or what it holds (lib.dom lacks its type). */
function presents(drawn: Element, entry: PerformanceEntry): boolean {
  const element: unknown = (entry as { element?: unknown }).element
  return element instanceof Node && drawn.contains(element)
}

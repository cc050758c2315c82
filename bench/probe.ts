/** What the probe writes to the console once it has noted the first note (firstNoteSignal). */
export const FIRST_NOTE_SIGNAL = 'plume-bench: first note'

/**
 * Runs in the page before any of its scripts: notes when the first `[role=feed] article` (or the
 * start-up script's early feed's, `.early-feed article`) is in the DOM and visible, and when its
 * text or picture was first presented on screen (Element Timing's render time: the attribute is
 * set on the card and everything in it before the frame that paints them), by the page's own
 * clock (ms since navigation start); then says so on the console. The first note is the painted
 * time: in the DOM, a note is not yet on screen (on this host, the first layout of the app's
 * card waited 128-166 ms for the browser to find 6 fonts, after the note was in the DOM). A
 * string, not a function: tsx adds name helpers to functions that do not exist in the browser.
 * It also notes when the app's own rows (\`[role=feed] article\`) are first in the DOM.
 */
export const FIRST_NOTE_PROBE = `(() => {
  performance.setResourceTimingBufferSize(10000)
  const firstCard = () => document.querySelector('[role=feed] article, .early-feed article')
  const observer = new MutationObserver(() => {
    const article = firstCard()
    if (!(article instanceof HTMLElement) || !article.checkVisibility()) return
    observer.disconnect()
    window.__benchFirstNoteInDom = performance.now()
    for (const element of [article, ...article.querySelectorAll('*')]) {
      element.setAttribute('elementtiming', 'plume-bench')
    }
    new PerformanceObserver((list, painted) => {
      const entry = list.getEntries().find((entry) => article.contains(entry.element))
      if (!entry) return
      painted.disconnect()
      window.__benchFirstNote = entry.renderTime || entry.loadTime
      console.debug(${JSON.stringify(FIRST_NOTE_SIGNAL)})
    }).observe({ type: 'element', buffered: true })
  })
  observer.observe(document, { childList: true, subtree: true, attributes: true })
  const app = new MutationObserver(() => {
    if (!document.querySelector('[role=feed] article')) return
    window.__benchAppRows = performance.now()
    app.disconnect()
  })
  app.observe(document, { childList: true, subtree: true })
})()`

/**
 * Plume's home feed as it was measured from the start: every note, pictures as pictures. A fresh
 * install shows only notes with pictures tagged #bitcoin, #nostr or #news, drawn as ASCII art,
 * which would time a different first note. Set before the app's scripts, where nothing is stored.
 */
export const PLAIN_FEED = `(() => {
  const plain = { filterByImageNotesOnly: 'false', customHashtags: '[]', useAscii: 'false' }
  for (const key of Object.keys(plain)) {
    if (localStorage.getItem(key) === null) localStorage.setItem(key, plain[key])
  }
})()`

/** What the page reports once the probe has fired, with the start's marks (core/app/start-marks.ts). */
export const READ_PROBE = `({
  timeOrigin: performance.timeOrigin,
  firstNote: window.__benchFirstNote,
  firstNoteInDom: window.__benchFirstNoteInDom,
  appRows: window.__benchAppRows ?? null,
  marks: performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime]),
  now: performance.now(),
})`

export interface ProbeReading {
  timeOrigin: number
  /** when the frame drawing the first note was painted */
  firstNote: number
  /** when the first note was in the DOM and visible, before its frame */
  firstNoteInDom: number
  /** when the app's own rows came, if they have */
  appRows: number | null
  /** the page's User Timing marks by name, the first of each */
  marks: Map<string, number>
  now: number
}

export function parseProbeReading(value: unknown): ProbeReading {
  const record = (value ?? {}) as Partial<Record<keyof ProbeReading, unknown>>
  const { timeOrigin, firstNote, firstNoteInDom, appRows, marks, now } = record
  if (
    typeof timeOrigin !== 'number' ||
    typeof firstNote !== 'number' ||
    typeof firstNoteInDom !== 'number' ||
    typeof now !== 'number' ||
    !(appRows === null || typeof appRows === 'number') ||
    !Array.isArray(marks)
  ) {
    throw new Error(`unexpected probe reading: ${JSON.stringify(value)}`)
  }
  const byName = new Map<string, number>()
  for (const [name, at] of marks as [string, number][]) if (!byName.has(name)) byName.set(name, at)
  return { timeOrigin, firstNote, firstNoteInDom, appRows, marks: byName, now }
}

/** Resource Timing of a page or worker: bodies as transferred, start by that scope's clock. */
export const READ_RESOURCES = `({
  timeOrigin: performance.timeOrigin,
  entries: performance.getEntriesByType('resource').map((entry) => ({
    url: entry.name,
    startTime: entry.startTime,
    encodedBodySize: entry.encodedBodySize,
    decodedBodySize: entry.decodedBodySize,
  })),
})`

export interface ResourceReading {
  timeOrigin: number
  entries: { url: string; startTime: number; encodedBodySize: number; decodedBodySize: number }[]
}

export function parseResourceReading(value: unknown): ResourceReading {
  const record = (value ?? {}) as { timeOrigin?: unknown; entries?: unknown }
  if (typeof record.timeOrigin !== 'number' || !Array.isArray(record.entries)) {
    throw new Error('unexpected resource timing reading')
  }
  return record as ResourceReading
}

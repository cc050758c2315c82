/**
 * One cold page load: a fresh browser context (empty HTTP cache, no storage), the first-note
 * probe, Resource Timing from the page and its workers, and the WebSocket frames the page sends
 * (seen by Playwright, so the app itself is not instrumented).
 */
import type { Browser, Page } from 'playwright-core'
import { firstNoteSignal } from './page-wait.ts'
import {
  FIRST_NOTE_PROBE,
  parseProbeReading,
  parseResourceReading,
  READ_PROBE,
  READ_RESOURCES,
  type ResourceReading,
} from './probe.ts'

const SETTLE_MS = 300

export interface LoadedResource {
  url: string
  /** ms after navigation start, by the page's clock (worker entries converted). */
  startMs: number
  /** Body bytes as transferred (after Content-Encoding). */
  encodedBytes: number
  decodedBytes: number
  scope: 'page' | 'worker'
}

export interface SentFrame {
  /** ms after navigation start. */
  atMs: number
  payload: string
}

export interface LoadSample {
  /** the first note painted (FIRST_NOTE_PROBE) */
  firstNoteMs: number
  /** the first note in the DOM, before the frame that painted it */
  firstNoteInDomMs: number
  /** when the app's own rows came, if they had by the end of the load */
  appRowsMs: number | null
  /** the start's marks (core/app/start-marks.ts) by name, ms since navigation */
  startMarks: Map<string, number>
  resources: LoadedResource[]
  framesSent: SentFrame[]
  /** Console errors and warnings, page errors, failed or 4xx/5xx requests. */
  problems: string[]
}

export interface LoadOptions {
  /** Keep the page open until this many ms after navigation (0: only until the first note). */
  observeMs: number
  timeoutMs: number
  /** Run in the page before its scripts, after the probe (Plume's PLAIN_FEED). */
  initScript?: string
}

export function watchProblems(page: Page, problems: string[]): void {
  page.on('console', (message) => {
    const type = message.type()
    if (type === 'error' || type === 'warning') problems.push(`console.${type}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
  page.on('requestfailed', (request) =>
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? '?'})`),
  )
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`)
  })
}

/** `REQ×5, CLOSE×2`: the message types of some frames, for a failure message. */
function tally(payloads: string[]): string {
  const counts = new Map<string, number>()
  for (const payload of payloads) {
    const type = /^\s*\[\s*"(\w+)"/.exec(payload)?.[1] ?? '?'
    counts.set(type, (counts.get(type) ?? 0) + 1)
  }
  return [...counts].map(([type, count]) => `${type}×${count}`).join(', ') || 'none'
}

/** Why a page showed no note: its frames, its visible text, what it complained about. */
async function diagnose(
  page: Page,
  sent: string[],
  received: string[],
  problems: string[],
): Promise<string> {
  const text = await page
    .evaluate('document.body ? document.body.innerText : ""')
    .then((value) => String(value).replace(/\s+/g, ' ').trim().slice(0, 200))
    .catch(() => '(page unreadable)')
  const complaints = [...new Set(problems)].slice(0, 3).join(' | ')
  return `sent ${tally(sent)}; received ${tally(received)}; page says "${text}"${complaints ? `; ${complaints}` : ''}`
}

/** Page and worker entries on the page's clock. */
async function readResources(page: Page, pageOrigin: number): Promise<LoadedResource[]> {
  const scopes: { scope: 'page' | 'worker'; reading: ResourceReading }[] = [
    { scope: 'page', reading: parseResourceReading(await page.evaluate(READ_RESOURCES)) },
  ]
  for (const worker of page.workers()) {
    const reading = await worker.evaluate(READ_RESOURCES).catch(() => null)
    if (reading) scopes.push({ scope: 'worker', reading: parseResourceReading(reading) })
  }
  return scopes.flatMap(({ scope, reading }) =>
    reading.entries.map((entry) => ({
      url: entry.url,
      startMs: reading.timeOrigin + entry.startTime - pageOrigin,
      encodedBytes: entry.encodedBodySize,
      decodedBytes: entry.decodedBodySize,
      scope,
    })),
  )
}

export async function coldLoad(
  browser: Browser,
  url: string,
  options: LoadOptions,
): Promise<LoadSample> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const problems: string[] = []
    watchProblems(page, problems)
    await page.addInitScript(FIRST_NOTE_PROBE)
    if (options.initScript) await page.addInitScript(options.initScript)

    // Plume's relay sockets live in a dedicated worker (src/workers/relay-sockets.worker.ts),
    // which the page's own DevTools session does not see (0 frames sent, against 7-8 REQs the
    // relay got); Playwright attaches to the worker and reports its sockets as the page's, the
    // reference page's too. Its events carry no time: each frame is stamped on arrival here,
    // wall clock, 5-50 ms after Chromium's own stamp (the reference page's socket, load 4-5).
    const frames: { wallMs: number; payload: string }[] = []
    const received: string[] = []
    page.on('websocket', (socket) => {
      socket.on('framesent', ({ payload }) => {
        if (typeof payload === 'string') frames.push({ wallMs: Date.now(), payload })
      })
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string') received.push(payload.slice(0, 16))
      })
    })

    // Two cores: let the previous context's teardown and this one's setup finish first.
    await page.waitForTimeout(SETTLE_MS)
    const shown = firstNoteSignal(page, options.timeoutMs)
    await page.goto(url, { waitUntil: 'commit', timeout: options.timeoutMs })
    try {
      await shown
    } catch (error) {
      const sent = frames.map((frame) => frame.payload)
      const why = await diagnose(page, sent, received, problems)
      throw new Error(`no note after ${options.timeoutMs} ms (${why})`, { cause: error })
    }
    let reading = parseProbeReading(await page.evaluate(READ_PROBE))
    if (options.observeMs > reading.now) {
      // A little extra so frames sent just before the window closes reach us.
      await page.waitForTimeout(options.observeMs - reading.now + 250)
      reading = parseProbeReading(await page.evaluate(READ_PROBE))
    }
    const resources = await readResources(page, reading.timeOrigin)
    // Navigation start on the page's wall clock, which is this process's clock.
    const navigationWallMs = Number(await page.evaluate('Date.now() - performance.now()'))
    return {
      firstNoteMs: reading.firstNote,
      firstNoteInDomMs: reading.firstNoteInDom,
      appRowsMs: reading.appRows,
      startMarks: reading.marks,
      resources,
      framesSent: frames.map((frame) => ({
        atMs: frame.wallMs - navigationWallMs,
        payload: frame.payload,
      })),
      problems,
    }
  } finally {
    await context.close()
  }
}

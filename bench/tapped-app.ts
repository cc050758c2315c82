/**
 * Opens the tapped build of the app (bench/tap-build.ts) in a fresh browser context, pointed at
 * the given relays, with a long-task observer and a setTimeout heartbeat installed before any of
 * the app's scripts, and waits until its relays are connected, its service worker is active and
 * the page has gone quiet.
 * Strings, not functions, run in the page: tsx adds helpers to functions that the page lacks;
 * the waits are the exception, as the page's CSP refuses a polled string (bench/page-wait.ts).
 */
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { localRuntimeConfig } from '../src/core/platform/runtime-config.ts'
import { startAppServer } from '../tests/peers/app-server.ts'
import type { PlumeBenchHooks } from './app-tap.ts'
import type { BenchContext } from './context.ts'
import { watchProblems } from './load.ts'
import { waitForGlobal } from './page-wait.ts'
import { PLAIN_FEED } from './probe.ts'
import { tappedAppDir } from './tap-build.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const TIMEOUT_MS = 30_000
/** Before measuring: no long task for this long (first feed, metadata, wasm)… */
const QUIET_MS = 1000
/** …or go ahead after this long anyway, and say so. */
const QUIET_LIMIT_MS = 10_000

const PROBE = `(() => {
  const state = { longTasks: [], ticks: [] }
  window.__benchTasks = state
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      state.longTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
  const tick = () => { state.ticks.push(performance.now()); setTimeout(tick, 0) }
  tick()
})()`

const SINCE_LAST_LONG_TASK = `(() => {
  const last = window.__benchTasks.longTasks.at(-1)
  return performance.now() - (last ? last.start + last.duration : 0)
})()`

/** What the tapped build hangs on the page (bench/app-tap.ts). */
type TappedGlobal = typeof globalThis & { __plumeBench?: PlumeBenchHooks }

export interface LongTask {
  start: number
  duration: number
}

export interface TappedApp {
  page: Page
  problems: string[]
  quietBefore: boolean
  /** Long tasks and heartbeat ticks seen by the page so far. */
  readTasks(): Promise<{ longTasks: LongTask[]; ticks: number[] }>
  close(): Promise<void>
}

async function waitForQuiet(page: Page): Promise<boolean> {
  const until = Date.now() + QUIET_LIMIT_MS
  while (Date.now() < until) {
    const since = Number(await page.evaluate(SINCE_LAST_LONG_TASK))
    if (since >= QUIET_MS) return true
    await page.waitForTimeout(Math.max(50, QUIET_MS - since))
  }
  return false
}

/** At most this long for the app's service worker to register (after 5 s) and install. */
const SERVICE_WORKER_LIMIT_MS = 20_000

/**
 * Until the app's service worker is active. The app registers it 5 s or more after the load
 * (src/actors/app/app-update.effects.ts), and its install fetches every precached file: measured
 * during it, the verify row's second and third runs were its slowest in every kind, nostr-tools
 * on the main thread too, and the install's thread took CPU inside the ingest's window (trace).
 */
async function waitForServiceWorker(page: Page): Promise<void> {
  const active = await page.evaluate(`Promise.race([
    navigator.serviceWorker.ready.then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), ${SERVICE_WORKER_LIMIT_MS})),
  ])`)
  if (active !== true) {
    throw new Error(`the app's service worker was not active within ${SERVICE_WORKER_LIMIT_MS} ms`)
  }
}

export async function openTappedApp(
  context: BenchContext,
  relayUrls: string[],
): Promise<TappedApp> {
  const app = await startAppServer({
    distDir: await tappedAppDir(ROOT),
    config: localRuntimeConfig(relayUrls),
  })
  const browserContext = await context.browser.newContext()
  const close = async () => {
    await browserContext.close()
    await app.close()
  }
  try {
    const page = await browserContext.newPage()
    page.setDefaultTimeout(TIMEOUT_MS)
    const problems: string[] = []
    watchProblems(page, problems)
    await page.addInitScript(PROBE)
    await page.addInitScript(PLAIN_FEED)
    await page.goto(`${app.url}/`)
    await waitForGlobal(page, '__plumeBench')
    await page.waitForFunction(
      (count) => (globalThis as TappedGlobal).__plumeBench?.connectedRelays() === count,
      relayUrls.length,
      { timeout: TIMEOUT_MS },
    )
    await waitForServiceWorker(page)
    const quietBefore = await waitForQuiet(page)
    return {
      page,
      problems,
      quietBefore,
      readTasks: async () =>
        (await page.evaluate(
          '({ longTasks: window.__benchTasks.longTasks, ticks: window.__benchTasks.ticks })',
        )) as { longTasks: LongTask[]; ticks: number[] },
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * One measured click in the built app, in a fresh browser context: the page opened with a
 * main-thread probe, a scenario brings it to just before the click, the page is let go quiet, and
 * from the click until the probe's condition holds the probe records long tasks and heartbeat
 * gaps. Shared by the unlock rows (identity.ts) and the ecash receive row (cashu-receive.ts).
 */
import type { Page } from 'playwright-core'
import type { BenchContext } from './context.ts'
import { watchProblems } from './load.ts'
import {
  ARM,
  parseMainThread,
  READ_MAIN_THREAD,
  type Responsiveness,
  responsiveness,
  SINCE_LAST_LONG_TASK,
} from './main-thread.ts'
import { waitForGlobal, waitForGlobalKey } from './page-wait.ts'

const TIMEOUT_MS = 30_000
/** Before the click: no long task for this long (feed loading, relay replies)… */
const QUIET_MS = 1000
/** …or go ahead anyway after this long, and say so. */
const QUIET_LIMIT_MS = 10_000
/** After the condition holds: long tasks are reported late, and what follows is worth a look. */
const AFTER_MS = 1000

/** Waits until the page has gone QUIET_MS without a long task; false when it never did. */
async function waitForQuiet(page: Page): Promise<boolean> {
  const until = Date.now() + QUIET_LIMIT_MS
  while (Date.now() < until) {
    const since = Number(await page.evaluate(SINCE_LAST_LONG_TASK))
    if (since >= QUIET_MS) return true
    await page.waitForTimeout(Math.max(50, QUIET_MS - since))
  }
  return false
}

export interface ClickScenario<Extra extends object> {
  /** The init script recording the main thread until its condition holds (main-thread.ts). */
  probe: string
  /** From the app just opened to the form filled in, the button not yet clicked. */
  prepare(page: Page): Promise<void>
  /** The click being measured. */
  submit(page: Page): Promise<void>
  /** Readings of the page's own, after the window. */
  read?(page: Page): Promise<Extra>
}

export type ClickRun<Extra extends object = object> = Responsiveness &
  Extra & { quietBefore: boolean; problems: string[] }

export async function runClick<Extra extends object = object>(
  context: BenchContext,
  scenario: ClickScenario<Extra>,
): Promise<ClickRun<Extra>> {
  const browserContext = await context.browser.newContext()
  try {
    const page = await browserContext.newPage()
    page.setDefaultTimeout(TIMEOUT_MS)
    const problems: string[] = []
    watchProblems(page, problems)
    await page.addInitScript(scenario.probe)
    await page.goto(context.plumeUrl)
    await scenario.prepare(page)
    // The wait after the click polls with page.waitForFunction, whose first call builds
    // Playwright's injected script in the page: a 20–40 ms task (traces, 3 of 3 runs) that landed
    // in the measured window. Built here, before the quiet wait, it stays out of it.
    await waitForGlobal(page, '__benchMainThread')
    const quietBefore = await waitForQuiet(page)
    await page.evaluate(ARM)
    await scenario.submit(page)
    await waitForGlobalKey(page, '__benchMainThread', 'unlockedAt', { timeout: TIMEOUT_MS })
    await page.waitForTimeout(AFTER_MS)
    const reading = parseMainThread(await page.evaluate(READ_MAIN_THREAD))
    const extra = scenario.read ? await scenario.read(page) : ({} as Extra)
    return { ...responsiveness(reading), ...extra, quietBefore, problems }
  } finally {
    await browserContext.close()
  }
}

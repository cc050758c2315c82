/**
 * Waiting on a page under the app's Content Security Policy (scripts/vite-csp.ts: no
 * 'unsafe-eval'). Playwright evaluates every expression with `eval` in the page; inside its own
 * DevTools call that eval is allowed, but page.waitForFunction given a STRING evals it again on
 * each poll, from a requestAnimationFrame callback, where the policy refuses it (EvalError, and
 * every wait timed out). Given a function, it evals the source once, in the DevTools call, and
 * then calls it on each poll. Verified with a probe page sending the policy, Chromium 156:
 * string evaluate, function evaluate and addInitScript strings all work; only string polls fail.
 *
 * The functions here are bare arrows with no named function inside: tsx wraps named ones in a
 * `__name` helper that does not exist in the page.
 */
import type { ConsoleMessage, Page } from 'playwright-core'
import { FIRST_NOTE_SIGNAL } from './probe.ts'

interface WaitOptions {
  timeout?: number
}

/** Until the page's global `name` (set by a bench init script or the tapped app) is defined. */
export async function waitForGlobal(page: Page, name: string, options?: WaitOptions) {
  await page.waitForFunction((key) => Reflect.get(globalThis, key) !== undefined, name, options)
}

/** Until the page's global `name` holds an object whose `key` is defined. */
export async function waitForGlobalKey(
  page: Page,
  name: string,
  key: string,
  options?: WaitOptions,
) {
  await page.waitForFunction(
    ([global, field]) => {
      const value: unknown = Reflect.get(globalThis, global)
      return typeof value === 'object' && value !== null && Reflect.get(value, field) !== undefined
    },
    [name, key] as const,
    options,
  )
}

/**
 * Until the first-note probe (probe.ts) has fired, heard on the console, so nothing is evaluated
 * in the page while it loads: page.waitForFunction first injects Playwright's own script there, a
 * 44 ms task on the page's main thread 120 ms into a cold load (trace, Chromium 150), which held
 * back the start-up script behind it. Made before the navigation it waits for.
 */
export function firstNoteSignal(page: Page, timeoutMs: number): Promise<void> {
  const heard = new Promise<void>((resolve, reject) => {
    const listen = (message: ConsoleMessage) => {
      if (message.text() !== FIRST_NOTE_SIGNAL) return
      clearTimeout(timer)
      page.off('console', listen)
      resolve()
    }
    const timer = setTimeout(() => {
      page.off('console', listen)
      reject(new Error(`no first note within ${timeoutMs} ms`))
    }, timeoutMs)
    page.on('console', listen)
  })
  // A navigation that fails first leaves this unawaited: its rejection is not the failure.
  heard.catch(() => undefined)
  return heard
}

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
import type { Page } from 'playwright-core'

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

/**
 * Every browser test fails on a Content Security Policy violation (fixtures.ts installs this on
 * each test's context and on every context the test opens itself): a `securitypolicyviolation`
 * event in any page, or the browser's console report of one from a page, a worker or the service
 * worker. A policy that refuses something the app needs then shows up in the test of the journey
 * that needs it.
 */
import type { Browser, BrowserContext, BrowserType, ConsoleMessage, Worker } from '@playwright/test'

const BINDING = '__plumeCspViolation'

/** Chromium's console report of a violation (enforced or report-only) names the policy. */
const CONSOLE_REPORT = /Content Security Policy/i

export interface CspGuard {
  /** The violations seen so far, one line each. */
  seen(): string[]
  /** Removes and returns the violations so far: for a test that causes some on purpose. */
  take(): string[]
}

export async function guardCsp(context: BrowserContext): Promise<CspGuard> {
  let violations: string[] = []
  await context.exposeBinding(BINDING, (_source, line: string) => {
    violations.push(line)
  })
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (line: string) => void>)[binding]
      const sample = event.sample ? ` (${event.sample})` : ''
      report?.(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} on ${event.documentURI}${sample}`,
      )
    })
  }, BINDING)
  const consoleReport = (message: ConsoleMessage) => {
    if (CONSOLE_REPORT.test(message.text())) violations.push(`console: ${message.text()}`)
  }
  const watchWorker = (worker: Worker) => worker.on('console', consoleReport)
  context.on('console', consoleReport)
  context.on('serviceworker', watchWorker)
  context.on('page', (page) => page.on('worker', watchWorker))
  for (const page of context.pages()) page.on('worker', watchWorker)
  return {
    seen: () => [...violations],
    take: () => {
      const taken = violations
      violations = []
      return taken
    },
  }
}

/** One guard over several contexts' guards. */
export function guardsOf(guards: readonly CspGuard[]): CspGuard {
  return {
    seen: () => guards.flatMap((guard) => guard.seen()),
    take: () => guards.flatMap((guard) => guard.take()),
  }
}

/**
 * Until the returned function is called, every context opened through `browser` (newContext,
 * newPage) or a browser type (launchPersistentContext, or newContext on a browser it launches) is
 * handed to `guard`, and reaches the test only once guarded: a test cannot open a page the guard
 * does not see, whether it asks for a second profile, a fresh context or a persistent one.
 */
export function guardContextsOpened(
  browser: Browser,
  browserTypes: readonly BrowserType[],
  guard: (context: BrowserContext) => Promise<unknown>,
): () => void {
  const restores: (() => void)[] = []
  const patchBrowser = (target: Browser) => {
    const newContext = target.newContext
    target.newContext = async (...args) => {
      const context = await newContext.apply(target, args)
      await guard(context)
      return context
    }
    // browser.newPage opens its context through this.newContext: patched above.
    restores.push(() => {
      target.newContext = newContext
    })
  }
  patchBrowser(browser)
  for (const type of browserTypes) {
    const { launchPersistentContext, launch } = type
    type.launchPersistentContext = async (...args) => {
      const context = await launchPersistentContext.apply(type, args)
      await guard(context)
      return context
    }
    type.launch = async (...args) => {
      const launched = await launch.apply(type, args)
      patchBrowser(launched)
      return launched
    }
    restores.push(() => {
      type.launchPersistentContext = launchPersistentContext
      type.launch = launch
    })
  }
  return () => {
    for (const restore of restores.reverse()) restore()
  }
}

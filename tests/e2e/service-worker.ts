import type { Page } from '@playwright/test'

/**
 * Resolves once a service worker controls the page (the first install claims it), with its
 * script's URL.
 */
export const controlled = (page: Page): Promise<string | null> =>
  page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((done) =>
        navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }),
      )
    }
    return navigator.serviceWorker.controller?.scriptURL ?? null
  })

/**
 * Reloads the page while its context is offline (the service worker serves it), and has the
 * reloaded page know it is offline. Chromium's offline emulation outlives a reload for the page's
 * requests (they fail, ERR_INTERNET_DISCONNECTED) but, in Chromium 150, not for the new document's
 * navigator.onLine: a probe read false before a reload, true after it and still 2 s later, with no
 * `offline` event. A device that is offline says so from the start, so the emulation is applied
 * again (Playwright sends nothing for a state it thinks is already set, hence off and on).
 */
export async function reloadOffline(page: Page): Promise<void> {
  await page.reload()
  await page.context().setOffline(false)
  await page.context().setOffline(true)
}

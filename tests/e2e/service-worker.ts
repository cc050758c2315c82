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

import type { Page } from '@playwright/test'

/** The app's entry script (the start-up script is its own, head-start-*.js). */
const APP_ENTRY = /\/assets\/index-[\w-]+\.js$/

/**
 * Holds the app's entry script until the returned function is called: what the start-up script
 * does on its own is seen before the app runs.
 */
export async function holdApp(page: Page): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(APP_ENTRY, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/**
 * A login stored, as one that may come back: the start-up script draws no early feed then
 * (core/feed/early-feed.ts), so only the app's own requests reach the relays.
 */
export const withoutEarlyFeed = (page: Page) =>
  page.addInitScript(() => localStorage.setItem('nostrPubkey', 'f'.repeat(64)))

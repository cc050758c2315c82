import type { Page } from '@playwright/test'

/**
 * The app's entry and its home screen's chunk, which the entry imports (the start-up script,
 * head-start-*.js, holds every module it imports).
 */
const APP_SCRIPTS = /\/assets\/(?:index|home)-[\w-]+\.js$/

/** Holds the requests for `url` until the returned function is called. */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/**
 * Holds the app's scripts until the returned function is called: what the start-up script does
 * on its own is seen before the app runs.
 */
export const holdApp = (page: Page): Promise<() => void> => holdRequests(page, APP_SCRIPTS)

/**
 * A login stored, as one that may come back: the start-up script draws no early feed then
 * (core/feed/early-feed.ts), so only the app's own requests reach the relays.
 */
export const withoutEarlyFeed = (page: Page) =>
  page.addInitScript(() => localStorage.setItem('nostrPubkey', 'f'.repeat(64)))

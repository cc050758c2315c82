import type { Page } from '@playwright/test'
import { START_MARKS } from '../../src/core/app/start-marks.ts'
import { RUNTIME_CONFIG_PATH } from '../../src/core/platform/runtime-config.ts'
import { APP_HOLD_MS } from '../../src/ui/app-scripts.ts'
import { ON_SCREEN_WAIT_MS } from '../../src/ui/components/feed/on-screen.ts'
import { firstRow, watchFirstRow } from './first-row.ts'
import { expect, test } from './fixtures.ts'
import { holdApp, holdRequests, withoutEarlyFeed } from './held-app.ts'
import { holdConfig } from './held-config.ts'

test("the start-up script opens the pool's relay while the app's scripts load, sends it nothing, and the app takes the socket over (no early feed: someone logged in)", async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await withoutEarlyFeed(page)
  const release = await holdApp(page)
  await openApp([relay], '/', { waitUntil: 'commit' })
  // The app's entry has not arrived, and the relay is open already, asked nothing.
  await expect.poll(() => relay.stats().open).toBe(1)
  expect(relay.stats().reqs).toBe(0)
  release()
  await expect(page.getByRole('feed').locator('article').first()).toBeVisible()
  // The feed came over that socket: the only one the relay has seen, with no early feed's.
  expect(relay.stats().reqs).toBeGreaterThan(0)
  expect(relay.stats().connections).toBe(1)
  await expect(page.locator('.early-feed')).toHaveCount(0)
})

test('a configuration slow to arrive still gives each pool relay one connection, the early one', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relays = await Promise.all([launchRelay(), launchRelay()])
  await withoutEarlyFeed(page)
  await holdConfig(page, 1500)
  await openApp(relays, '/', { inlineConfig: false })
  await expect(page.getByRole('feed').locator('article').first()).toBeVisible()
  await expect.poll(() => relays.map((relay) => relay.stats().reqs > 0)).toEqual([true, true])
  expect(relays.map((relay) => relay.stats().connections)).toEqual([1, 1])
})

/** The page's requests for nostr-wasm's module, by what started each (Resource Timing). */
const WASM_REQUESTS = `performance
  .getEntriesByType('resource')
  .filter((entry) => /\\/assets\\/secp256k1-[\\w-]+\\.wasm$/.test(entry.name))
  .map((entry) => entry.initiatorType)`

test("the WebAssembly is asked for once, with the document: index.html's preload, which the start-up script's fetch takes, with an early feed or without", async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await openApp([relay], '/')
  await expect(page.locator('.early-feed, [role=feed]').locator('article').first()).toBeVisible()
  expect(await page.evaluate(WASM_REQUESTS)).toEqual(['link'])

  // Where nothing is drawn early, the page fetches the module all the same (the workers read it
  // from the cache): a preload the page never fetched, Chromium warns of, 3 s after the load event.
  const signedIn = await page.context().newPage()
  const warnings: string[] = []
  signedIn.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  await withoutEarlyFeed(signedIn)
  await signedIn.goto(page.url())
  await expect(signedIn.getByRole('feed').locator('article').first()).toBeVisible()
  expect(await signedIn.evaluate(WASM_REQUESTS)).toEqual(['link'])
  await signedIn.waitForTimeout(5000)
  expect(warnings.filter((text) => text.includes('preload'))).toEqual([])
})

/** When the page asked for the app's entry, and the start-up script's marks (ms, page time). */
const appAsked = (page: Page) =>
  page.evaluate(
    ({ startMark, drawnMark }) => {
      const entry = performance
        .getEntriesByType('resource')
        .find((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name))
      const start = performance.getEntriesByName(startMark)[0]?.startTime ?? 0
      const drawn = performance.getEntriesByName(drawnMark)[0]?.startTime ?? null
      return { asked: entry?.startTime, start, drawn }
    },
    { startMark: START_MARKS.start, drawnMark: START_MARKS.drawn },
  )

test("where the early feed is drawn, the app's scripts are asked for once its first row is on screen, or the hold is over", async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await watchFirstRow(page)
  await openApp([relay], '/')
  await expect(page.getByRole('feed').locator('article').first()).toBeVisible()
  const { asked, start, drawn } = await appAsked(page)
  const { onScreen } = await firstRow(page)
  if (asked === undefined || drawn === null) throw new Error('no early row, or no app asked for')
  // Whichever came first: the row on screen (or the start-up script's wait for it, whose timer
  // was set after the drawn mark; 1 ms for the timer's clock), or the hold's timer (set after
  // the start mark).
  const shown = Math.min(onScreen ?? Number.POSITIVE_INFINITY, drawn + ON_SCREEN_WAIT_MS - 1)
  expect(asked).toBeGreaterThanOrEqual(Math.min(shown, start + APP_HOLD_MS))
})

test("an early feed whose configuration does not come holds the app's scripts for the hold, then asks for them", async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const release = await holdRequests(page, `**${RUNTIME_CONFIG_PATH}`)
  await openApp([relay], '/', { waitUntil: 'commit', inlineConfig: false })
  // The entry's timing is listed once it has loaded.
  await expect.poll(async () => (await appAsked(page)).asked).toBeDefined()
  const { asked, start, drawn } = await appAsked(page)
  expect(drawn).toBeNull()
  expect(asked).toBeGreaterThanOrEqual(start + APP_HOLD_MS)
  release()
  await expect(page.getByRole('feed').locator('article').first()).toBeVisible()
})

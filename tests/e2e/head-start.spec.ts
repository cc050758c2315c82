import type { Page } from '@playwright/test'
import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure'
import { APP_WAIT_MS } from '../../src/core/app/app-entry.ts'
import { expect, test } from './fixtures.ts'
import { showEveryNote } from './plain-feed.ts'

/** The app's entry script (the start-up script is its own, head-start-*.js). */
const APP_ENTRY = /\/assets\/index-[\w-]+\.js$/

/** Holds the app's entry back until the returned function is called. */
async function holdApp(page: Page): Promise<() => void> {
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

/** Each article's note id with its place on the page, top to bottom. */
const boxes = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((articles) =>
    articles.map((article) => {
      const box = article.getBoundingClientRect()
      return { id: (article as HTMLElement).dataset.noteId, top: box.top, height: box.height }
    }),
  )

test("the start-up script opens the pool's relay while the app's scripts load, asks it only for the first page, and the app takes the socket over", async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const release = await holdApp(page)
  await openApp([relay], '/', { waitUntil: 'commit' })
  // The app's entry has not arrived; the relay is open, asked for the first page only.
  await expect.poll(() => relay.stats().open).toBe(1)
  await expect.poll(() => relay.stats().reqs).toBe(1)
  release()
  await expect(page.locator('.app-header:not(.app-shell)')).toBeVisible()
  await expect(page.getByRole('feed').locator('article').first()).toBeVisible()
  // The feed came over that socket: the only one the relay has seen.
  expect(relay.stats().reqs).toBeGreaterThan(1)
  expect(relay.stats().connections).toBe(1)
})

test("a visitor's first notes are drawn before the app runs, checked first: a forged one is left out, its neighbours drawn, and the app's rows take their places without moving", async ({
  page,
  launchRelay,
  openApp,
}) => {
  const authors = [generateSecretKey(), generateSecretKey(), generateSecretKey()]
  const now = Math.floor(Date.now() / 1000)
  const notes = Array.from({ length: 14 }, (_, i) =>
    finalizeEvent(
      {
        kind: 1,
        created_at: now - 60 * (i + 1),
        tags: [],
        content: `Early note ${i + 1}${i % 2 ? ' with a #tag and https://example.com/a/long/link' : ''}`,
      },
      authors[i % 3]!,
    ),
  )
  const forged = notes[3]!
  const relay = await launchRelay({
    seed: notes,
    faults: { corruptSignatures: (event) => event.id === forged.id },
  })
  await showEveryNote(page)
  const release = await holdApp(page)
  await openApp([relay], '/', { waitUntil: 'commit' })

  // Before the app's entry has even arrived: the first page, less the forgery.
  const early = '.early-feed [role=feed] article'
  const drawn = notes.slice(0, 10).filter((note) => note !== forged)
  await expect
    .poll(() => page.locator(early).evaluateAll((all) => all.map((a) => a.dataset.noteId)))
    .toEqual(drawn.map((note) => note.id))
  await expect(page.getByText(forged.content, { exact: true })).toHaveCount(0)
  const before = await boxes(page, early)

  release()
  await expect(page.locator('.early-feed')).toHaveCount(0)
  const app = '[role=feed] article'
  await expect(page.locator(app).first()).toBeVisible()
  const after = await boxes(page, app)
  expect(after.slice(0, before.length)).toEqual(before)
  await expect(page.getByText(forged.content, { exact: true })).toHaveCount(0)
})

test('relays slower to answer than the app takes to start: the app starts without waiting, and nothing is drawn over its feed later', async ({
  page,
  launchRelay,
  openApp,
}) => {
  // Every frame from the relay long after it was due: the app is up well before any answer.
  const RELAY_DELAY_MS = 4000
  const relay = await launchRelay({ faults: { delayMs: RELAY_DELAY_MS } })
  await showEveryNote(page)
  await openApp([relay], '/', { waitUntil: 'commit' })
  await expect(page.locator('.app-header:not(.app-shell)')).toBeVisible({
    timeout: RELAY_DELAY_MS - APP_WAIT_MS,
  })
  await expect(page.getByRole('feed').locator('article').first()).toBeVisible()
  // The early request was answered as long ago as the app's: it was not drawn.
  await page.waitForTimeout(1000)
  await expect(page.locator('.early-feed')).toHaveCount(0)
})

/**
 * How the feed starts and ends (spec README decisions: a fresh install has Image Notes Only off):
 * a first visit sees every note of the default hashtags, pictures or not; the end of the feed says
 * there is nothing more, and how many notes the user's filters hid, with a way to see them; and
 * only when the relays said so: one that turned slow or stopped answering does not end it.
 */
import type { Page } from '@playwright/test'
import { scrollUntilFailed } from './feed-failed.ts'
import { expectFirstRows, predictRows, taggedRows } from './feed-rows.ts'
import { FIVE_PAGES, openFivePages } from './five-pages.ts'
import { expect, test } from './fixtures.ts'

const DEFAULT_TAGS = ['bitcoin', 'nostr', 'news']
/** A hashtag of the demo world with a couple of dozen notes, few of them with pictures. */
const SMALL_TAG = 'books'

const articles = (page: Page) => page.getByRole('feed').getByRole('article')
const feedEnd = (page: Page) => page.getByRole('status', { name: 'End of the feed' })
/** How many rows the feed has: every row says, once the oldest page is in (the rows near the
 * screen are the only ones in the page). */
const rowCount = (page: Page) => articles(page).first().getAttribute('aria-setsize').then(Number)

/** Scrolls to the bottom until the end of the feed shows. */
async function scrollToEnd(page: Page) {
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        return feedEnd(page).isVisible()
      },
      { timeout: 30_000, intervals: [200] },
    )
    .toBe(true)
}

test('a first visit shows every note of the default hashtags, with and without pictures', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await page.setViewportSize({ width: 1280, height: 2400 })
  await openApp([relay])
  const tagged = taggedRows(predictRows(relay.events()), DEFAULT_TAGS)
  const pictures = tagged.filter((row) => row.image)
  // More rows than all the notes with pictures the seed has, so more than Image Notes Only shows.
  const count = pictures.length + 5
  expect(tagged.slice(0, count).filter((row) => !row.image).length).toBeGreaterThan(count / 2)
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        return Math.max(
          0,
          ...(await articles(page).evaluateAll((rows) =>
            rows.map((row) => Number(row.getAttribute('aria-posinset'))),
          )),
        )
      },
      { timeout: 30_000, intervals: [200] },
    )
    .toBeGreaterThanOrEqual(count)
  await page.evaluate(() => window.scrollTo(0, 0))
  await expectFirstRows(page, tagged, 12)
  expect(await page.evaluate(() => localStorage.getItem('filterByImageNotesOnly'))).toBeNull()
})

test('the end of the feed says there are no more notes, how many the filters hid, and shows them', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const tagged = taggedRows(predictRows(relay.events()), [SMALL_TAG])
  const pictures = tagged.filter((row) => row.image)
  const hidden = tagged.length - pictures.length
  expect(pictures.length).toBeGreaterThan(0)
  expect(hidden).toBeGreaterThan(1)

  // Every note first: the end says so, and nothing is hidden.
  await openApp([relay], `/?tag=${SMALL_TAG}`)
  await scrollToEnd(page)
  await expect(feedEnd(page)).toHaveText('No more notes')
  await expect.poll(() => rowCount(page)).toBe(tagged.length)

  // Image Notes Only: the notes with pictures, then the end counts the others.
  await page.evaluate(() => localStorage.setItem('filterByImageNotesOnly', 'true'))
  await page.reload()
  await scrollToEnd(page)
  await expect.poll(() => rowCount(page)).toBe(pictures.length)
  await expect(feedEnd(page)).toContainText('No more notes')
  await expect(feedEnd(page)).toContainText(`${hidden} notes hidden by your filters`)
  await page.screenshot({ path: 'test-results/screenshots/feed-end-hidden.png' })

  // Show them: every note, for this view; the saved preference stays on.
  await feedEnd(page).getByRole('button', { name: 'Show them' }).click()
  await expect.poll(() => rowCount(page)).toBe(tagged.length)
  await expectFirstRows(page, tagged, 6)
  await expect(feedEnd(page)).toHaveText('No more notes')
  expect(await page.evaluate(() => localStorage.getItem('filterByImageNotesOnly'))).toBe('true')
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByRole('switch', { name: 'Image Notes Only', exact: true })).toBeChecked()
})

test('a relay that turns slower than it was goes on to the end of the feed', async ({
  page,
  world,
  launchRelay,
  openApp,
}) => {
  const { relay } = await openFivePages(page, world, launchRelay, openApp)
  // Slower than the wait its quick answers taught (the floor, 1 s): each page runs over it once,
  // and the wait grows until the answer comes in time.
  relay.setFaults({ delayMs: 1500 })
  await scrollToEnd(page)
  await expect(feedEnd(page)).toHaveText('No more notes')
  await expect.poll(() => rowCount(page)).toBe(FIVE_PAGES)
})

test('a relay that stops answering: older notes failed to load, with Try again, not the end; its socket is opened afresh', async ({
  page,
  world,
  launchRelay,
  openApp,
}) => {
  const { relay } = await openFivePages(page, world, launchRelay, openApp)
  relay.setFaults({ dropAll: true })
  const connections = relay.stats().connections
  const failed = await scrollUntilFailed(page)
  await expect(feedEnd(page)).toHaveCount(0)
  // A page it left unanswered had it pinged at once; the ping unanswered in 5 s, a new socket.
  // Pinged only every 30 s, it would be at least 30 s after the app opened (keep-alive.ts).
  await expect
    .poll(() => relay.stats().connections, { timeout: 12_000 })
    .toBeGreaterThan(connections)
  relay.setFaults(undefined)
  await failed.getByRole('button', { name: 'Try again' }).click()
  await scrollToEnd(page)
  await expect(feedEnd(page)).toHaveText('No more notes')
  await expect.poll(() => rowCount(page)).toBe(FIVE_PAGES)
})

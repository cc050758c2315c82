/**
 * The feed holds a window of pages (core/feed/feed-window.ts): scrolled far, the newest pages leave
 * memory and load again, in their places, when the reader scrolls back up. The window counts notes
 * as well as pages: a Following page holds up to 50.
 */
import type { Page } from '@playwright/test'
import { DEFAULT_HASHTAGS } from '../../src/core/app/preferences.ts'
import { NOTES_PAGE_MAX, NOTES_PAGE_SIZE } from '../../src/core/feed/feed-source.ts'
import {
  FEED_WINDOW_MIN_ROWS,
  FEED_WINDOW_NOTES,
  FEED_WINDOW_PAGES,
} from '../../src/core/feed/feed-window.ts'
import { toNote } from '../../src/core/feed/note.ts'
import { expect, test } from './fixtures.ts'
import { openFollowingFeed } from './login.ts'

/** Every note, whatever the defaults: this test is about paging, not filters. */
const showEveryNote = (page: Page) =>
  page.addInitScript(() => {
    localStorage.setItem('filterByImageNotesOnly', 'false')
    localStorage.setItem('customHashtags', '[]')
    localStorage.setItem('useAscii', 'false')
  })

const positionsShown = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[role=feed] article')].map((article) => ({
      id: article.getAttribute('data-note-id'),
      position: Number(article.getAttribute('aria-posinset')),
    })),
  )

type Shown = { id: string | null; position: number }[]

/** The first five rows, once the first rows are in: their notes and positions. */
const topShown = async (page: Page): Promise<Shown> => {
  const articles = page.getByRole('feed').getByRole('article')
  await expect.poll(() => articles.count()).toBeGreaterThanOrEqual(8)
  const top = (await positionsShown(page)).filter(({ position }) => position <= 5)
  expect(top.map(({ position }) => position)).toEqual([1, 2, 3, 4, 5])
  return top
}

/**
 * Back to the top, its relays slow to answer (less than the shortest wait for an answer: slow,
 * not failing): the newest rows were let go, their places drawn empty while the answer is on its
 * way (a let-go row is a .feed-row with no index; FeedRow's have one), with no note at positions
 * 1-5. Then they load again, the same notes in the same places.
 *
 * The empty places last as long as the slow answer: they are watched in the page, at each change
 * of the rows, where a poll from here could miss them while the machine is busy.
 */
async function backToTop(page: Page, top: Shown) {
  const watched = await page.evaluate(
    (waitMs) =>
      new Promise<{ letGo: boolean; seen: string[] }>((resolve) => {
        const seen: string[] = []
        const observer = new MutationObserver(() => check())
        const timer = setTimeout(() => done(false), waitMs)
        const done = (letGo: boolean) => {
          observer.disconnect()
          clearTimeout(timer)
          resolve({ letGo, seen })
        }
        const check = () => {
          const feed = document.querySelector('[role=feed]')
          const places = feed?.querySelectorAll(':scope > .feed-row:not([data-index])').length ?? 0
          const notes = [...(feed?.querySelectorAll('article') ?? [])]
            .map((article) => Number(article.getAttribute('aria-posinset')))
            .filter((position) => position <= 5)
          const state = `scrollY ${window.scrollY}, ${places} places, notes at ${notes.join(' ')}`
          if (seen.at(-1) !== state) seen.push(state)
          if (places >= 5 && notes.length === 0) done(true)
        }
        observer.observe(document.body, {
          childList: true,
          subtree: true,
          attributeFilter: ['aria-posinset'],
        })
        window.scrollTo(0, 0)
        check()
      }),
    15_000,
  )
  expect(watched.letGo, `never let go; the rows were:\n${watched.seen.join('\n')}`).toBe(true)
  await expect
    .poll(async () => (await positionsShown(page)).filter(({ position }) => position <= 5), {
      timeout: 30_000,
    })
    .toEqual(top)
}

/** Scrolls to the end of the loaded rows until a row past `position` is drawn. */
const scrollPast = (page: Page, position: number) =>
  expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        return Math.max(0, ...(await positionsShown(page)).map((shown) => shown.position))
      },
      { timeout: 90_000, intervals: [100] },
    )
    .toBeGreaterThan(position)

test('scrolled past the window and back: the newest notes load again, in their places', async ({
  page,
  launchRelay,
  openApp,
}) => {
  test.setTimeout(120_000)
  const relay = await launchRelay()
  await showEveryNote(page)
  await openApp([relay])
  const top = await topShown(page)

  // Well past the window: more pages than it holds.
  await scrollPast(page, (FEED_WINDOW_PAGES + 5) * NOTES_PAGE_SIZE)
  relay.setFaults({ delayMs: 600 })
  await backToTop(page, top)
})

test('the Following feed, whose pages hold up to 50 notes: scrolled past the notes the window holds and back, the newest load again', async ({
  page,
  launchWorld,
  openApp,
}) => {
  test.setTimeout(120_000)
  const launched = await launchWorld()
  await showEveryNote(page)
  await openApp([...launched.general], '/?nsecLogin=true', launched)
  await openFollowingFeed(page, launched.world)
  const top = await topShown(page)

  // Past the notes the window holds, and a page of the largest size more: counted in pages (20),
  // a window of such pages would still hold the newest.
  await scrollPast(page, FEED_WINDOW_NOTES + NOTES_PAGE_MAX)
  for (const { relay } of launched.running) relay.setFaults({ delayMs: 600 })
  await backToTop(page, top)
})

test.describe('on a phone', () => {
  // The screen the loop below was found on: few rows fill it, so the window's ends are on it.
  test.use({ viewport: { width: 412, height: 823 } })

  test('filters that hide most notes (Image Notes Only): the window grows to hold them, and paging stops at the oldest', async ({
    page,
    world,
    launchRelay,
    openApp,
  }) => {
    test.setTimeout(60_000)
    await page.addInitScript(() => localStorage.setItem('filterByImageNotesOnly', 'true'))
    // Notes tagged with the default hashtags that carry a picture. The demo world has a few in
    // hundreds: more pages than the window holds to find enough of them.
    const tagged = world.events.filter(
      (event) =>
        event.kind === 1 &&
        event.tags.some(
          ([name, value]) =>
            name === 't' && DEFAULT_HASHTAGS.some((tag) => tag.toLowerCase() === value),
        ),
    )
    const withPictures = tagged.filter((event) => toNote(event, 0).imageUrls.length > 0)
    expect(tagged.length).toBeGreaterThan(FEED_WINDOW_PAGES * NOTES_PAGE_SIZE)
    expect(withPictures.length).toBeLessThan(FEED_WINDOW_MIN_ROWS)

    const relay = await launchRelay()
    await openApp([relay])
    const articles = page.getByRole('feed').getByRole('article')
    await expect(articles.first()).toBeVisible()
    // Enough rows for the screen, then no more asking: a window that dropped a page with rows on
    // screen asked for it again at once, and so on for ever (dozens of REQs a second).
    let asked = -1
    await expect
      .poll(
        () => {
          const now = relay.stats().reqs
          const settled = now === asked
          asked = now
          return settled
        },
        { timeout: 30_000, intervals: [1500] },
      )
      .toBe(true)
    // Scrolled to the end: every one of them, in a list whose size is known once the oldest page
    // is in.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
          return articles.last().getAttribute('aria-setsize')
        },
        { timeout: 30_000, intervals: [200] },
      )
      .toBe(String(withPictures.length))
  })
})

import type { Page } from '@playwright/test'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { ASCII_PAGE_MAX_PIXELS } from '../../src/actors/feed/ascii-cache.ts'
import { START_MARKS } from '../../src/core/app/start-marks.ts'
import { asciiGrid } from '../../src/core/feed/ascii-art.ts'
import { toNote } from '../../src/core/feed/note.ts'
import { newestFirst } from '../../src/core/platform/event-order.ts'
import { ON_SCREEN_WAIT_MS } from '../../src/ui/components/feed/on-screen.ts'
import { byAuthors } from '../peers/faults.ts'
import { encodePng } from '../peers/seed/media/png.ts'
import { firstRow, watchFirstRow } from './first-row.ts'
import { expect, test } from './fixtures.ts'
import { holdApp, holdRequests } from './held-app.ts'
import { showEveryNote } from './plain-feed.ts'

const early = (page: Page) => page.locator('.early-feed article')
const earlyIds = (page: Page) =>
  early(page).evaluateAll((cards) => cards.map((card) => card.getAttribute('data-early-note-id')))

/** The faces and sizes (style, weight, size, family) the text within `selector` is set in. */
const typeSet = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((roots) => {
    const fonts = new Set<string>()
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || !node.parentElement) continue
        const style = getComputedStyle(node.parentElement)
        fonts.add(`${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`)
      }
    }
    return [...fonts].sort()
  })

/** Every early row is drawn (the rows come as the page's leading notes settle). */
const allDrawn = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate((name) => performance.getEntriesByName(name).length, START_MARKS.complete),
    )
    .toBe(1)

/** The time of the world's newest event, and a picture one of its notes shows. */
function newestAndPicture(events: readonly NostrEvent[]): { newest: number; picture: string } {
  const picture = events.flatMap((event) => (event.kind === 1 ? toNote(event, 0).imageUrls : []))[0]
  if (!picture) throw new Error('the world has no picture to reuse')
  return { newest: Math.max(...events.map((event) => event.created_at)), picture }
}

/** The app's rows replace the early ones, beginning with the same notes in the same order. */
async function appTakesOver(page: Page, release: () => void, drawn: readonly (string | null)[]) {
  release()
  const rows = page.getByRole('feed').locator('article')
  await expect(rows.first()).toBeVisible()
  await expect(early(page)).toHaveCount(0)
  await expect
    .poll(async () =>
      (
        await rows.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-note-id')))
      ).slice(0, drawn.length),
    )
    .toEqual(drawn)
}

test("the start-up script draws the first page's newest notes, checked, before the app's scripts run; the app's rows take their place", async ({
  page,
  launchRelay,
  openApp,
}) => {
  const mallory = generateSecretKey()
  const world = await launchRelay()
  // Newer than every note of the world, which may have been made a moment ago.
  const newest = Math.max(...world.events().map((event) => event.created_at))
  const honest = finalizeEvent(
    { kind: 1, created_at: newest + 1, tags: [], content: 'Drawn before the app has loaded' },
    generateSecretKey(),
  )
  const forged = finalizeEvent(
    { kind: 1, created_at: newest + 2, tags: [], content: 'Forged, never drawn' },
    mallory,
  )
  // The world on one relay; on the other, a newer honest note and a newer still forged one.
  const relays = [
    world,
    await launchRelay({
      seed: [honest, forged],
      faults: { corruptSignatures: byAuthors(getPublicKey(mallory)) },
    }),
  ]
  await showEveryNote(page)
  const release = await holdApp(page)
  await openApp(relays, '/', { waitUntil: 'commit' })

  await expect(early(page).first()).toBeVisible()
  await allDrawn(page)
  const drawn = await earlyIds(page)
  expect(drawn[0]).toBe(honest.id)
  expect(drawn).not.toContain(forged.id)
  await expect(early(page).first().locator('.note-text')).toHaveText(honest.content)
  // Out of reach until the app is there, and not a feed to assistive technology.
  await expect(page.locator('.early-feed')).toHaveAttribute('aria-hidden', 'true')
  expect(await page.locator('.early-feed').evaluate((layer) => (layer as HTMLElement).inert)).toBe(
    true,
  )
  await expect(page.getByRole('feed')).toHaveCount(0)
  // Its steps on the page's timeline, in order, each once (what the bench reads).
  const marks = await page.evaluate(() =>
    performance.getEntriesByType('mark').map((mark) => mark.name),
  )
  expect(marks.filter((name) => name.startsWith('plume:'))).toEqual(Object.values(START_MARKS))
  // Its sockets closed once the page had come: each relay keeps only the app's early socket.
  await expect.poll(() => relays.map((relay) => relay.stats().open)).toEqual([1, 1])
  await page.screenshot({ path: 'test-results/screenshots/early-feed.png' })

  await appTakesOver(page, release, drawn)
  await expect(page.locator(`[data-note-id="${forged.id}"]`)).toHaveCount(0)
})

/** The start-up script (ui/head-start.ts), held until the returned function is called. */
const holdStartUp = (page: Page) => holdRequests(page, /\/assets\/head-start-[\w-]+\.js$/)

test('the first early row is drawn alone: the others once it is on screen, or once the start-up script has waited long enough, one a task', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const world = await launchRelay()
  await showEveryNote(page)
  await watchFirstRow(page)
  const release = await holdApp(page)
  await openApp([world], '/', { waitUntil: 'commit' })
  await allDrawn(page)
  await expect.poll(async () => (await firstRow(page)).onScreen).not.toBeNull()
  const { drawn, onScreen, secondRowAt, mostRowsInATask } = await firstRow(page)
  if (drawn === null || onScreen === null || secondRowAt === null) throw new Error('no two rows')
  // The wait's timer was set after the drawn mark; 1 ms for the timer's clock, which
  // performance.now() rounds.
  expect(secondRowAt).toBeGreaterThanOrEqual(Math.min(onScreen, drawn + ON_SCREEN_WAIT_MS - 1))
  const ids = await earlyIds(page)
  expect(ids.length).toBeGreaterThan(2)
  expect(mostRowsInATask).toBe(1)
  await appTakesOver(page, release, ids)
})

test("with the config in the page, the first page's request leaves before the start-up script has loaded, and the early feed reads the answers from those sockets", async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relays = [await launchRelay(), await launchRelay()]
  await showEveryNote(page)
  const releaseApp = await holdApp(page)
  const releaseStartUp = await holdStartUp(page)
  await openApp(relays, '/', { waitUntil: 'commit' })
  await expect.poll(() => relays.map((relay) => relay.stats().reqs)).toEqual([1, 1])
  expect(relays.map((relay) => relay.stats().connections)).toEqual([1, 1])
  await expect(early(page)).toHaveCount(0)

  releaseStartUp()
  await allDrawn(page)
  const drawn = await earlyIds(page)
  const newest = [...relays[0]!.events()].filter((event) => event.kind === 1).sort(newestFirst)
  expect(drawn[0]).toBe(newest[0]?.id)
  // Read from the sockets asked before: no relay was asked again (the app's sockets ask nothing
  // until it has loaded).
  expect(relays.map((relay) => relay.stats().reqs)).toEqual([1, 1])
  await appTakesOver(page, releaseApp, drawn)
})

test("with the config fetched (a page as built), the start-up script sends the first page's request itself", async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relays = [await launchRelay()]
  await showEveryNote(page)
  const releaseApp = await holdApp(page)
  const releaseStartUp = await holdStartUp(page)
  await openApp(relays, '/', { waitUntil: 'commit', inlineConfig: false })
  await expect.poll(() => page.evaluate(() => document.readyState)).toBe('interactive')
  expect(relays[0]!.stats().reqs).toBe(0)

  releaseStartUp()
  await allDrawn(page)
  expect(relays[0]!.stats().reqs).toBe(1)
  const marks = await page.evaluate(() =>
    performance.getEntriesByType('mark').map((mark) => mark.name),
  )
  expect(marks.filter((name) => name.startsWith('plume:'))).toEqual(Object.values(START_MARKS))
  await appTakesOver(page, releaseApp, await earlyIds(page))
})

test('a relay that never ends its stored events holds back no early row that none of its notes can go above', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const world = await launchRelay()
  const oldest = Math.min(...world.events().map((event) => event.created_at))
  const older = finalizeEvent(
    { kind: 1, created_at: oldest - 60, tags: [], content: 'Older than the whole world' },
    generateSecretKey(),
  )
  const unended = await launchRelay({
    seed: [older],
    faults: { rewrite: (frame) => (frame[0] === 'EOSE' ? null : frame) },
  })
  await showEveryNote(page)
  const release = await holdApp(page)
  await openApp([world, unended], '/', { waitUntil: 'commit' })
  // The world's newest notes are drawn, and every row is, long before the unended relay would be
  // given up (EARLY_PAGE_MS): its one note is older than all of them, and it sends newest first.
  await allDrawn(page)
  const drawn = await earlyIds(page)
  const newest = [...world.events()].filter((event) => event.kind === 1).sort(newestFirst)
  expect(drawn[0]).toBe(newest[0]?.id)
  expect(drawn).not.toContain(older.id)
  await appTakesOver(page, release, drawn)
})

test("a fresh install's early feed: its hashtag tabs, and the tagged notes, a picture as the ASCII art the app's rows then hold", async ({
  page,
  launchRelay,
  openApp,
}) => {
  const world = await launchRelay()
  // The world's newest tagged notes depend on its ports (their texts hold URLs): two newer ones,
  // a text and under it a picture, make the page begin the same way every time.
  const { newest, picture } = newestAndPicture(world.events())
  const author = generateSecretKey()
  const note = (created_at: number, tag: string, content: string) =>
    finalizeEvent({ kind: 1, created_at, tags: [['t', tag]], content }, author)
  const text = note(newest + 2, 'nostr', 'A tagged note, drawn early')
  const pictured = note(newest + 1, 'bitcoin', `A tagged picture ${picture}`)
  const relays = [world, await launchRelay({ seed: [text, pictured] })]
  const release = await holdApp(page)
  const sendPicture = await holdRequests(page, picture)
  // The art is drawn on the page: the ASCII worker's script, held, is waited for by nothing here.
  const sendWorker = await holdRequests(page, /\/assets\/ascii\.worker-[\w-]+\.js$/)
  await openApp(relays, '/', { waitUntil: 'commit' })
  await expect(early(page).first()).toBeVisible()
  await allDrawn(page)
  await expect(page.locator('.early-feed .feed-tab')).toHaveText([
    'All',
    '#Bitcoin',
    '#Nostr',
    '#News',
  ])
  await expect(page.locator('.early-feed .feed-tab[aria-current="page"]')).toHaveText('All')
  // ASCII Mode, a fresh install's default: until the picture has come, the early row holds the
  // art's box, of the size the app holds for a picture of unknown size, and goes on below.
  const drawn = await earlyIds(page)
  expect(drawn.slice(0, 2)).toEqual([text.id, pictured.id])
  expect(drawn.length).toBeGreaterThan(2)
  await expect(early(page).locator('img')).toHaveCount(0)
  const earlyRow = page.locator(`.early-feed [data-early-note-id="${pictured.id}"]`)
  const box = earlyRow.locator('.ascii-pending')
  await expect(box).toBeVisible()
  const { columns, rows } = asciiGrid(1200, 800)
  expect(
    await box.evaluate((art) => [
      getComputedStyle(art).getPropertyValue('--ascii-columns'),
      getComputedStyle(art).getPropertyValue('--ascii-rows'),
    ]),
  ).toEqual([String(columns), String(rows)])
  const held = await box.boundingBox()
  expect(held?.height).toBeGreaterThan(100)
  await page.screenshot({ path: 'test-results/screenshots/early-feed-fresh.png' })

  // The picture comes: the art is drawn into the early row while the app's scripts (and the
  // ASCII worker) are held, into the app's ASCII cache, lines of the grid its CSS variables size.
  sendPicture()
  const earlyArt = earlyRow.locator('a.ascii-frame pre.ascii-art')
  await expect(earlyArt).toBeVisible()
  await expect(box).toHaveCount(0)
  await expect(earlyArt).toHaveAttribute('role', 'img')
  await expect(earlyArt).toHaveAttribute('aria-label', 'Image')
  await expect(earlyRow.locator('a.ascii-frame')).toHaveAttribute('href', picture)
  const art = await earlyArt.evaluate((pre) => ({
    lines: (pre.textContent ?? '').split('\n'),
    columns: getComputedStyle(pre).getPropertyValue('--ascii-columns'),
    rows: getComputedStyle(pre).getPropertyValue('--ascii-rows'),
    colors: pre.classList.contains('ascii-color') && getComputedStyle(pre).backgroundImage,
  }))
  expect(art.lines.length).toBeGreaterThan(1)
  expect(new Set(art.lines.map((line) => line.length))).toEqual(new Set([Number(art.columns)]))
  expect(Number(art.rows)).toBe(art.lines.length)
  // Color Mode, a fresh install's default too: the colours behind the characters.
  expect(art.colors).toMatch(/^url\("data:image\/bmp;base64,/)
  await page.screenshot({ path: 'test-results/screenshots/early-feed-fresh-art.png' })

  // index.html's type sampler was laid out with the page, in every face and size these rows and
  // tabs are set in, at a phone's width as at a desktop's: their frame finds no font of its own.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    const sampled = await typeSet(page, '.type-sampler')
    expect(sampled.length).toBeGreaterThan(5)
    const rows = [text.id, pictured.id].map((id) => `.early-feed [data-early-note-id="${id}"]`)
    for (const font of await typeSet(page, ['.early-feed .feed-tabs', ...rows].join(', '))) {
      expect(sampled, `${font} at ${width} px`).toContain(font)
    }
  }

  // The app's row has the same art from the start: the cache already holds it, so its row never
  // shows the empty box over the art.
  await page.evaluate((id) => {
    const seen = { box: false }
    Reflect.set(window, '__pendingSeen', seen)
    new MutationObserver(() => {
      if (document.querySelector(`[role=feed] [data-note-id="${id}"] .ascii-pending`))
        seen.box = true
    }).observe(document, { childList: true, subtree: true })
  }, pictured.id)
  sendWorker()
  await appTakesOver(page, release, drawn)
  const appArt = page.getByRole('feed').locator(`[data-note-id="${pictured.id}"] pre.ascii-art`)
  await expect(appArt).toBeVisible()
  expect((await appArt.textContent())?.split('\n')).toEqual(art.lines)
  expect(await page.evaluate(() => Reflect.get(window, '__pendingSeen'))).toEqual({ box: false })
})

test("a picture of more pixels than the page scales (ASCII_PAGE_MAX_PIXELS) is drawn by the ASCII worker: the early row holds the art's box until the worker has started", async ({
  page,
  launchRelay,
  openApp,
}) => {
  const world = await launchRelay()
  const { newest, picture: known } = newestAndPicture(world.events())
  // A picture one pixel row over the bound, served by the world's picture host.
  const picture = new URL('/media/over-the-bound.png', known).href
  const width = 1000
  const height = ASCII_PAGE_MAX_PIXELS / width + 1
  const png = encodePng(width, height, new Uint8Array(width * height * 3).fill(160))
  await page.route(picture, (route) =>
    route.fulfill({
      body: Buffer.from(png),
      contentType: 'image/png',
      headers: { 'access-control-allow-origin': '*' },
    }),
  )
  const pictured = finalizeEvent(
    // Tagged: a fresh install's feed is its hashtags' ("All" of its tabs).
    {
      kind: 1,
      created_at: newest + 1,
      tags: [['t', 'nostr']],
      content: `A large picture ${picture}`,
    },
    generateSecretKey(),
  )
  const relays = [world, await launchRelay({ seed: [pictured] })]
  const release = await holdApp(page)
  const sendWorker = await holdRequests(page, /\/assets\/ascii\.worker-[\w-]+\.js$/)
  const workerAsked = page.waitForRequest(/\/assets\/ascii\.worker-[\w-]+\.js$/)
  await openApp(relays, '/', { waitUntil: 'commit' })
  const earlyRow = page.locator(`.early-feed [data-early-note-id="${pictured.id}"]`)
  await expect(earlyRow.locator('.ascii-pending')).toBeVisible()
  // The page decoded it, found it over the bound and asked the worker, which is held: the box stays.
  await workerAsked
  await expect(earlyRow.locator('.ascii-pending')).toBeVisible()
  await expect(earlyRow.locator('pre.ascii-art:not(.ascii-pending)')).toHaveCount(0)
  sendWorker()
  await expect(earlyRow.locator('a.ascii-frame pre.ascii-art')).toBeVisible()
  await expect(earlyRow.locator('.ascii-pending')).toHaveCount(0)
  // The app's row finds the art in the cache.
  release()
  const appRow = page.getByRole('feed').locator(`[data-note-id="${pictured.id}"]`)
  await expect(appRow.locator('a.ascii-frame pre.ascii-art')).toBeVisible()
  await expect(early(page)).toHaveCount(0)
})

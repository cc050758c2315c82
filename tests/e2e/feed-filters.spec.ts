/**
 * The feed against the seeded relay, every note as pictures (plain-feed.ts): every filter on and
 * off shows what the seed predicts, reposts and quotes render, content warnings hide until
 * revealed, the keyboard reads it, the virtual list stays small however far one scrolls, Back
 * lands on the note one left, and live notes wait above a reader who scrolled down. The fresh
 * install's feed, the hashtag filter and ASCII Mode are in preferences.spec.ts.
 */
import { hexToBytes } from '@noble/hashes/utils.js'
import type { Locator, Page } from '@playwright/test'
import { npubEncode } from 'nostr-tools/nip19'
import { finalizeEvent, type NostrEvent } from 'nostr-tools/pure'
import type { DemoWorld } from '../peers/seed/index.ts'
import { SHOWCASE_WARNING } from '../peers/seed/showcase.ts'
import { expectFirstRows, predictRows } from './feed-rows.ts'
import { openFivePages } from './five-pages.ts'
import { expect, test } from './fixtures.ts'
import { showEveryNote } from './plain-feed.ts'

const displayNameOf = (world: DemoWorld, events: readonly NostrEvent[], pubkey: string) => {
  const profile = events.find((event) => event.kind === 0 && event.pubkey === pubkey)
  const name = profile
    ? (JSON.parse(profile.content) as { display_name?: string }).display_name
    : ''
  return name || world.accounts.find((account) => account.pubkey === pubkey)?.name || ''
}

// ---------------------------------------------------------------------------------------------
// Driving the app.

const feed = (page: Page) => page.getByRole('feed')
/**
 * The note screen, shown: Back only leaves a note once it is there. The URL changes first, and on
 * a slow run Back taken before the screen rendered found the feed never left (the link still
 * focused), not a feed coming back.
 */
const notePage = (page: Page) => page.getByRole('region', { name: 'Note' })

/**
 * The one row an article stands for: a repost row is its repost's (the note it shows may have a
 * row of its own too), any other row its note's.
 */
const rowSelector = (noteId: string, repostId: string | null) =>
  repostId
    ? `article[data-repost-id="${repostId}"]`
    : `article[data-note-id="${noteId}"]:not([data-repost-id])`

async function rowOf(page: Page, article: Locator): Promise<Locator> {
  const [noteId, repostId] = await Promise.all([
    article.getAttribute('data-note-id'),
    article.getAttribute('data-repost-id'),
  ])
  return page.locator(rowSelector(noteId!, repostId))
}
const settings = (page: Page) => page.getByRole('dialog', { name: 'Settings' })

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(settings(page)).toBeVisible()
}

async function closeSettings(page: Page) {
  await settings(page).getByRole('button', { name: 'Back' }).click()
  await expect(settings(page)).toHaveCount(0)
}

/**
 * Flips a switch in Settings and leaves Settings, on a screen of a common height: the tall window
 * the rows are read in is put back after. Over a window 8,000 px tall, the modal's backdrop blur,
 * drawn on the CPU, held each frame: a click waited up to 16 s for the switch to be stable on a
 * busy host, and the test ran out of time.
 */
async function setSwitch(page: Page, name: string, on: boolean) {
  const window = page.viewportSize()
  if (window) await page.setViewportSize({ width: window.width, height: 900 })
  await openSettings(page)
  const toggle = settings(page).getByRole('switch', { name, exact: true })
  await toggle.setChecked(on)
  await expect(toggle).toBeChecked({ checked: on })
  await closeSettings(page)
  if (window) await page.setViewportSize(window)
}

/** Scrolls down until `locator` is in the page (the virtual list renders rows near the screen). */
async function scrollUntil(page: Page, locator: Locator, maxSteps = 80) {
  for (let step = 0; step < maxSteps; step++) {
    // The row can leave again between the count and the scroll (the wheel's momentum carries the
    // list on, and the virtual list lets it go): then keep looking.
    if ((await locator.count()) > 0) {
      const shown = await locator
        .first()
        .scrollIntoViewIfNeeded({ timeout: 2000 })
        .then(() => true)
        .catch(() => false)
      if (shown) return
    }
    await page.mouse.wheel(0, 700)
    await page.waitForTimeout(120)
  }
  throw new Error('never came into the page')
}

/** j pressed `times` times in one task, as a held j's repeats queue up behind a long render. */
const pressJInOneTask = (page: Page, times: number) =>
  page.evaluate((times) => {
    for (let i = 0; i < times; i++) {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true }))
    }
  }, times)

const focusedRow = (page: Page) =>
  page.evaluate(() => {
    const row = document.activeElement?.closest('[data-index]')
    return row ? Number(row.getAttribute('data-index')) : null
  })

// ---------------------------------------------------------------------------------------------

test('Show Replies, Show Reposts and Image Notes Only change the feed as the seed predicts', async ({
  page,
  launchRelay,
  openApp,
}) => {
  // Ten switches flipped, each waiting for a tall window of rows.
  test.setTimeout(120_000)
  const relay = await launchRelay()
  await showEveryNote(page)
  // A tall window renders many rows at once.
  await page.setViewportSize({ width: 1280, height: 8000 })
  await openApp([relay])
  const all = predictRows(relay.events())
  // Enough rows to hold a reply and a repost: which replies the seed keeps near the top depends
  // on the second it was made (it leaves out replies that would land after now).
  const FIRST = Math.max(
    14,
    all.findIndex((row) => row.reply) + 1,
    all.findIndex((row) => row.repost) + 1,
  )
  expect(
    all.slice(0, FIRST).some((row) => row.reply),
    'replies near the top',
  ).toBe(true)
  // The seed's showcase reposts a note 55 minutes before now: among the first rows.
  expect(
    all.slice(0, FIRST).some((row) => row.repost),
    'reposts near the top',
  ).toBe(true)
  // Within what the window renders: some 30 rows (its height over theirs, and the overscan).
  expect(FIRST, 'a reply and a repost within the first rows').toBeLessThanOrEqual(30)

  await expectFirstRows(page, all, FIRST)

  await setSwitch(page, 'Show Replies', false)
  const noReplies = all.filter((row) => !row.reply)
  await expectFirstRows(page, noReplies, FIRST)
  await setSwitch(page, 'Show Replies', true)
  await expectFirstRows(page, all, FIRST)

  await setSwitch(page, 'Show Reposts', false)
  const noReposts = all.filter((row) => !row.repost)
  await expectFirstRows(page, noReposts, 20)
  await setSwitch(page, 'Show Reposts', true)
  await expectFirstRows(page, all, 20)

  await setSwitch(page, 'Image Notes Only', true)
  await expectFirstRows(
    page,
    all.filter((row) => row.image),
    6,
  )
  await expect(
    feed(page).getByRole('article').first().locator('.note-media img').first(),
  ).toBeVisible()
  await setSwitch(page, 'Image Notes Only', false)
  await expectFirstRows(page, all, FIRST)
})

test('Follow Only: disabled logged out; logged in it shows only the people followed; sign-out turns it off', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  await showEveryNote(page)
  await page.setViewportSize({ width: 1280, height: 2600 })
  await openApp([relay])
  const events = relay.events()
  // The account that follows the fewest people: the filter then has the most to hide.
  const lists = events.filter((event) => event.kind === 3)
  const list = lists
    .filter((event) => event.tags.some((tag) => tag[0] === 'p'))
    .sort((a, b) => a.tags.length - b.tags.length)[0]!
  const follows = new Set(list.tags.filter((tag) => tag[0] === 'p').map((tag) => tag[1]))
  const all = predictRows(events)
  const followed = all.filter((row) => follows.has(row.author))
  expect(
    all.slice(0, 10).some((row) => !follows.has(row.author)),
    'strangers at the top',
  ).toBe(true)

  await openSettings(page)
  await expect(settings(page).getByRole('switch', { name: 'Follow Only' })).toBeDisabled()
  await settings(page).getByLabel('Public key (read only)').fill(npubEncode(list.pubkey))
  await settings(page)
    .getByRole('region', { name: 'User Login and Keys' })
    .getByRole('button', { name: 'Save' })
    .click()
  const followOnly = settings(page).getByRole('switch', { name: 'Follow Only' })
  await expect(followOnly).toBeEnabled()
  await followOnly.check()
  await closeSettings(page)
  await expectFirstRows(page, followed, 8)

  await openSettings(page)
  await settings(page).getByRole('button', { name: 'Sign Out' }).click()
  await page
    .getByRole('dialog', { name: 'Sign out' })
    .getByRole('button', { name: 'Sign out', exact: true })
    .click()
  await expect(followOnly).toBeDisabled()
  await expect(followOnly).not.toBeChecked()
  expect(await page.evaluate(() => localStorage.getItem('filterByFollow'))).toBe('false')
  await closeSettings(page)
  await expectFirstRows(page, all, 8)
  expect(world.accounts.some((account) => account.pubkey === list.pubkey)).toBe(true)
})

test('reposts, an empty repost, a quote, a content warning and #nsfw render as they should', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  await showEveryNote(page)
  await page.setViewportSize({ width: 1280, height: 1200 })
  await openApp([relay])
  const events = relay.events()
  const rows = predictRows(events)

  // A repost carrying its note, with "{name} reposted" over the note.
  const repost = rows.find((row) => row.repost && events.find((e) => e.id === row.id)?.content)!
  const repostCard = feed(page).locator(`article[data-repost-id="${repost.id}"]`)
  await scrollUntil(page, repostCard)
  const reposter = displayNameOf(world, events, repost.author)
  await expect(repostCard.locator('.note-repost')).toHaveText(new RegExp(`^${reposter} reposted`))
  const original = events.find((event) => event.id === repost.noteId)!
  await expect(repostCard).toHaveAttribute('data-note-id', original.id)
  await expect(repostCard.getByRole('heading')).toHaveText(
    displayNameOf(world, events, original.pubkey),
  )

  // A repost with empty content: the note is fetched by its e tag.
  const empty = events.find((event) => event.kind === 6 && event.content === '')!
  const target = events.find((event) => event.id === empty.tags.find((t) => t[0] === 'e')?.[1])!
  const emptyCard = feed(page).locator(`article[data-repost-id="${empty.id}"]`)
  await page.evaluate(() => window.scrollTo(0, 0))
  await scrollUntil(page, emptyCard)
  await expect(emptyCard.locator('.note-repost')).toContainText('reposted')
  await expect(emptyCard).toHaveAttribute('data-note-id', target.id)
  await expect(emptyCard.locator('.note-media img').first()).toBeVisible()

  // A quote: the quoted note inside, fetched by id.
  const quote = events
    .filter((event) => event.kind === 1 && event.tags.some((tag) => tag[0] === 'q'))
    .sort((a, b) => b.created_at - a.created_at)[0]!
  const quotedId = quote.tags.find((tag) => tag[0] === 'q')![1]!
  const quoted = events.find((event) => event.id === quotedId)!
  const quoteCard = feed(page).locator(rowSelector(quote.id, null))
  await page.evaluate(() => window.scrollTo(0, 0))
  await scrollUntil(page, quoteCard)
  const inner = quoteCard.locator(`.note-quote[data-quote-id="${quotedId}"]`)
  await expect(inner).toBeVisible()
  // Its text as shown: a person named in it (nostr:npub…) shows as their name, so a stretch of
  // plain text is compared, whichever note the clock made the newest quote.
  const plainText = quoted.content
    .split('\n')[0]!
    .split(/nostr:\w+/)
    .map((part) => part.trim())
    .sort((a, b) => b.length - a.length)[0]!
  expect(plainText.length).toBeGreaterThan(0)
  await expect(inner.locator('.note-text')).toContainText(plainText.slice(0, 30))
  await expect(quoteCard.locator('.note-text').first()).not.toContainText('nostr:')

  // Content warning (NIP-36): the reason, and the text only once revealed.
  const warned = events.find((event) =>
    event.tags.some((tag) => tag[0] === 'content-warning' && tag[1] === SHOWCASE_WARNING),
  )!
  const warnedCard = feed(page).locator(rowSelector(warned.id, null))
  await page.evaluate(() => window.scrollTo(0, 0))
  await scrollUntil(page, warnedCard)
  await expect(warnedCard.locator('.note-sensitive')).toContainText(
    `Content warning: ${SHOWCASE_WARNING}`,
  )
  await expect(warnedCard).not.toContainText('Gave blood')
  await warnedCard.getByRole('button', { name: 'Show note' }).click()
  await expect(warnedCard).toContainText('Gave blood for the first time today.')

  // #nsfw: hidden with its picture until revealed.
  const nsfw = events.find((event) => event.tags.some((t) => t[0] === 't' && t[1] === 'nsfw'))!
  const nsfwCard = feed(page).locator(rowSelector(nsfw.id, null))
  await scrollUntil(page, nsfwCard)
  await expect(nsfwCard.locator('.note-sensitive')).toContainText('Content warning: NSFW')
  await expect(nsfwCard.locator('img:not(.avatar)')).toHaveCount(0)
  await nsfwCard.getByRole('button', { name: 'Show note' }).click()
  await expect(nsfwCard.locator('.note-media img')).toBeVisible()
  await nsfwCard.screenshot({ path: 'test-results/screenshots/feed-nsfw-revealed.png' })
})

test('keyboard: j and k move the focus through the virtual list, Enter opens the note, Escape closes Settings', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await showEveryNote(page)
  await openApp([relay])
  const rows = predictRows(relay.events())
  await expectFirstRows(page, rows, 3)

  await page.keyboard.press('j')
  await expect.poll(() => focusedRow(page)).toBe(0)
  await page.keyboard.press('j')
  await expect.poll(() => focusedRow(page)).toBe(1)
  await page.keyboard.press('k')
  await expect.poll(() => focusedRow(page)).toBe(0)
  for (let i = 0; i < 30; i++) await page.keyboard.press('j')
  await expect.poll(() => focusedRow(page)).toBe(30)
  const focused = page.locator('article:focus')
  await expect(focused).toBeInViewport()
  await expect(focused).toHaveAttribute('aria-posinset', '31')
  const id = await focused.getAttribute('data-note-id')
  expect(id).toBe(rows[30]!.noteId)
  const row = await rowOf(page, focused)

  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/note\/note1/)
  await expect(notePage(page)).toBeVisible()
  await page.goBack()
  await expect(row).toBeFocused()
  await expect(row).toBeInViewport()

  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(settings(page)).toBeVisible()
  await page.keyboard.press('j') // typing into Settings does not move the feed
  await page.keyboard.press('Escape')
  await expect(settings(page)).toHaveCount(0)
  await expect(page).not.toHaveURL(/settings=true/)
})

test('keyboard: j pressed faster than the list renders moves one row per press', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await showEveryNote(page)
  await openApp([relay])
  const rows = predictRows(relay.events())
  await expectFirstRows(page, rows, 3)
  // Forty rows loaded, then back at the top: most of them loaded but not rendered.
  const card = feed(page).locator(
    rowSelector(rows[40]!.noteId, rows[40]!.repost ? rows[40]!.id : null),
  )
  await scrollUntil(page, card)
  await page.evaluate(() => window.scrollTo({ top: 0 }))
  await expect(feed(page).locator('[data-index="0"]')).toBeInViewport()
  await page.keyboard.press('j')
  await expect.poll(() => focusedRow(page)).toBe(0)
  // Thirty presses in one task, as a held j's repeats queue up behind a long render: no render
  // between them, the rows past the rendered ones are asked for before they exist.
  await pressJInOneTask(page, 30)
  await expect.poll(() => focusedRow(page)).toBe(30)
  const focused = page.locator('article:focus')
  await expect(focused).toHaveAttribute('data-note-id', rows[30]!.noteId)
  await expect(focused).toBeInViewport()
})

test('keyboard: j pressed pages ahead of the loaded rows follows the pages in and stops on the last note', async ({
  page,
  world,
  launchRelay,
  openApp,
}) => {
  const { rows } = await openFivePages(page, world, launchRelay, openApp)
  await page.keyboard.press('j')
  await expect.poll(() => focusedRow(page)).toBe(0)
  // Fifty presses in one task, from the top: at most two pages are loaded, so the last thirty
  // count past them, more than the next page brings. Each page that comes takes the focus to its
  // end, whose nearness asks for the one after; past the feed's end, the focus stops on its last
  // note, and k moves up from there.
  await pressJInOneTask(page, 50)
  await expect.poll(() => focusedRow(page)).toBe(44)
  await expect(page.locator('article:focus')).toHaveAttribute('data-note-id', rows[44]!.noteId)
  await page.keyboard.press('k')
  await expect.poll(() => focusedRow(page)).toBe(43)
})

test('scrolling 150 notes keeps the page small; Back from a note lands on the same note', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await showEveryNote(page)
  await openApp([relay])
  const rows = predictRows(relay.events())
  await expectFirstRows(page, rows, 3)

  let most = 0
  for (let step = 0; step < 200; step++) {
    most = Math.max(most, await feed(page).getByRole('article').count())
    const deepest = await feed(page)
      .getByRole('article')
      .evaluateAll((articles) =>
        Math.max(...articles.map((a) => Number(a.getAttribute('aria-posinset')))),
      )
    if (deepest >= 150) break
    await page.mouse.wheel(0, 900)
    await page.waitForTimeout(60)
  }
  const deepest = await feed(page)
    .getByRole('article')
    .evaluateAll((articles) =>
      Math.max(...articles.map((a) => Number(a.getAttribute('aria-posinset')))),
    )
  expect(deepest).toBeGreaterThanOrEqual(150)
  // Rows near the screen only: a screen and the rows kept ready around it, whatever the depth.
  expect(most).toBeLessThanOrEqual(30)

  // The first row whose header is in view: open it by its time link, come back.
  const target = feed(page)
    .locator('article')
    .filter({ has: page.locator('time') })
  const ids = await target.evaluateAll((articles) =>
    articles
      .filter((a) => {
        const rect = a.getBoundingClientRect()
        // Its header (with the time link) below the app header and inside the window.
        return rect.top >= 64 && rect.top + 80 <= window.innerHeight
      })
      .map((a) => [a.getAttribute('data-note-id')!, a.getAttribute('data-repost-id')] as const),
  )
  const [id, repostId] = ids[0]!
  const card = page.locator(rowSelector(id, repostId))
  const position = Number(await card.getAttribute('aria-posinset'))
  expect(position).toBeGreaterThan(100)
  await card.locator('a.note-time').click()
  await expect(page).toHaveURL(/\/note\/note1/)
  await expect(notePage(page)).toBeVisible()
  const state = await page.evaluate(() => history.state as Record<string, unknown>)
  expect(state).toMatchObject({ fromFeed: true, restoreIndex: position - 1 })
  await page.goBack()
  await expect(card).toBeFocused()
  await expect(card).toBeInViewport()
  await expect(card).toHaveAttribute('aria-posinset', String(position))
})

test('live notes wait above a reader who scrolled down, without moving the page', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  await showEveryNote(page)
  await openApp([relay])
  await expectFirstRows(page, predictRows(relay.events()), 3)
  const key = hexToBytes(world.accounts[2]!.secretKeyHex)
  const now = Math.floor(Date.now() / 1000)
  const publish = (content: string, createdAt: number) =>
    relay.publish(finalizeEvent({ kind: 1, created_at: createdAt, tags: [], content }, key))

  // At the top, a new note comes in at once.
  await publish('Live note while the reader is at the top', now)
  await expect(feed(page).getByRole('article').first()).toContainText('Live note while the reader')

  // Rows enough below to scroll that far (the second page has come): a wheel over the first page
  // alone stops at its end.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
    .toBeGreaterThan(2500)
  await page.mouse.wheel(0, 2500)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000)
  await page.waitForTimeout(300)
  const anchored = await rowOf(page, feed(page).locator('article').nth(3))
  const before = (await anchored.boundingBox())!.y

  // Of the top row's own second (it sorts by id, maybe under the top row), and a late one dated
  // among the rows read: both wait above, the page stays.
  await publish('Live note while the reader is further down', now)
  await publish('Late note while the reader is further down', now - 2)
  const more = page.getByRole('button', { name: 'Show 2 new notes' })
  await expect(more).toBeVisible()
  expect((await anchored.boundingBox())!.y).toBe(before)
  await expect(feed(page).getByText('note while the reader is further down')).toHaveCount(0)

  await more.click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(feed(page).getByText('note while the reader is further down')).toHaveCount(2)
  await expect(more).toHaveCount(0)
})

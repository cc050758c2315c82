/**
 * Preferences as the spec decides (README decisions; reading-and-identity.md §2 to §4): a fresh
 * install shows the notes tagged #bitcoin, #nostr or #news, with or without pictures, the pictures
 * drawn as coloured ASCII art; the custom hashtags are the feed's filter (an empty list is every note); every
 * setting changes what the feed shows and survives a reload; Clear Preferences restores the
 * defaults.
 */
import type { Locator, Page } from '@playwright/test'
import type { NostrEvent } from 'nostr-tools/pure'
import { ASCII_RAMP, asciiGrid } from '../../src/core/feed/ascii-art.ts'
import { PHOTO_HEIGHT, PHOTO_WIDTH } from '../peers/seed/media/photos.ts'
import { expectFirstRows, predictRows, type Row, taggedRows } from './feed-rows.ts'
import { expect, test } from './fixtures.ts'
import { logInWithNsec } from './login.ts'

const DEFAULT_TAGS = ['bitcoin', 'nostr', 'news']

const feed = (page: Page) => page.getByRole('feed')
const settings = (page: Page) => page.getByRole('dialog', { name: 'Settings' })
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Feeds' }).getByRole('link')
const toggle = (page: Page, name: string) =>
  settings(page).getByRole('switch', { name, exact: true })

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(settings(page)).toBeVisible()
}

async function closeSettings(page: Page) {
  await settings(page).getByRole('button', { name: 'Back' }).click()
  await expect(settings(page)).toHaveCount(0)
}

/** Flips switches in Settings and leaves Settings. */
async function setSwitches(page: Page, switches: Record<string, boolean>) {
  await openSettings(page)
  for (const [name, on] of Object.entries(switches)) {
    await toggle(page, name).setChecked(on)
    await expect(toggle(page, name)).toBeChecked({ checked: on })
  }
  await closeSettings(page)
}

/**
 * Image Notes Only on before the app's first script runs, unless the test stored its own value:
 * for tests that read the feed's pictures, which a fresh install mixes with notes without any.
 */
const imageNotesOnly = (page: Page) =>
  page.addInitScript(() => {
    if (localStorage.getItem('filterByImageNotesOnly') === null) {
      localStorage.setItem('filterByImageNotesOnly', 'true')
    }
  })

async function removeHashtags(page: Page, tags: string[]) {
  await openSettings(page)
  for (const tag of tags) {
    await settings(page)
      .getByRole('button', { name: `Remove #${tag}` })
      .click()
  }
  await closeSettings(page)
}

/** The first picture of a note as the seed made it: its URL and its NIP-92 description. */
function firstPicture(events: readonly NostrEvent[], row: Row) {
  const note = events.find((event) => event.id === row.noteId)!
  const url = /https?:\/\/\S+\.png/.exec(note.content)![0]
  const imeta = note.tags.find((tag) => tag[0] === 'imeta' && tag.includes(`url ${url}`))!
  const field = (name: string) =>
    imeta.find((entry) => entry.startsWith(`${name} `))!.slice(name.length + 1)
  return { url, alt: field('alt'), thumb: field('thumb') }
}

/**
 * An article's first picture drawn as ASCII art: its lines, and in Color Mode the size of the
 * colour picture painted behind them (one pixel a character), else null.
 */
async function readArt(article: Locator) {
  const art = article.locator('.note-media pre.ascii-art').first()
  // Every picture of the note drawn: while one is pending, the first drawn may be another one.
  await expect(article.locator('.note-media .ascii-pending')).toHaveCount(0)
  await expect(art).toBeVisible()
  const text = (await art.textContent()) ?? ''
  return { art, lines: text.split('\n'), colors: () => artColors(art) }
}

/** The size of the colour image painted behind the art's text, or null when there is none. */
const artColors = (art: Locator) =>
  art.evaluate(async (pre) => {
    const url = /^url\("(.*)"\)$/.exec(getComputedStyle(pre).backgroundImage)?.[1]
    if (!url || getComputedStyle(pre).color !== 'rgba(0, 0, 0, 0)') return null
    const image = new Image()
    image.src = url
    await image.decode()
    return { width: image.naturalWidth, height: image.naturalHeight }
  })

test('a fresh install shows the notes tagged #bitcoin, #nostr or #news, pictures drawn as coloured ASCII art', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await page.setViewportSize({ width: 1280, height: 2400 })
  const requested: string[] = []
  page.on('request', (request) => requested.push(request.url()))
  await openApp([relay])
  const events = relay.events()
  const expected = taggedRows(predictRows(events), DEFAULT_TAGS)
  // Image Notes Only is off (spec README decisions): notes without pictures among the first.
  expect(expected.slice(0, 6).some((row) => !row.image)).toBe(true)
  await expectFirstRows(page, expected, 6)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(tabs(page)).toHaveText(['All', '#Bitcoin', '#Nostr', '#News'])
  await expect(tabs(page).first()).toHaveAttribute('aria-current', 'page')

  // The first note with a picture: ASCII art in its colours, read by its description, opening the
  // picture; no <img> in the note.
  const withPicture = expected.find((row) => row.image)!
  const first = feed(page).locator(`article[data-note-id="${withPicture.noteId}"]`).first()
  // Down the feed to it: the virtual list renders only the rows near the screen.
  await expect
    .poll(
      async () => {
        if ((await first.count()) > 0) return true
        await page.mouse.wheel(0, 1500)
        return false
      },
      { timeout: 20_000 },
    )
    .toBe(true)
  await first.scrollIntoViewIfNeeded()
  const picture = firstPicture(events, withPicture)
  const { art, lines, colors } = await readArt(first)
  await expect(art).toHaveAttribute('role', 'img')
  await expect(art).toHaveAttribute('aria-label', picture.alt)
  await expect(first.locator('.note-media a.ascii-frame').first()).toHaveAttribute(
    'href',
    picture.url,
  )
  await expect(first.locator('.note-media img')).toHaveCount(0)
  // Drawn from the note's thumbnail (NIP-92 `thumb`): the full pictures are fetched only when
  // opened.
  expect(requested).toContain(picture.thumb)
  expect(requested.filter((url) => url.includes('/media/photos/'))).toEqual([])
  const grid = asciiGrid(PHOTO_WIDTH, PHOTO_HEIGHT)
  expect(lines).toHaveLength(grid.rows)
  for (const line of lines) {
    expect(line).toHaveLength(grid.columns)
    expect([...line].every((c) => ASCII_RAMP.includes(c))).toBe(true)
  }
  // A photo, not a blank: most of the ramp is used.
  expect(new Set(lines.join('')).size).toBeGreaterThan(5)
  // Color Mode: a colour for each character, painted behind the text.
  await expect.poll(colors).toEqual({ width: grid.columns, height: grid.rows })
  // The whole page: the feed may re-render the card while it is taken.
  await page.screenshot({ path: 'test-results/screenshots/preferences-fresh-ascii.png' })

  // Settings show the same values, in the spec's order.
  await openSettings(page)
  const modes = settings(page).getByRole('region', { name: 'Modes' }).getByRole('switch')
  await expect(modes).toHaveCount(5)
  const names = await modes.evaluateAll((inputs) =>
    inputs.map((input) => (input as HTMLInputElement).labels?.[0]?.textContent),
  )
  expect(names).toEqual(['Dark Mode', 'Image Notes Only', 'Image Mode', 'ASCII Mode', 'Color Mode'])
  for (const name of ['Dark Mode', 'ASCII Mode', 'Color Mode']) {
    await expect(toggle(page, name)).toBeChecked()
  }
  await expect(toggle(page, 'Color Mode')).toBeEnabled()
  await expect(toggle(page, 'Image Notes Only')).not.toBeChecked()
  await expect(toggle(page, 'Image Mode')).not.toBeChecked()
  await expect(toggle(page, 'Show Replies')).toBeChecked()
  await expect(toggle(page, 'Show Reposts')).toBeChecked()
  await expect(toggle(page, 'Follow Only')).not.toBeChecked()
  await expect(toggle(page, 'Follow Only')).toBeDisabled()
  await expect(toggle(page, 'NSFW Disrespector')).toBeChecked()
  await expect(settings(page).locator('.hashtag-chip')).toHaveText([
    '#Bitcoin×',
    '#Nostr×',
    '#News×',
  ])
  await page.screenshot({ path: 'test-results/screenshots/preferences-fresh-settings.png' })
})

test('the custom hashtags filter the feed: a tab narrows it to one, the input rules hold, an empty list shows every note', async ({
  page,
  launchRelay,
  openApp,
}) => {
  test.setTimeout(120_000)
  const relay = await launchRelay()
  await imageNotesOnly(page)
  await page.setViewportSize({ width: 1280, height: 2400 })
  await openApp([relay])
  const all = predictRows(relay.events())
  const pictures = all.filter((row) => row.image)
  await expectFirstRows(page, taggedRows(pictures, DEFAULT_TAGS), 4)

  // One tab: that hashtag's notes only, marked as the feed shown; All goes back to every tag.
  await tabs(page).filter({ hasText: '#Nostr' }).click()
  await expect(page).toHaveURL(/[?&]tag=nostr/)
  const nostr = taggedRows(pictures, ['nostr'])
  await expectFirstRows(page, nostr, nostr.length)
  await expect(tabs(page).filter({ hasText: '#Nostr' })).toHaveAttribute('aria-current', 'page')
  await tabs(page).filter({ hasText: 'All' }).click()
  await expect(page).not.toHaveURL(/tag=/)
  await expectFirstRows(page, taggedRows(pictures, DEFAULT_TAGS), 4)

  // The input's rules (spec §5): duplicates (any case) and non-tags rejected with the reason,
  // blank ignored, a leading # stripped. The feed takes the new tag in at once.
  await openSettings(page)
  const dialog = settings(page)
  const input = dialog.getByRole('textbox', { name: 'Add a hashtag' })
  const add = dialog.getByRole('button', { name: 'Add', exact: true })
  await input.fill('bitcoin')
  await add.click()
  await expect(dialog.getByRole('alert')).toHaveText('#Bitcoin is already in the list')
  await expect(input).toHaveValue('bitcoin')
  await input.fill('two words')
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await add.click()
  await expect(dialog.getByRole('alert')).toHaveText('A hashtag has only letters, digits and _')
  await input.fill('   ')
  await add.click()
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await input.fill('#Art')
  await input.press('Enter')
  await expect(input).toHaveValue('')
  await expect(dialog.locator('.hashtag-chip')).toHaveText([
    '#Bitcoin×',
    '#Nostr×',
    '#News×',
    '#Art×',
  ])
  await closeSettings(page)
  await expect(tabs(page)).toHaveText(['All', '#Bitcoin', '#Nostr', '#News', '#Art'])
  const withArt = taggedRows(pictures, [...DEFAULT_TAGS, 'art'])
  expect(
    withArt.slice(0, 8).some((row) => row.hashtags.includes('art')),
    '#art among the first rows',
  ).toBe(true)
  await expectFirstRows(page, withArt, 8)

  // Every hashtag removed: every note with a picture, reposts of one included; no tabs.
  await removeHashtags(page, ['Bitcoin', 'Nostr', 'News', 'Art'])
  expect(
    pictures.slice(0, 12).some((row) => row.repost),
    'a repost among the first rows',
  ).toBe(true)
  await expectFirstRows(page, pictures, 12)
  await expect(page.getByRole('navigation', { name: 'Feeds' })).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('customHashtags'))).toBe('[]')

  await page.reload()
  await expectFirstRows(page, pictures, 12)
  await expect(page.getByRole('navigation', { name: 'Feeds' })).toHaveCount(0)
})

test('each setting changes what the feed shows and survives a reload', async ({
  page,
  launchRelay,
  openApp,
}) => {
  // Seven reloads, each waiting for its feed.
  test.setTimeout(150_000)
  const relay = await launchRelay()
  await imageNotesOnly(page)
  await page.setViewportSize({ width: 1280, height: 2400 })
  await openApp([relay])
  const events = relay.events()
  const all = predictRows(events)
  const tagged = taggedRows(all, DEFAULT_TAGS)
  const pictures = tagged.filter((row) => row.image)
  await expectFirstRows(page, pictures, 4)
  const first = () => feed(page).getByRole('article').first()
  const colored = await readArt(first())
  await expect.poll(colored.colors).not.toBeNull()

  // Color Mode off: the same art in one colour.
  await setSwitches(page, { 'Color Mode': false })
  await expect(first().locator('.note-media pre.ascii-color')).toHaveCount(0)
  const mono = await readArt(first())
  await expect.poll(mono.colors).toBeNull()
  // Asked again until the note's first picture is drawn anew: until then its other one may be first.
  await expect.poll(async () => (await readArt(first())).lines).toEqual(colored.lines)
  await page.reload()
  await expectFirstRows(page, pictures, 4)
  await expect.poll((await readArt(first())).colors).toBeNull()

  // ASCII Mode off: pictures again, and Color Mode cannot be set without it.
  await openSettings(page)
  await toggle(page, 'ASCII Mode').uncheck()
  await expect(toggle(page, 'Color Mode')).toBeDisabled()
  await closeSettings(page)
  const { url, alt } = firstPicture(events, pictures[0]!)
  await expect(first().locator('.note-media img').first()).toHaveAttribute('src', url)
  await expect(first().locator('.note-media img').first()).toHaveAttribute('alt', alt)
  await expect(feed(page).locator('pre.ascii-art')).toHaveCount(0)
  await page.reload()
  await expect(first().locator('.note-media img').first()).toBeVisible()
  await expect(feed(page).locator('pre.ascii-art')).toHaveCount(0)

  // Dark Mode off is the light theme; Image Mode puts pictures first.
  await setSwitches(page, { 'Dark Mode': false, 'Image Mode': true })
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await expect(first()).toHaveClass(/note-image-mode/)
  // The light theme's own background (styles.css), not only the attribute.
  const background = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
  expect(await background()).toBe('rgb(246, 247, 251)')
  await page.screenshot({ path: 'test-results/screenshots/preferences-light-image-mode.png' })
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await expect(first()).toHaveClass(/note-image-mode/)
  expect(await background()).toBe('rgb(246, 247, 251)')

  // Image Notes Only off: every note of the hashtags, pictures or not.
  await setSwitches(page, { 'Image Notes Only': false })
  expect(
    tagged.slice(0, 8).some((row) => !row.image),
    'notes without pictures near the top',
  ).toBe(true)
  await expectFirstRows(page, tagged, 8)
  await page.reload()
  await expectFirstRows(page, tagged, 8)

  // Show Replies and Show Reposts, over every note (the hashtags hold neither replies nor reposts).
  await removeHashtags(page, ['Bitcoin', 'Nostr', 'News'])
  await expectFirstRows(page, all, 10)
  await setSwitches(page, { 'Show Replies': false, 'Show Reposts': false })
  const plain = all.filter((row) => !row.reply && !row.repost)
  expect(
    all.slice(0, 12).some((row) => row.reply || row.repost),
    'replies or reposts near the top',
  ).toBe(true)
  await expectFirstRows(page, plain, 12)
  await page.reload()
  await expectFirstRows(page, plain, 12)
  expect(
    await page.evaluate(() =>
      Object.fromEntries(
        [
          'darkMode',
          'useAscii',
          'useColor',
          'showReplies',
          'showReposts',
          'filterByImageNotesOnly',
          'imageMode',
          'customHashtags',
        ].map((key) => [key, localStorage.getItem(key)]),
      ),
    ),
  ).toEqual({
    darkMode: 'false',
    useAscii: 'false',
    useColor: 'false',
    showReplies: 'false',
    showReposts: 'false',
    filterByImageNotesOnly: 'false',
    imageMode: 'true',
    customHashtags: '[]',
  })
})

test('Clear Preferences restores the defaults (Image Mode kept), and they last', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await page.addInitScript(() => {
    if (localStorage.getItem('darkMode') !== null) return
    for (const [key, value] of Object.entries({
      darkMode: 'false',
      useAscii: 'false',
      useColor: 'false',
      showReplies: 'false',
      showReposts: 'false',
      filterByImageNotesOnly: 'false',
      imageMode: 'true',
      customHashtags: '["Art"]',
    })) {
      localStorage.setItem(key, value)
    }
  })
  await page.setViewportSize({ width: 1280, height: 2400 })
  await openApp([relay])
  const events = relay.events()
  const all = predictRows(events)
  await expectFirstRows(
    page,
    taggedRows(all, ['art']).filter((row) => !row.reply),
    6,
  )
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')

  await openSettings(page)
  await settings(page).getByRole('button', { name: 'Clear Preferences' }).click()
  await expect(page).toHaveURL(/resetPreferences=true/)
  const confirm = page.getByRole('dialog', { name: 'Clear Preferences' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(toggle(page, 'Dark Mode')).not.toBeChecked()

  await settings(page).getByRole('button', { name: 'Clear Preferences' }).click()
  await confirm.getByRole('button', { name: 'Clear Preferences' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(page).not.toHaveURL(/resetPreferences/)
  for (const name of [
    'Dark Mode',
    'Image Notes Only',
    'ASCII Mode',
    'Color Mode',
    'Show Replies',
    'Show Reposts',
    // Not among the preferences a reset clears (spec §3).
    'Image Mode',
  ]) {
    await expect(toggle(page, name)).toBeChecked()
  }
  await expect(settings(page).locator('.hashtag-chip')).toHaveText([
    '#Bitcoin×',
    '#Nostr×',
    '#News×',
  ])
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await closeSettings(page)
  const pictures = taggedRows(all, DEFAULT_TAGS).filter((row) => row.image)
  await expectFirstRows(page, pictures, 4)
  await expect.poll((await readArt(feed(page).getByRole('article').first())).colors).not.toBeNull()

  await page.reload()
  await expectFirstRows(page, pictures, 4)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  expect(
    await page.evaluate(() => [
      localStorage.getItem('useAscii'),
      localStorage.getItem('filterByImageNotesOnly'),
      localStorage.getItem('customHashtags'),
    ]),
  ).toEqual(['true', 'true', '["Bitcoin","Nostr","News"]'])
})

test('Settings says whether storage is persistent; persist() is asked once a key is saved, never before', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  // Counts the app's persist() calls; the browser's own answer is passed through unchanged.
  await page.addInitScript(() => {
    const storage = navigator.storage
    const persist = storage.persist.bind(storage)
    const calls = { count: 0 }
    Object.assign(window, { persistCalls: calls })
    storage.persist = () => {
      calls.count += 1
      return persist()
    }
  })
  const persistCalls = () =>
    page.evaluate(
      () => (window as unknown as { persistCalls: { count: number } }).persistCalls.count,
    )
  // What the browser itself answers: headless Chromium decides (site engagement, localhost).
  const expectedLine = async () =>
    (await page.evaluate(() => navigator.storage.persisted()))
      ? 'Storage: persistent'
      : 'Storage: may be cleared by the browser when space runs low'

  await openApp([await launchRelay()])
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible()
  await openSettings(page)
  const line = settings(page).getByTestId('storage-persistence')
  await expect(line).toHaveText(await expectedLine())
  // Signed out, nothing to lose: the first screen and Settings never ask.
  expect(await persistCalls()).toBe(0)

  await closeSettings(page)
  await logInWithNsec(page, world.demoAccount, { remember: true })
  await expect.poll(persistCalls).toBe(1)
  // Called is not answered: the line follows the browser's answer, read again until they agree.
  await expect.poll(async () => (await line.textContent()) === (await expectedLine())).toBe(true)
  await page.setViewportSize({ width: 390, height: 844 })
  await line.scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('storage-persistence.png') })
})

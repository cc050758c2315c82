/**
 * Reading around the app on the seeded relay: search (every kind of identifier, NIP-05, hashtags,
 * NIP-50 full text and its absence), the header at phone and desktop widths, prefetch on hover
 * (and none on data saver), scroll positions on Back and reload, and the about page.
 */
import type { Page } from '@playwright/test'
import {
  naddrEncode,
  neventEncode,
  noteEncode,
  nprofileEncode,
  nsecEncode,
} from 'nostr-tools/nip19'
import { finalizeEvent, generateSecretKey, type NostrEvent } from 'nostr-tools/pure'
import packageJson from '../../package.json' with { type: 'json' }
import { SEARCH_MESSAGES } from '../../src/core/search/search-query.ts'
import { NO_PAGE_HERE, PAGE_NOT_FOUND } from '../../src/ui/components/app/NotFoundPage.tsx'
import type { RelayHandle } from '../peers/relay.ts'
import { expect, test } from './fixtures.ts'
import { showEveryNote } from './plain-feed.ts'
import { profileOf } from './seeded.ts'
import { watchRequests } from './sent-requests.ts'

const SCREENS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search' })

async function search(page: Page, query: string) {
  await searchBox(page).fill(query)
  await searchBox(page).press('Enter')
}

/** A seeded root note (no e tags, no quotes) and its author's metadata. */
function seededNote(relay: RelayHandle) {
  const note = relay
    .events()
    .find(
      (e) =>
        e.kind === 1 &&
        !e.tags.some((t) => t[0] === 'e' || t[0] === 'q' || t[0] === 'content-warning') &&
        !e.content.includes('nostr:'),
    )
  if (!note) throw new Error('no plain seeded note')
  return note
}

const profileHeading = (page: Page) =>
  page.locator('.profile-header').getByRole('heading', {
    level: 1,
  })

test('search opens npub, nprofile, note1, nevent and hex (note or person) where they belong', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const account = world.accounts.find((a) => a.name === 'hannah')!
  const profile = profileOf(relay, account.pubkey)
  const note = seededNote(relay)
  const server = await openApp([relay], '/search')
  await expect(searchBox(page)).toBeFocused()

  await search(page, account.npub)
  await expect(page).toHaveURL(`${server.url}/npub/${account.npub}`)
  await expect(profileHeading(page)).toHaveText(profile.display_name!)
  // The search entry was replaced: Back returns to the empty search page.
  await page.goBack()
  await expect(page).toHaveURL(`${server.url}/search`)

  const nprofile = nprofileEncode({ pubkey: account.pubkey, relays: [relay.url] })
  await search(page, `nostr:${nprofile}`)
  await expect(page).toHaveURL(`${server.url}/npub/${nprofile}`)
  await expect(profileHeading(page)).toHaveText(profile.display_name!)

  const article = page.locator(`article[data-note-id="${note.id}"]`).first()
  for (const id of [noteEncode(note.id), neventEncode({ id: note.id, relays: [relay.url] })]) {
    await page.goto(`${server.url}/search`)
    await search(page, id)
    await expect(page).toHaveURL(`${server.url}/note/${id}`)
    await expect(article).toBeVisible()
  }

  // 64 hex: the relay says it is a note id, then a pubkey.
  await page.goto(`${server.url}/search`)
  await search(page, note.id.toUpperCase())
  await expect(page).toHaveURL(`${server.url}/note/${noteEncode(note.id)}`)
  await expect(article).toBeVisible()
  await page.goto(`${server.url}/search`)
  await search(page, account.pubkey)
  await expect(page).toHaveURL(`${server.url}/npub/${account.npub}`)
  await expect(profileHeading(page)).toHaveText(profile.display_name!)

  // 64 hex nobody knows: said plainly, with both ways to open it anyway.
  await page.goto(`${server.url}/search?q=${'ab'.repeat(32)}`)
  await expect(page.getByRole('status')).toContainText(
    'No note or person with this id was found on your relays.',
  )
  await expect(page.getByRole('link', { name: 'Open it as a note' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Open it as a profile' })).toBeVisible()
})

test('search finds a NIP-05 address, notes by hashtag, and explains what it cannot use', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const account = world.accounts.find((a) => a.name === 'hannah')!
  const profile = profileOf(relay, account.pubkey)
  const server = await openApp([relay], '/search')
  const host = new URL(server.url).host

  // NIP-05: the app server answers /.well-known/nostr.json for the seeded names.
  await search(page, `Hannah@${host}`)
  await expect(page).toHaveURL(`${server.url}/npub/${account.npub}`)
  await expect(profileHeading(page)).toHaveText(profile.display_name!)
  await page.goto(`${server.url}/search`)
  await search(page, `nobody@${host}`)
  await expect(page.getByRole('alert')).toHaveText(
    `${host} does not list nobody@${host}. Check the spelling of the address.`,
  )

  // A hashtag: the notes tagged with it, as note cards, the query kept in the URL.
  const counts = new Map<string, number>()
  for (const event of relay.events()) {
    if (event.kind !== 1) continue
    for (const tag of new Set(event.tags.filter((t) => t[0] === 't').map((t) => t[1]!))) {
      counts.set(tag, (counts.get(tag) ?? 0) + 1)
    }
  }
  const [tag, count] = [...counts].filter(([, n]) => n <= 50).sort((a, b) => b[1] - a[1])[0]!
  await search(page, `#${tag}`)
  await expect(page).toHaveURL(`${server.url}/search?q=%23${tag}`)
  const feed = page.getByRole('feed', { name: `Notes tagged #${tag}` })
  await expect(feed.getByRole('article')).toHaveCount(count)
  for (const size of SCREENS) {
    await page.setViewportSize(size)
    await page.screenshot({ path: `/tmp/h7-search-hashtag-${size.width}.png` })
  }
  await page.setViewportSize(SCREENS[0])
  // Reload and Back keep the query and its results.
  await page.reload()
  await expect(searchBox(page)).toHaveValue(`#${tag}`)
  await expect(feed.getByRole('article')).toHaveCount(count)
  await feed.getByRole('article').first().locator('.note-time').click()
  await expect(page).toHaveURL(/\/note\/note1/)
  await page.goBack()
  await expect(searchBox(page)).toHaveValue(`#${tag}`)
  await expect(feed.getByRole('article')).toHaveCount(count)

  // What cannot be searched, said plainly.
  await search(page, 'npub1definitelynotakey')
  await expect(page.getByRole('alert')).toHaveText(SEARCH_MESSAGES.invalidProfile)
  await search(page, `${noteEncode(seededNote(relay).id).slice(0, -2)}zz`)
  await expect(page.getByRole('alert')).toHaveText(SEARCH_MESSAGES.invalidNote)
  await search(page, naddrEncode({ kind: 30023, pubkey: account.pubkey, identifier: 'x' }))
  await expect(page.getByRole('status')).toHaveText(SEARCH_MESSAGES.address)
  await page.screenshot({ path: test.info().outputPath('h7-search-naddr-1280.png') })

  // A secret key is refused: not searched, not in the URL, not left in the box.
  const before = page.url()
  await search(page, nsecEncode(generateSecretKey()))
  await expect(page.getByRole('alert')).toHaveText(SEARCH_MESSAGES.secret)
  expect(page.url()).toBe(before)
  await expect(searchBox(page)).toHaveValue('')
  // One that arrives in a link leaves the address bar at once.
  await page.goto(`${server.url}/search?q=${nsecEncode(generateSecretKey())}`)
  await expect(page).toHaveURL(`${server.url}/search`)
})

/** A plain note by `key`, `ago` seconds old. */
function plainNote(key: Uint8Array, content: string, ago: number): NostrEvent {
  const created_at = Math.floor(Date.now() / 1000) - ago
  return finalizeEvent({ kind: 1, created_at, tags: [], content }, key)
}

/** The filters of every REQ sent. */
const sentFilters = (sent: readonly string[]) =>
  sent.flatMap((frame) => (JSON.parse(frame) as unknown[]).slice(2) as Record<string, unknown>[])

test('NIP-50: words are searched on the relay that advertises 50: the people, then the notes with the word, and no other', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay() // the test relay lists 50 in its NIP-11 and answers `search`
  const account = world.accounts.find((a) => a.name === 'hannah')!
  const profile = profileOf(relay, account.pubkey)

  // A word from the profile's about; notes that have it, and one that has only its two halves.
  const word = profile
    .about!.toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 6)
    .sort((a, b) => b.length - a.length)[0]!
  const author = generateSecretKey()
  const matching = [
    plainNote(author, `Today the ${word} was the whole point.`, 60),
    plainNote(author, `${word.toUpperCase()}, again, and no regrets`, 120),
  ]
  const unmatched = plainNote(author, `${word.slice(0, 3)} ${word.slice(3)}?`, 90)
  for (const event of [...matching, unmatched]) await relay.publish(event)
  const notes = relay
    .events()
    .filter((e: NostrEvent) => e.kind === 1 && e.content.toLowerCase().includes(word))
  expect(notes.map((e) => e.id)).toEqual(expect.arrayContaining(matching.map((e) => e.id)))
  expect(notes.map((e) => e.id)).not.toContain(unmatched.id)

  const sent = watchRequests(page)
  const server = await openApp([relay], '/search')
  await search(page, word)
  await expect(page).toHaveURL(`${server.url}/search?q=${word}`)
  await expect(page.getByText('Searched on the one relay that offers search.')).toBeVisible()
  const people = page.getByRole('list', { name: 'People' })
  await expect(people.getByRole('link', { name: new RegExp(profile.display_name!) })).toBeVisible()
  const found = page.getByRole('feed', { name: `Notes matching ${word}` })
  await expect(found.getByRole('article')).toHaveCount(Math.min(notes.length, 50))
  for (const note of matching) {
    await expect(found.locator(`article[data-note-id="${note.id}"]`)).toBeVisible()
  }
  await expect(page.locator(`article[data-note-id="${unmatched.id}"]`)).toHaveCount(0)
  // The words went to the relay as NIP-50 `search` filters, for people (kind 0) and notes (kind 1).
  const searches = sentFilters(sent).filter((filter) => filter.search === word)
  expect(searches.map((filter) => filter.kinds)).toEqual(expect.arrayContaining([[0], [1]]))
  // People come before notes.
  expect(await page.locator('.search-heading').allTextContents()).toEqual(['People', 'Notes'])
  for (const size of SCREENS) {
    await page.setViewportSize(size)
    await page.screenshot({ path: `/tmp/h7-search-text-${size.width}.png` })
  }
  await people.getByRole('link').first().click()
  await expect(profileHeading(page)).toBeVisible()
})

test('NIP-50: with no relay that advertises 50, the page says so and what works instead', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const plain = await launchRelay({ info: { supported_nips: [1, 11] } })
  await page.setViewportSize(SCREENS[1])
  await openApp([plain], '/search?q=sourdough')
  await expect(page.getByRole('status')).toContainText(
    'None of your relays offers full-text search (NIP-50)',
  )
  await expect(page.getByRole('status')).toContainText('a #hashtag')
  await page.screenshot({ path: test.info().outputPath('h7-search-unsupported-390.png') })
})

test('header: logo, lights, search, title (short under 640 px, long above), login, settings', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  await page.setViewportSize(SCREENS[1])
  const server = await openApp([relay])
  const header = page.getByRole('banner')
  const title = header.getByRole('link', { name: /^About Plume/ })

  const short = title.locator('.header-title-short')
  const long = title.locator('.header-title-long')
  const expectTitle = async (shown: string) => {
    await expect(shown === 'Plume' ? short : long).toBeVisible()
    await expect(shown === 'Plume' ? long : short).toBeHidden()
    await expect(title).toHaveAccessibleName(`About ${shown}`)
  }

  await expectTitle('Plume')
  await page.screenshot({ path: test.info().outputPath('h7-header-390.png') })
  await page.setViewportSize({ width: 639, height: 800 })
  await expectTitle('Plume')
  await page.setViewportSize({ width: 640, height: 800 })
  await expectTitle('Plume — a Nostr client')
  await page.setViewportSize(SCREENS[0])
  await expectTitle('Plume — a Nostr client')
  await page.screenshot({ path: test.info().outputPath('h7-header-1280.png') })

  // Tab order is the spec's order, every stop with a name.
  await page.locator('body').focus()
  for (const name of [
    'Plume, home feed',
    'Relay Status',
    'Search',
    'About Plume — a Nostr client',
    'Log in',
    'Settings',
  ]) {
    await page.keyboard.press('Tab')
    await expect(page.locator(':focus')).toHaveAccessibleName(name)
  }

  await header.getByRole('link', { name: 'Search' }).click()
  await expect(page).toHaveURL(`${server.url}/search`)
  await title.click()
  await expect(page).toHaveURL(`${server.url}/about`)
  await header.getByRole('link', { name: 'Plume, home feed' }).click()
  await expect(page).toHaveURL(`${server.url}/`)

  // Logged in (public key only), the avatar opens the user's profile; settings stay on the gear.
  const account = world.accounts[2]!
  await header.getByRole('button', { name: 'Settings' }).click()
  await page.getByLabel('Public key (read only)').fill(account.npub)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByTestId('key-status')).toHaveText('Using Public Key Only')
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('button', { name: 'Back', exact: true })
    .click()
  await expect(header.getByRole('button', { name: 'Log in' })).toHaveCount(0)
  await header.getByRole('link', { name: 'Your profile' }).click()
  await expect(page).toHaveURL(`${server.url}/npub/${account.npub}`)
  await expect(profileHeading(page)).toBeVisible()
  for (const size of SCREENS) {
    await page.setViewportSize(size)
    await page.screenshot({ path: `/tmp/h7-header-logged-in-${size.width}.png` })
  }
})

/** The app's router, as TanStack Router exposes it on the window. */
type TsrRouter = { preloadRoute(options: { href: string }): Promise<unknown> }

/**
 * Notes some other event names (reposts carry the note, quotes fetch it): the app may hold them
 * already, and a prefetch of a note it holds rightly asks for nothing.
 */
const referenced = (relay: RelayHandle) =>
  new Set(
    relay
      .events()
      .flatMap((event) =>
        event.tags.filter((tag) => event.kind === 6 || tag[0] === 'q').map((tag) => tag[1]),
      ),
  )

/** The single-note request (§7: kinds [1], ids [id], limit 1), as the note query sends it. */
const noteRequest = (id: string) => `"ids":["${id}"],"limit":1`
const asksForNote = (sent: string[], id: string) =>
  sent.some((frame) => frame.includes(noteRequest(id)))

test('hovering a note link for 80 ms prefetches its code and data; data saver stops it', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const sent = watchRequests(page)
  const chunks: string[] = []
  page.on('request', (request) => chunks.push(request.url()))
  await showEveryNote(page)
  await openApp([relay])
  const articles = page.getByRole('feed').getByRole('article')
  await expect(articles.nth(4)).toBeVisible()
  // Two notes published now arrive live at the top: nothing has asked for them by id yet, so a
  // request for one can only be a prefetch (a seeded note may already be cached as a quote).
  const author = generateSecretKey()
  const [quickNote, hoveredNote] = ['quick', 'hovered'].map((name, i) =>
    finalizeEvent(
      {
        kind: 1,
        created_at: Math.floor(Date.now() / 1000) + i,
        tags: [],
        content: `A fresh note to ${name}`,
      },
      author,
    ),
  ) as [NostrEvent, NostrEvent]
  for (const event of [quickNote, hoveredNote]) await relay.publish(event)
  const quick = quickNote.id
  const hovered = hoveredNote.id
  await expect(page.locator(`article[data-note-id="${hovered}"]`)).toBeVisible()
  await expect(page.locator(`article[data-note-id="${quick}"]`)).toBeVisible()
  expect(asksForNote(sent, quick) || asksForNote(sent, hovered)).toBe(false)
  const timeLink = (id: string) => page.locator(`article[data-note-id="${id}"] .note-time`).first()

  // A hover shorter than 80 ms: nothing.
  await timeLink(quick).evaluate((link) => {
    link.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body }))
    link.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }))
  })
  await page.waitForTimeout(400)
  expect(asksForNote(sent, quick)).toBe(false)
  expect(chunks.some((url) => /\/note\._noteId-/.test(url))).toBe(false)

  // A link whose identifier does not decode: no prefetch at all, and no error either.
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.evaluate(() =>
    (self as unknown as { __TSR_ROUTER__: TsrRouter }).__TSR_ROUTER__.preloadRoute({
      href: '/note/note1doesnotdecode',
    }),
  )
  await page.waitForTimeout(300)
  expect(chunks.some((url) => /\/note\._noteId-/.test(url))).toBe(false)
  expect(errors).toEqual([])

  // A real hover: the note route's code and the note itself, before any click.
  await timeLink(hovered).hover()
  await expect.poll(() => asksForNote(sent, hovered)).toBe(true)
  await expect.poll(() => chunks.some((url) => /\/note\._noteId-/.test(url))).toBe(true)
  expect(page.url()).not.toContain('/note/')
  // The page opens from the cache: no second request for the note.
  const asked = sent.filter((frame) => frame.includes(noteRequest(hovered))).length
  await timeLink(hovered).click()
  await expect(page).toHaveURL(/\/note\//)
  await expect(page.locator(`article[data-note-id="${hovered}"]`).first()).toBeVisible()
  expect(sent.filter((frame) => frame.includes(noteRequest(hovered))).length).toBe(asked)
})

for (const [name, connection] of [
  ['data-saver mode', { saveData: true, effectiveType: '4g' }],
  ['a 2g connection', { saveData: false, effectiveType: '2g' }],
] as const) {
  test(`no prefetch in ${name}`, async ({ page, launchRelay, openApp }) => {
    // What Chromium's navigator.connection reports then.
    await page.addInitScript((hints) => {
      const info = Object.assign(new EventTarget(), hints)
      Object.defineProperty(Navigator.prototype, 'connection', { get: () => info })
    }, connection)
    const relay = await launchRelay()
    const sent = watchRequests(page)
    const chunks: string[] = []
    page.on('request', (request) => chunks.push(request.url()))
    await showEveryNote(page)
    await openApp([relay])
    const rows = page.getByRole('feed').getByRole('article')
    await expect(rows.nth(4)).toBeVisible()
    const known = referenced(relay)
    const id = (
      await rows.evaluateAll((all) =>
        all.filter((row) => !row.hasAttribute('data-repost-id')).map((row) => row.dataset.noteId!),
      )
    ).find((candidate) => !known.has(candidate) && !asksForNote(sent, candidate))!
    const article = page.locator(`article[data-note-id="${id}"]`).first()
    await article.locator('.note-time').hover()
    await page.waitForTimeout(600)
    expect(asksForNote(sent, id)).toBe(false)
    expect(chunks.some((url) => /\/note\._noteId-/.test(url))).toBe(false)
    // Following the link still works, it just was not fetched ahead.
    await article.locator('.note-time').click()
    await expect(page).toHaveURL(/\/note\//)
    await expect(page.locator(`article[data-note-id="${id}"]`).first()).toBeVisible()
  })
}

test('scroll positions: kept per path on Back and reload, the top for a new path', async ({
  page,
  launchRelay,
  openApp,
}) => {
  // The about page at phone width: a tall page of text, whose layout does not move as it loads.
  await page.setViewportSize({ width: 390, height: 700 })
  const server = await openApp([await launchRelay()], '/about')
  await expect(page.getByRole('link', { name: 'NIP-92' })).toBeVisible()
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY))
  await page.mouse.move(200, 400)
  await page.mouse.wheel(0, 600)
  await expect.poll(scrollY).toBe(600)
  await page.waitForTimeout(200) // past the 100 ms debounce

  // A new path starts at the top; Back puts the page back where it was.
  await page.getByRole('banner').getByRole('link', { name: 'Search' }).click()
  await expect(page).toHaveURL(`${server.url}/search`)
  await expect.poll(scrollY).toBe(0)
  await page.goBack()
  await expect(page).toHaveURL(`${server.url}/about`)
  await expect.poll(scrollY).toBe(600)

  // An overlay over the page keeps it in place: same path, another query.
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('dialog', { name: 'Settings' })).toHaveCount(0)
  await expect.poll(scrollY).toBe(600)

  // Scrolled again, then the tab reloads: the newest position comes back.
  await page.mouse.wheel(0, -200)
  await expect.poll(scrollY).toBe(400)
  await page.waitForTimeout(200)
  await page.reload()
  await expect(page.getByRole('link', { name: 'NIP-92' })).toBeAttached()
  await expect.poll(scrollY).toBe(400)
  // Only paths and offsets are kept in session storage.
  expect(
    JSON.parse((await page.evaluate(() => sessionStorage.getItem('plume-scroll-v1'))) ?? '[]'),
  ).toEqual([
    ['/search', 0],
    ['/about', 400],
  ])
})

test('/about says what Plume is, its version and NIPs; Back with no history goes to the feed', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const server = await openApp([await launchRelay()], '/about')
  await expect(page.getByRole('heading', { level: 1, name: 'About Plume' })).toBeVisible()
  await expect(page.getByText('Plume has no server of its own.', { exact: false })).toBeVisible()
  await expect(page.getByText('Your keys stay on this device.', { exact: false })).toBeVisible()
  await expect(page.locator('.about-version')).toHaveText(`Version ${packageJson.version}`)
  await expect(page.getByRole('link', { name: 'NIP-50' })).toHaveAttribute(
    'href',
    'https://github.com/nostr-protocol/nips/blob/master/50.md',
  )
  for (const size of SCREENS) {
    await page.setViewportSize(size)
    await page.screenshot({ path: `/tmp/h7-about-${size.width}.png`, fullPage: true })
  }
  // Opened directly: Back has nothing of ours to return to, so it goes to the feed.
  await page.getByRole('button', { name: '← Back' }).click()
  await expect(page).toHaveURL(`${server.url}/`)
  await expect(page.getByRole('feed')).toBeVisible()
})

test('an address no page lives at says so inside the app, with the way to the feed', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const server = await openApp([await launchRelay()], '/settings')
  await expect(page.getByRole('heading', { level: 1, name: PAGE_NOT_FOUND })).toBeVisible()
  await expect(page.getByText(NO_PAGE_HERE)).toBeVisible()
  // Inside the app: its header stays, with search and login.
  await expect(page.getByRole('banner')).toBeVisible()
  for (const size of SCREENS) {
    await page.setViewportSize(size)
    await page.screenshot({ path: `/tmp/not-found-${size.width}.png`, fullPage: true })
  }
  await page.getByRole('link', { name: 'Go to the feed' }).click()
  await expect(page).toHaveURL(`${server.url}/`)
  await expect(page.getByRole('feed')).toBeVisible()
})

// The profile (/npub/{npub}) against the seeded relay: header, notes with paging, the people
// lists, mute list and relays tabs, the contacts modal in the URL, and the error texts.
import { nprofileEncode, npubEncode } from 'nostr-tools/nip19'
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { FAILED_TO_LOAD_NOTES } from '../../src/core/relays/relay-messages.ts'
import { expect, test } from './fixtures.ts'
import { newestFirst, newestOf, profileOf } from './seeded.ts'
import { record } from './stored-cache.ts'

const SCREENS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const

test('a seeded profile by npub, nprofile and hex: names, picture, about, website, NIP-05, lightning', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const account = world.accounts.find((a) => a.name === 'hannah')!
  const profile = profileOf(relay, account.pubkey)
  const server = await openApp([relay], `/npub/${account.npub}`)
  const header = page.locator('.profile-header')

  await expect(header.getByRole('heading', { level: 1 })).toHaveText(profile.display_name!)
  await expect(header.locator('.profile-handle')).toHaveText(`@${profile.name}`)
  await expect(header.locator('.profile-avatar img.avatar')).toHaveAttribute(
    'src',
    profile.picture!,
  )
  await expect(header.locator('.profile-banner img')).toHaveAttribute('src', profile.banner!)
  await expect(header.locator('.profile-about')).toHaveText(profile.about!)
  const website = header.getByRole('link', { name: /example/ })
  await expect(website).toHaveAttribute('href', new URL(profile.website!).href)
  await expect(website).toHaveAttribute('rel', 'noopener noreferrer nofollow')
  // The app server answers /.well-known/nostr.json for the seeded names on its own host.
  const host = new URL(server.url).host
  await expect(header.locator('.profile-nip05')).toHaveText(`✓${profile.name}@${host}`)
  await expect(header.getByRole('img', { name: 'Verified' })).toBeVisible()
  await expect(header.locator('.profile-lightning')).toHaveText(profile.lud16!)
  await expect(header.locator('.profile-npub .mono')).toHaveText(
    `${account.npub.slice(0, 13)}…${account.npub.slice(-13)}`,
  )
  await expect(header.getByRole('button', { name: 'Copy npub' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Notes' })).toHaveAttribute('aria-current', 'page')

  for (const size of SCREENS) {
    await page.setViewportSize(size)
    await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible()
    await page.screenshot({ path: `/tmp/h4-profile-${size.width}.png` })
  }

  // The same person by nprofile (with a relay hint) and by hex.
  const nprofile = nprofileEncode({ pubkey: account.pubkey, relays: [relay.url] })
  for (const param of [nprofile, account.pubkey]) {
    await page.goto(`${server.url}/npub/${param}`)
    await expect(header.getByRole('heading', { level: 1 })).toHaveText(profile.display_name!)
    await expect(header.locator('.profile-nip05')).toContainText(`${profile.name}@${host}`)
  }
})

test('notes tab: notes and reposts newest first, ten at a time, the next page on scroll', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const account = world.accounts.find((a) => a.name === 'juniper')!
  // Each row by the event that made it: the note, or the repost (shown as the feed shows one).
  const expected = relay
    .events()
    .filter((e) => (e.kind === 1 || e.kind === 6) && e.pubkey === account.pubkey)
    .sort(newestFirst)
    .map((e) => e.id)
  expect(expected.length).toBeGreaterThan(20)
  await openApp([relay], `/npub/${account.npub}/notes`)
  const notes = page.getByRole('feed').getByRole('article')
  // Read in the page: the function is sent there, so it names nothing from here.
  const ids = () =>
    notes.evaluateAll((all) =>
      all.map((a) => a.getAttribute('data-repost-id') ?? a.getAttribute('data-note-id')),
    )
  await expect.poll(async () => (await ids())[0]).toBe(expected[0]!)
  await expect(page.getByRole('link', { name: 'Notes' })).toHaveAttribute('aria-current', 'page')

  await expect.poll(async () => (await ids()).length).toBeGreaterThanOrEqual(10)
  // The first page is exactly the ten newest; scrolling to the end brings the next ten.
  await page.mouse.wheel(0, 20_000)
  await expect.poll(async () => (await ids()).length, { timeout: 20_000 }).toBeGreaterThan(10)
  await page.mouse.wheel(0, 40_000)
  await expect.poll(async () => (await ids()).length, { timeout: 20_000 }).toBeGreaterThan(20)
  const shown = await ids()
  expect(shown).toEqual(expected.slice(0, shown.length))
})

test('a reload shows the stored notes, then a note newer than them, though the end of them is in view before the relay answers', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const key = generateSecretKey()
  const now = Math.floor(Date.now() / 1000)
  // Two pages of notes, and the end of the first in view only on a tall screen.
  const seed = Array.from({ length: 15 }, (_, i) =>
    finalizeEvent({ kind: 1, created_at: now - 600 + i, tags: [], content: `Note ${i}` }, key),
  )
  const relay = await launchRelay({ seed })
  await openApp([relay], `/npub/${npubEncode(getPublicKey(key))}/notes`)
  const notes = page.getByRole('feed', { name: 'Notes' })
  await expect(notes.getByText('Note 14', { exact: true })).toBeVisible()
  await expect(notes.getByRole('article')).toHaveCount(10)
  // The first page is in the stored cache (it is saved a moment after it changes).
  await expect.poll(async () => JSON.stringify(await record.read(page))).toContain(seed[14]!.id)

  await relay.publish(
    finalizeEvent({ kind: 1, created_at: now, tags: [], content: 'Newer than the stored' }, key),
  )
  // The reload draws the stored page, asks for it again, and finds the end in view: the next page
  // waits for that answer. Asked for at once, it cancelled the first page's and the note was lost.
  await page.setViewportSize({ width: 1280, height: 3000 })
  relay.setFaults({ delayMs: 1500 })
  await page.reload()
  await expect(notes.getByText('Note 14', { exact: true })).toBeVisible()
  await expect(notes.getByText('Newer than the stored')).toBeVisible({ timeout: 15_000 })
  await expect(notes.getByText('Note 0', { exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(notes.getByRole('article')).toHaveCount(16)
})

test('a relay that stops answering: older notes failed to load, asked again only on Try again', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const account = world.accounts.find((a) => a.name === 'juniper')!
  await openApp([relay], `/npub/${account.npub}/notes`)
  const notes = page.getByRole('feed').getByRole('article')
  await expect.poll(() => notes.count()).toBeGreaterThanOrEqual(10)
  const before = await notes.count()
  relay.setFaults({ dropAll: true })
  const failed = page.getByRole('alert').filter({ hasText: FAILED_TO_LOAD_NOTES })
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 20_000)
        return failed.isVisible()
      },
      { timeout: 30_000, intervals: [200] },
    )
    .toBe(true)
  // With the end in view, nothing is asked again by itself: no Loading more… for two seconds.
  const loadingMore = page.getByText('Loading more…')
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(100)
    expect(await loadingMore.count()).toBe(0)
  }
  relay.setFaults(undefined)
  await failed.getByRole('button', { name: 'Try again' }).click()
  await expect.poll(() => notes.count(), { timeout: 20_000 }).toBeGreaterThan(before)
  await expect(failed).toHaveCount(0)
})

test('following and followers match the seed; the tabs are links marked aria-current', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const account = world.accounts.find((a) => a.name === 'marcus')!
  const following = newestOf(relay, 3, account.pubkey)
    .tags.filter((t) => t[0] === 'p')
    .map((t) => t[1]!)
  const followers = [
    ...new Set(
      relay
        .events()
        .filter((e) => e.kind === 3 && e.tags.some((t) => t[0] === 'p' && t[1] === account.pubkey))
        .map((e) => e.pubkey),
    ),
  ]
  expect(following.length).toBeGreaterThan(0)
  expect(followers.length).toBeGreaterThan(0)
  const server = await openApp([relay], `/npub/${account.npub}`)

  const tabs = page.getByRole('navigation', { name: 'Profile sections' })
  await tabs.getByRole('link', { name: 'Following' }).click()
  await expect(page).toHaveURL(`${server.url}/npub/${account.npub}/following`)
  await expect(tabs.getByRole('link', { name: 'Following' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(tabs.getByRole('link', { name: 'Notes' })).not.toHaveAttribute('aria-current')
  const rows = page.getByRole('list', { name: 'Following' }).locator('.person')
  await expect(rows).toHaveCount(following.length)
  expect(
    (await rows.evaluateAll((r) => r.map((e) => e.getAttribute('data-pubkey')))).sort(),
  ).toEqual([...following].sort())
  await expect(page.locator('.people-count')).toHaveText(`${following.length} following`)
  // Each row names the person from their metadata and links to their profile.
  const first = following[0]!
  const firstRow = page.getByRole('list', { name: 'Following' }).locator(`[data-pubkey="${first}"]`)
  await expect(firstRow.locator('.person-name')).toHaveText(profileOf(relay, first).display_name!)
  await expect(firstRow.getByRole('link')).toHaveAttribute('href', `/npub/${npubEncode(first)}`)

  await tabs.getByRole('link', { name: 'Followers' }).click()
  const followerRows = page.getByRole('list', { name: 'Followers' }).locator('.person')
  await expect(followerRows).toHaveCount(followers.length)
  expect(
    (await followerRows.evaluateAll((r) => r.map((e) => e.getAttribute('data-pubkey')))).sort(),
  ).toEqual([...followers].sort())
  await expect(page.locator('.people-count')).toHaveText(`${followers.length} followers`)
  await page.setViewportSize(SCREENS[1])
  await page.screenshot({ path: test.info().outputPath('h4-followers-390.png') })

  // Following a row opens that person's profile.
  await followerRows.first().getByRole('link').click()
  await expect(page).toHaveURL(/\/npub\/npub1[a-z0-9]+$/)
  await expect(page.locator('.profile-header h1')).not.toHaveText(
    profileOf(relay, account.pubkey).display_name!,
  )
})

test('mute list and relays tabs; a deep link survives a reload', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const account = world.accounts.find((a) => a.name === 'juniper')!
  const muted = newestOf(relay, 10000, account.pubkey)
  const mutedPeople = muted.tags.filter((t) => t[0] === 'p').map((t) => t[1]!)
  const server = await openApp([relay], `/npub/${account.npub}/mute-list`)

  const people = page.getByRole('list', { name: 'Muted people' }).locator('.person')
  await expect(people).toHaveCount(mutedPeople.length)
  await expect(people.first()).toHaveAttribute('data-pubkey', mutedPeople[0]!)
  for (const tag of muted.tags.filter((t) => t[0] === 't')) {
    await expect(page.locator('.chip', { hasText: `#${tag[1]}` })).toBeVisible()
  }
  for (const word of muted.tags.filter((t) => t[0] === 'word')) {
    await expect(page.locator('.chip', { hasText: word[1]! })).toBeVisible()
  }

  await page.setViewportSize(SCREENS[1])
  await page.locator('.mute-list').scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('h4-mutes-390.png') })
  await page.setViewportSize(SCREENS[0])
  await page.getByRole('link', { name: 'Relays' }).click()
  const listed = newestOf(relay, 10002, account.pubkey)
    .tags.filter((t) => t[0] === 'r')
    .map((t) => t[1]!)
  const relays = page.getByRole('list', { name: 'Their relays' }).getByRole('listitem')
  await expect(relays).toHaveCount(listed.length)
  await expect(relays.first().locator('.relay-url')).toHaveText(listed[0]!)
  await expect(relays.first().locator('.relay-badge')).toHaveText('RW')
  await relays.first().scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('h4-relays-1280.png') })

  await page.goto(`${server.url}/npub/${account.npub}/following`)
  await page.reload()
  await expect(page.getByRole('link', { name: 'Following' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(
    page.getByRole('list', { name: 'Following' }).locator('.person').first(),
  ).toBeVisible()
})

test('?contacts=followers opens the followers modal, a reload keeps it, Close drops it', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const account = world.accounts.find((a) => a.name === 'juniper')!
  const server = await openApp([relay], `/npub/${account.npub}`)
  await page
    .locator('.profile-counts')
    .getByRole('button', { name: /followers/ })
    .click()
  await expect(page).toHaveURL(`${server.url}/npub/${account.npub}?contacts=followers`)
  const dialog = page.getByRole('dialog', { name: 'Followers' })
  await expect(dialog.locator('.person').first()).toBeVisible()

  await page.reload()
  await expect(dialog.locator('.person').first()).toBeVisible()
  await page.setViewportSize(SCREENS[1])
  await page.screenshot({ path: test.info().outputPath('h4-contacts-modal-390.png') })
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL(`${server.url}/npub/${account.npub}`)

  await page.goto(`${server.url}/npub/${account.npub}?contacts=following`)
  await expect(
    page.getByRole('dialog', { name: 'Following' }).locator('.person').first(),
  ).toBeVisible()
})

test('the relay discovery modal lists their relays and where their notes came from', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const account = world.accounts.find((a) => a.name === 'hannah')!
  const nprofile = nprofileEncode({ pubkey: account.pubkey, relays: [relay.url] })
  await openApp([relay], `/npub/${nprofile}`)
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible()
  await page.locator('.profile-header').getByRole('button', { name: 'Relay discovery' }).click()
  const dialog = page.getByRole('dialog', { name: 'Relay discovery' })
  const ours = dialog.locator(`.discovery-row[data-relay="${relay.url}"]`)
  await expect(ours).toContainText('link hint')
  await expect(ours).toContainText('your relay')
  await expect(ours).toContainText(/\d+ notes?/)
  // Their relay list names the seed's relay, which the test relay stands in for.
  await expect(ours.locator('.relay-badge')).toHaveText('RW')
  await expect(dialog.locator('.discovery-routing')).toContainText(relay.url)
  // Their write relays are read whether or not they are the user's: nothing to add by hand.
  await expect(dialog).toContainText(
    'Their notes are asked of their write relays, yours or not, and of your read relays',
  )
  await expect(dialog).not.toContainText('Relay Management')
  await page.screenshot({ path: test.info().outputPath('h4-discovery-1280.png') })
})

test("'Invalid npub' for a parameter that names no one; without metadata the npub's name, no error", async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const server = await openApp([relay], '/npub/npub1notavalidkey')
  await expect(page.getByRole('alert')).toHaveText('Invalid npub')

  // Someone with notes and no kind 0; someone with neither.
  const key = generateSecretKey()
  const pubkey = getPublicKey(key)
  await relay.publish(
    finalizeEvent(
      {
        kind: 1,
        created_at: Math.floor(Date.now() / 1000) - 60,
        tags: [],
        content: 'No profile yet',
      },
      key,
    ),
  )
  const npub = npubEncode(pubkey)
  await page.goto(`${server.url}/npub/${npub}`)
  // The relay answered and holds no kind 0: a new account, not a failure.
  await expect(page.locator('.profile-header').getByRole('heading', { level: 1 })).toHaveText(
    `${npub.slice(0, 13)}…${npub.slice(-13)}`,
  )
  await expect(page.locator('.profile-header').getByRole('alert')).toHaveCount(0)
  await expect(page.locator('.profile-npub .mono')).toHaveText(
    `${npub.slice(0, 13)}…${npub.slice(-13)}`,
  )
  await expect(page.getByRole('feed').getByRole('article')).toHaveCount(1)
  await page.setViewportSize(SCREENS[1])
  await page.screenshot({ path: test.info().outputPath('h4-no-metadata-390.png') })

  const nobody = npubEncode(getPublicKey(generateSecretKey()))
  await page.goto(`${server.url}/npub/${nobody}`)
  await expect(page.getByText('No notes yet')).toBeVisible()
  await expect(page.getByText(/Failed to load/)).toHaveCount(0)
})

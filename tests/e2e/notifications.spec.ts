/**
 * Notifications (spec §2, §3, §7, §9) for the seeded demo account, whose last day holds replies,
 * reactions, reposts, quotes, mentions and zaps: the rows by type against what the relay holds,
 * the header square's unread tiers, marking seen on a visit, each mute, and the visitor's view.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { noteEncode } from 'nostr-tools/nip19'
import type { NostrEvent } from 'nostr-tools/pure'
import { MUTE_LIST_KIND, parseMuteList } from '../../src/core/people/mute-list.ts'
import { isMuted, muteSetOf } from '../../src/core/people/mute-set.ts'
import { silentOn } from '../peers/faults.ts'
import type { RelayHandle } from '../peers/relay.ts'
import { expect, test } from './fixtures.ts'
import { newestOf, profileOf } from './seeded.ts'

type Type = 'like' | 'reply' | 'mention' | 'repost' | 'zap'
const TYPES: readonly Type[] = ['like', 'reply', 'mention', 'repost', 'zap']
const MUTE_LABEL: Record<Type, string> = {
  like: 'Mute Likes',
  reply: 'Mute Replies',
  mention: 'Mute Mentions',
  repost: 'Mute Reposts',
  zap: 'Mute Zaps',
}
const DAY_S = 24 * 60 * 60
/** Events this close after the 24-hour edge may fall out of the window by the app's later clock. */
const EDGE_S = 300

interface Expected {
  id: string
  type: Type
  actor: string
  createdAt: number
  event: NostrEvent
}

const tagValue = (event: NostrEvent, name: string) => event.tags.find((t) => t[0] === name)?.[1]

/** The spec's mapping (§7), written out again from the spec, as the oracle. */
function typeOf(event: NostrEvent): Type | null {
  if (event.kind === 7) return 'like'
  if (event.kind === 1) return event.tags.some((t) => t[0] === 'e') ? 'reply' : 'mention'
  if (event.kind === 6) return 'repost'
  if (event.kind === 9735) return 'zap'
  return null
}

/** NIP-57: the zap's sender signed the request carried in the description. */
const zapRequest = (event: NostrEvent): NostrEvent =>
  JSON.parse(tagValue(event, 'description')!) as NostrEvent

/**
 * The user's notifications as the relay holds them, less what their mute list hides (NIP-51; the
 * demo account mutes a person, a hashtag and a word): `sure` are well inside the last 24 hours,
 * `edge` so close to its start that the app, asking a little later, may or may not count them.
 */
function expectedFor(relay: RelayHandle, user: string) {
  const now = Math.floor(Date.now() / 1000)
  const muteList = newestOf(relay, MUTE_LIST_KIND, user)
  const mutes = muteSetOf(muteList ? parseMuteList(muteList) : null)
  const all: Expected[] = []
  for (const event of relay.events()) {
    const type = typeOf(event)
    if (!type || !event.tags.some((t) => t[0] === 'p' && t[1] === user)) continue
    if (event.created_at < now - DAY_S) continue
    const actor = type === 'zap' ? zapRequest(event).pubkey : event.pubkey
    if (actor === user || isMuted(mutes, { ...event, pubkey: actor })) continue
    all.push({ id: event.id, type, actor, createdAt: event.created_at, event })
  }
  for (const type of TYPES) {
    // Below the per-filter limit of 100, every one of them is asked for.
    expect(all.filter((n) => n.type === type).length).toBeLessThan(100)
  }
  const newestFirst = (a: Expected, b: Expected) => b.createdAt - a.createdAt
  return {
    sure: all.filter((n) => n.createdAt >= now - DAY_S + EDGE_S).sort(newestFirst),
    edge: all.filter((n) => n.createdAt < now - DAY_S + EDGE_S),
  }
}

/** Spec §2: 0, up to 2, up to 5, up to 10, above 10. */
const tierOf = (unread: number) =>
  unread === 0 ? 0 : unread <= 2 ? 1 : unread <= 5 ? 2 : unread <= 10 ? 3 : 4

const square = (page: Page) => page.locator('header').getByRole('link', { name: /^Notifications/ })

async function logInReadOnly(page: Page, npub: string) {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByLabel('Public key (read only)').fill(npub)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByTestId('key-status')).toHaveText('Using Public Key Only')
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('button', { name: 'Back', exact: true })
    .click()
}

const rows = (page: Page) => page.locator('.notification-list > li')

async function shownRows(page: Page) {
  return rows(page).evaluateAll((items) =>
    items.map((item) => ({
      id: (item as HTMLElement).dataset.eventId!,
      type: (item as HTMLElement).dataset.type!,
    })),
  )
}

const setStored = (page: Page, entries: Record<string, string | null>) =>
  page.evaluate((values) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === null) localStorage.removeItem(key)
      else localStorage.setItem(key, value)
    }
  }, entries)

test('the demo account: rows by type, unread tiers, seen on a visit, accessible', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  test.setTimeout(150_000)
  const relay = await launchRelay()
  const user = world.demoAccount.pubkey
  const { sure, edge } = expectedFor(relay, user)
  for (const type of TYPES) {
    expect(
      sure.some((n) => n.type === type),
      `seeded ${type}`,
    ).toBe(true)
  }
  expect(sure.length).toBeGreaterThan(10)

  const server = await openApp([relay], '/about')
  await expect(square(page)).toHaveCount(0)
  await logInReadOnly(page, world.demoAccount.npub)

  // Never visited: everything is unread, well above 10, the brightest tier.
  await expect(square(page)).toHaveAttribute('data-tier', '4')
  await expect(square(page)).toHaveAccessibleName(/^Notifications, \d+ unread$/)
  const unread = Number((await square(page).getAttribute('aria-label'))!.match(/\d+/)![0])
  expect(unread).toBeGreaterThanOrEqual(sure.length)
  expect(unread).toBeLessThanOrEqual(sure.length + edge.length)

  // Each tier from a last visit that leaves exactly that many unread.
  const times = sure.map((n) => n.createdAt)
  const lastSeenFor = (low: number, high: number) => {
    for (let count = high; count >= low; count--) {
      if (times[count - 1]! > times[count]!) return { count, at: times[count]! }
    }
    throw new Error(`no last visit leaves ${low} to ${high} unread`)
  }
  const bands: Array<[tier: string, low: number, high: number]> = [
    ['1', 1, 2],
    ['2', 3, 5],
    ['3', 6, 10],
  ]
  for (const [tier, low, high] of bands) {
    const { count, at } = lastSeenFor(low, high)
    expect(tierOf(count)).toBe(Number(tier))
    await setStored(page, { notificationsLastSeen: JSON.stringify({ [user]: at }) })
    await page.reload()
    await expect(square(page)).toHaveAttribute('data-tier', tier)
    await expect(square(page)).toHaveAccessibleName(`Notifications, ${count} unread`)
  }
  // Muted types are not counted: the same last visit without the likes.
  const { at: sixToTen } = lastSeenFor(6, 10)
  const unmutedUnread = sure.filter((n) => n.createdAt > sixToTen && n.type !== 'like').length
  await setStored(page, {
    notificationsLastSeen: JSON.stringify({ [user]: sixToTen }),
    muteLikes: 'true',
  })
  await page.reload()
  await expect(square(page)).toHaveAccessibleName(
    unmutedUnread === 0 ? 'Notifications, none unread' : `Notifications, ${unmutedUnread} unread`,
  )
  await expect(square(page)).toHaveAttribute('data-tier', String(tierOf(unmutedUnread)))
  await setStored(page, { notificationsLastSeen: null, muteLikes: null })
  await page.reload()
  await expect(square(page)).toHaveAttribute('data-tier', '4')

  // The page: every notification of the day with its type, newest first, all new.
  await square(page).click()
  await expect(page).toHaveURL(`${server.url}/notifications`)
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  // Every sure one is there (the edge ones may be), and nothing else.
  await expect(rows(page).nth(sure.length - 1)).toBeVisible()
  const shown = await shownRows(page)
  const known = new Map([...sure, ...edge].map((n) => [n.id, n]))
  for (const n of sure) expect(shown).toContainEqual({ id: n.id, type: n.type })
  for (const row of shown) expect(known.get(row.id)?.type, row.id).toBe(row.type)
  const shownTimes = shown.map((row) => known.get(row.id)!.createdAt)
  expect(shownTimes).toEqual([...shownTimes].sort((a, b) => b - a))
  await expect(page.locator('.notification[data-new]')).toHaveCount(shown.length)
  await expect(page.getByText(`${shown.length} new since your last visit`)).toBeVisible()

  // A zap row: the sender (not the lightning service), the sats paid, the zapped note linked.
  const zap = sure.find((n) => n.type === 'zap')!
  const zapRow = page.locator(`.notification[data-event-id="${zap.id}"]`)
  const sats = Number(tagValue(zapRequest(zap.event), 'amount')) / 1000
  await expect(zapRow.locator('.notification-type')).toHaveText(
    `⚡Zap · ${sats.toLocaleString('en')} sats`,
  )
  await expect(zapRow.locator('.notification-name')).toHaveText(
    profileOf(relay, zap.actor).display_name!,
  )
  await expect(zapRow.locator('a.notification-note')).toHaveAttribute(
    'href',
    `/note/${noteEncode(tagValue(zap.event, 'e')!)}`,
  )
  // A reply row: its own text, linking to itself; a like row: the liked note's text.
  const reply = sure.find((n) => n.type === 'reply')!
  const replyRow = page.locator(`.notification[data-event-id="${reply.id}"]`)
  await expect(replyRow.locator('.notification-type')).toHaveText('↩Reply')
  await expect(replyRow.locator('a.notification-note')).toHaveAttribute(
    'href',
    `/note/${noteEncode(reply.id)}`,
  )
  // (one whose note is plain text: a `nostr:` link in it is shown as what it names)
  const likedNote = (n: (typeof sure)[number]) =>
    relay.events().find((e) => e.id === n.event.tags.findLast((t) => t[0] === 'e')![1])
  const like = sure.find((n) => n.type === 'like' && !likedNote(n)?.content.includes('nostr:'))!
  const liked = likedNote(like)!
  const likeRow = page.locator(`.notification[data-event-id="${like.id}"]`)
  await expect(likeRow.locator('.notification-excerpt')).toContainText(liked.content.slice(0, 20))

  // Visiting marked them seen: the square is dark, and stays so after a reload and a revisit.
  await expect(square(page)).toHaveAttribute('data-tier', '0')
  await expect(square(page)).toHaveAccessibleName('Notifications, none unread')
  const seen = await page.evaluate(() => localStorage.getItem('notificationsLastSeen'))
  expect(JSON.parse(seen!)[user]).toBeGreaterThanOrEqual(sure[0]!.createdAt)
  await page.goto(`${server.url}/about`)
  await expect(square(page)).toHaveAttribute('data-tier', '0')
  await page.reload()
  await expect(square(page)).toHaveAttribute('data-tier', '0')
  await square(page).click()
  await expect(rows(page).nth(sure.length - 1)).toBeVisible()
  await expect(page.locator('.notification[data-new]')).toHaveCount(0)
  await expect(page.getByText('Nothing new since your last visit')).toBeVisible()

  await page.getByText('Muted types:').click()
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
  await page.screenshot({ path: test.info().outputPath('notifications-page.png') })
})

test('each mute hides its type, and stays after a reload', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  test.setTimeout(150_000)
  const relay = await launchRelay()
  const { sure, edge } = expectedFor(relay, world.demoAccount.pubkey)
  const ofType = (type: Type) => page.locator(`.notification-list > li[data-type="${type}"]`)
  /** Every sure one of the type is shown, and at most the edge ones besides. */
  const expectAllOf = async (type: Type) => {
    const least = sure.filter((n) => n.type === type).length
    const most = least + edge.filter((n) => n.type === type).length
    await expect.poll(() => ofType(type).count()).toBeGreaterThanOrEqual(least)
    expect(await ofType(type).count()).toBeLessThanOrEqual(most)
  }
  await openApp([relay], '/about')
  await logInReadOnly(page, world.demoAccount.npub)
  await square(page).click()
  for (const type of TYPES) await expectAllOf(type)

  const summary = page.locator('.notification-mutes summary')
  for (const type of TYPES) {
    await expect(summary).toHaveText('Muted types: none')
    await summary.click()
    const toggle = page.getByRole('switch', { name: MUTE_LABEL[type] })
    await expect(toggle).not.toBeChecked()
    await toggle.click()
    await expect(ofType(type)).toHaveCount(0)
    for (const other of TYPES.filter((t) => t !== type)) await expectAllOf(other)
    expect(
      await page.evaluate(
        (key) => localStorage.getItem(key),
        MUTE_LABEL[type].replace('Mute ', 'mute'),
      ),
    ).toBe('true')

    await page.reload()
    await expect(ofType(TYPES.find((t) => t !== type)!)).not.toHaveCount(0)
    await expect(ofType(type)).toHaveCount(0)
    await expect(summary).toContainText(`Muted types: ${MUTE_LABEL[type].replace('Mute ', '')}`)
    await summary.click()
    await expect(toggle).toBeChecked()
    await toggle.click()
    await expectAllOf(type)
    await summary.click() // fold it again for the next type
  }
})

test('while no relay answers, the page says the notifications failed to load, with Try again, not that there are none', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const server = await openApp([relay], '/about')
  relay.setFaults({ dropAll: true })
  await logInReadOnly(page, world.demoAccount.npub)
  await page.goto(`${server.url}/notifications`)
  const failed = page.getByRole('alert').filter({ hasText: 'Failed to load notifications' })
  await expect(failed).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(/^No notifications/)).toHaveCount(0)
  relay.setFaults(undefined)
  await failed.getByRole('button', { name: 'Try again' }).click()
  await expect.poll(() => rows(page).count()).toBeGreaterThan(10)
  await expect(failed).toHaveCount(0)
})

test('a liked note whose answer was lost says it failed to load, not that it is not on the relays', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const like = expectedFor(relay, world.demoAccount.pubkey).sure.find((n) => n.type === 'like')!
  const liked = like.event.tags.findLast((tag) => tag[0] === 'e')![1]!
  const server = await openApp([relay], '/about')
  relay.setFaults(silentOn(liked))
  await logInReadOnly(page, world.demoAccount.npub)
  await page.goto(`${server.url}/notifications`)
  const row = page.locator(`.notification[data-event-id="${like.id}"]`)
  await expect(row.locator('.notification-note-missing')).toHaveText('Failed to load note', {
    timeout: 30_000,
  })
})

test('a visitor sees no square, and the page asks them to log in', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const server = await openApp([await launchRelay()], '/about')
  await expect(page.locator('header').getByRole('button', { name: 'Log in' })).toBeVisible()
  await expect(square(page)).toHaveCount(0)
  await page.goto(`${server.url}/notifications`)
  await expect(
    page.getByText('Log in to see who liked, replied to, mentioned, reposted and zapped you.'),
  ).toBeVisible()
  await expect(rows(page)).toHaveCount(0)
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible()
})

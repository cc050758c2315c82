/**
 * Private mutes (NIP-51 kind 10000: private tags, NIP-44 encrypted to oneself in the content):
 * a person, a thread, a hashtag and a word muted from a note's More menu or Settings → Mutes.
 * What each hides leaves the feed and one other view (notifications, a thread, the search), comes
 * back when unmuted, and the relay's list names none of it in its tags: only the user's key reads
 * it from the content. The notes are published now by people of the seeded world, so they are
 * the feed's newest rows whatever the hour the world was made at.
 */
import { hexToBytes } from '@noble/hashes/utils.js'
import type { Locator, Page } from '@playwright/test'
import { noteEncode } from 'nostr-tools/nip19'
import { v2 as nip44 } from 'nostr-tools/nip44'
import { finalizeEvent, type NostrEvent } from 'nostr-tools/pure'
import type { RelayHandle } from '../peers/relay.ts'
import type { DemoAccount, DemoWorld } from '../peers/seed/types.ts'
import { expect, test } from './fixtures.ts'
import { logInWithNsec, PASSPHRASE } from './login.ts'
import { showEveryNote } from './plain-feed.ts'
import { findSecret, watchPage, watchRequests } from './secret-scan.ts'
import { newestFirst } from './seeded.ts'
import { record } from './stored-cache.ts'

const feed = (page: Page) => page.getByRole('feed', { name: 'Notes' })
const card = (scope: Page | Locator, id: string) => scope.locator(`article[data-note-id="${id}"]`)
const toast = (page: Page) => page.locator('.toast')
const settings = (page: Page) => page.getByRole('dialog', { name: 'Settings' })
const mutes = (page: Page) => settings(page).getByRole('region', { name: 'Mutes' })

/** The account's newest mute list among these events. */
const newestMuteList = (events: readonly NostrEvent[], account: DemoAccount) =>
  events.filter((e) => e.kind === 10000 && e.pubkey === account.pubkey).sort(newestFirst)[0]

/** People of the world the demo account does not mute already, each with a key to publish as. */
function others(world: DemoWorld): DemoAccount[] {
  const demo = world.demoAccount
  const list = newestMuteList(world.events, demo)
  const muted = new Set(list?.tags.filter((t) => t[0] === 'p').map((t) => t[1]) ?? [])
  return world.accounts.filter((a) => a.pubkey !== demo.pubkey && !muted.has(a.pubkey))
}

/** A kind 1 by this person, `ago` seconds before now. */
const noteBy = (person: DemoAccount, content: string, tags: string[][] = [], ago = 0) =>
  finalizeEvent(
    { kind: 1, created_at: Math.floor(Date.now() / 1000) - ago, tags, content },
    hexToBytes(person.secretKeyHex),
  )

/** The demo account's newest mute list on the relay. */
const newestList = (relay: RelayHandle, demo: DemoAccount) => newestMuteList(relay.events(), demo)

/** The demo account's newest mute list's tags, and its private tags (decrypted here). */
function listOn(relay: RelayHandle, demo: DemoAccount) {
  const list = newestList(relay, demo)
  if (!list) return { tags: [] as string[][], hidden: [] as string[][] }
  const toSelf = nip44.utils.getConversationKey(hexToBytes(demo.secretKeyHex), demo.pubkey)
  const hidden: string[][] = list.content ? JSON.parse(nip44.decrypt(list.content, toSelf)) : []
  return { tags: list.tags, hidden }
}

/** Goes to a path inside the app, as a link would (a reload would log the user out). */
const goInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState({}, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)

/** Opens the app on a relay holding the world and these notes; logs the demo account in. */
async function openLoggedIn(
  page: Page,
  launchRelay: (options?: { seed?: NostrEvent[] }) => Promise<RelayHandle>,
  openApp: (relays: RelayHandle[], path?: string) => Promise<unknown>,
  world: DemoWorld,
  notes: NostrEvent[],
) {
  // Long journeys, each through several views and publishes (as mute.spec.ts's).
  test.slow()
  await showEveryNote(page)
  const relay = await launchRelay({ seed: [...world.events, ...notes] })
  await openApp([relay], '/')
  await logInWithNsec(page, world.demoAccount)
  return relay
}

const closeSettings = async (page: Page) => {
  await settings(page).getByRole('button', { name: 'Back' }).click()
  await expect(settings(page)).toHaveCount(0)
}

const openSettings = async (page: Page) => {
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(mutes(page)).toBeVisible()
}

/** Opens the More menu of a note in the feed and chooses the item. */
async function fromMenu(page: Page, note: NostrEvent, item: string | RegExp) {
  await card(feed(page), note.id).first().getByRole('button', { name: 'More' }).click()
  await page.getByRole('menu', { name: 'More' }).getByRole('menuitem', { name: item }).click()
}

test('a person muted privately from a note’s menu leaves the feed, notifications, a thread and the search, and their profile says so; the relay’s tags never name them; Undo and Unmute bring them back', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const demo = world.demoAccount
  const [person, asker] = others(world)
  const TAG = 'plumeasks'
  const note = noteBy(person!, 'A note of mine, the newest of all.', [], 5)
  const mention = noteBy(
    person!,
    'A word for you, on the notifications page.',
    [['p', demo.pubkey]],
    30,
  )
  // Their reply in someone else's thread, tagged: one to fold there and to leave the search.
  const question = noteBy(asker!, `Who reads this? #${TAG}`, [['t', TAG]], 50)
  const reply = noteBy(
    person!,
    `I do. #${TAG}`,
    [
      ['e', question.id, '', 'root'],
      ['p', asker!.pubkey],
      ['t', TAG],
    ],
    40,
  )
  const relay = await openLoggedIn(page, launchRelay, openApp, world, [
    note,
    mention,
    question,
    reply,
  ])
  await closeSettings(page)
  await expect(card(feed(page), note.id)).toBeVisible()

  await fromMenu(page, note, /^Mute @/)
  await expect(toast(page)).toContainText(/^Muted @/)
  await expect(card(feed(page), note.id)).toHaveCount(0)
  await expect.poll(() => listOn(relay, demo).hidden).toContainEqual(['p', person!.pubkey])
  expect(listOn(relay, demo).tags).not.toContainEqual(['p', person!.pubkey])

  // Undo, from the toast: back in the feed, out of the list.
  await toast(page).getByRole('button', { name: 'Undo' }).click()
  await expect(card(feed(page), note.id)).toBeVisible()
  await expect.poll(() => listOn(relay, demo).hidden).not.toContainEqual(['p', person!.pubkey])

  // Muted again: gone from the notifications too.
  await fromMenu(page, note, /^Mute @/)
  await expect(card(feed(page), note.id)).toHaveCount(0)
  await page.getByRole('link', { name: /^Notifications/ }).click()
  const rows = page.locator('[data-event-id]')
  await expect(rows.first()).toBeVisible()
  await expect(page.locator(`[data-event-id="${mention.id}"]`)).toHaveCount(0)
  // Folded in the thread, left out of the search; their profile says they are muted, privately.
  const thread = `/note/${noteEncode(question.id)}`
  const folded = page.locator(`.note-muted[data-muted-id="${reply.id}"]`)
  await goInApp(page, thread)
  await expect(folded).toHaveText('Reply from a muted person · Show')
  await expect(card(page, reply.id)).toHaveCount(0)
  const found = page.getByRole('feed', { name: `Notes tagged #${TAG}` })
  await goInApp(page, `/search?q=%23${TAG}`)
  await expect(card(found, question.id)).toBeVisible()
  await expect(card(found, reply.id)).toHaveCount(0)
  const mutedLine = page
    .locator('.profile-header')
    .getByRole('status')
    .filter({ hasText: /^You muted/ })
  await goInApp(page, `/npub/${person!.npub}`)
  await expect(mutedLine).toHaveText(
    'You muted this person privately: their notes are hidden from your feed, threads, notifications and search.',
  )
  await goInApp(page, '/notifications')

  // Unmuted in Settings: back everywhere.
  await openSettings(page)
  const row = mutes(page).locator(`[data-mute="p:${person!.pubkey}"]`)
  await expect(row.getByRole('combobox')).toHaveValue('private')
  await row.getByRole('button', { name: /^Unmute @/ }).click()
  await expect(row).toHaveCount(0)
  await closeSettings(page)
  await expect(page.locator(`[data-event-id="${mention.id}"]`)).toBeVisible()
  await goInApp(page, thread)
  await expect(card(page, reply.id)).toBeVisible()
  await expect(folded).toHaveCount(0)
  await goInApp(page, `/search?q=%23${TAG}`)
  await expect(card(found, reply.id)).toBeVisible()
  await goInApp(page, `/npub/${person!.npub}`)
  await expect(page.locator('.profile-header .profile-name')).toBeVisible()
  await expect(mutedLine).toHaveCount(0)
  await page.getByRole('link', { name: 'Plume, home feed' }).click()
  await expect(card(feed(page), note.id)).toBeVisible()
})

test('a thread muted from a note’s menu leaves the feed, the notifications and the search and folds in the thread; unmuted in Settings it comes back', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const [author, replier, bystander] = others(world)
  // Tagged, with a note outside the thread under the same tag: what the search keeps.
  const TAG = 'longthread'
  const root = noteBy(author!, `Start of a thread nobody wants to read. #${TAG}`, [['t', TAG]], 20)
  const reply = noteBy(
    replier!,
    `And a reply in it. #${TAG}`,
    [
      ['e', root.id, '', 'root'],
      ['p', root.pubkey],
      ['t', TAG],
    ],
    10,
  )
  const outside = noteBy(bystander!, `Not in that thread. #${TAG}`, [['t', TAG]], 25)
  // A reply in the thread naming the user: a notification.
  const asked = noteBy(
    replier!,
    'Asking you, in the same thread.',
    [
      ['e', root.id, '', 'root'],
      ['p', world.demoAccount.pubkey],
    ],
    8,
  )
  const relay = await openLoggedIn(page, launchRelay, openApp, world, [root, reply, asked, outside])
  await closeSettings(page)
  await expect(card(feed(page), reply.id).first()).toBeVisible()

  await fromMenu(page, reply, 'Mute this thread')
  await expect(toast(page)).toContainText('Muted this thread')
  await expect(card(feed(page), reply.id)).toHaveCount(0)
  await expect(card(feed(page), root.id)).toHaveCount(0)
  await expect.poll(() => listOn(relay, world.demoAccount).hidden).toContainEqual(['e', root.id])

  // The thread, opened from within the app (a reload would log out): its reply folds.
  await goInApp(page, `/note/${noteEncode(root.id)}`)
  const folded = page.locator(`.note-muted[data-muted-id="${reply.id}"]`)
  await expect(folded).toHaveText('Reply in a muted thread · Show')
  const notified = page.locator(`[data-event-id="${asked.id}"]`)
  await goInApp(page, '/notifications')
  await expect(page.locator('[data-event-id]').first()).toBeVisible()
  await expect(notified).toHaveCount(0)
  const found = page.getByRole('feed', { name: `Notes tagged #${TAG}` })
  await goInApp(page, `/search?q=%23${TAG}`)
  await expect(card(found, outside.id)).toBeVisible()
  await expect(card(found, root.id)).toHaveCount(0)
  await expect(card(found, reply.id)).toHaveCount(0)
  await goInApp(page, `/note/${noteEncode(root.id)}`)
  await expect(folded).toBeVisible()

  await openSettings(page)
  await mutes(page)
    .getByRole('button', { name: /^Unmute Thread note1/ })
    .click()
  await expect(mutes(page).getByText('You mute nobody and nothing yet.')).toHaveCount(0)
  await expect(mutes(page).getByRole('button', { name: /^Unmute Thread/ })).toHaveCount(0)
  await closeSettings(page)
  await expect(folded).toHaveCount(0)
  await expect(card(page, reply.id)).toBeVisible()
  await goInApp(page, '/notifications')
  await expect(notified).toBeVisible()
  await goInApp(page, `/search?q=%23${TAG}`)
  await expect(card(found, root.id)).toBeVisible()
  await expect(card(found, reply.id)).toBeVisible()
  await page.getByRole('link', { name: 'Plume, home feed' }).click()
  await expect(card(feed(page), reply.id).first()).toBeVisible()
})

test('a hashtag and a word muted privately in Settings leave the feed, a thread, the notifications and the search; moved to public, then unmuted, they come back', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const demo = world.demoAccount
  const [a, b, c, d] = others(world)
  const TAG = 'quietplease'
  const WORD = 'zebracorn'
  const root = noteBy(a!, 'A question for everyone.', [], 40)
  const tagged = noteBy(
    b!,
    `An answer, #${TAG}`,
    [
      ['e', root.id, '', 'root'],
      ['p', root.pubkey],
      ['t', TAG],
    ],
    30,
  )
  const worded = noteBy(c!, `I saw a ${WORD} today #sightings`, [['t', 'sightings']], 20)
  const wordedReply = noteBy(
    c!,
    `Was it a ${WORD}?`,
    [
      ['e', root.id, '', 'root'],
      ['p', root.pubkey],
    ],
    28,
  )
  const plain = noteBy(d!, 'Nothing unusual here #sightings', [['t', 'sightings']], 25)
  // Each naming the user: notifications.
  const taggedToMe = noteBy(
    b!,
    `You too? #${TAG}`,
    [
      ['t', TAG],
      ['p', demo.pubkey],
    ],
    15,
  )
  const wordedToMe = noteBy(c!, `Look, a ${WORD} for you`, [['p', demo.pubkey]], 12)
  const relay = await openLoggedIn(page, launchRelay, openApp, world, [
    root,
    tagged,
    worded,
    plain,
    taggedToMe,
    wordedToMe,
    wordedReply,
  ])

  // Logged in, Settings is open on the Mutes section.
  const field = mutes(page).getByLabel('Mute a word or #hashtag')
  await mutes(page).getByRole('button', { name: 'Mute', exact: true }).click()
  await expect(mutes(page).getByRole('alert')).toContainText('Enter a word to mute')
  await mutes(page).getByRole('button', { name: 'Dismiss' }).click()
  await field.fill(`#${TAG}`)
  await mutes(page).getByRole('button', { name: 'Mute', exact: true }).click()
  await expect(
    mutes(page)
      .getByRole('listitem')
      .filter({ hasText: `#${TAG}` }),
  ).toBeVisible()
  await field.fill(WORD)
  await mutes(page).getByRole('button', { name: 'Mute', exact: true }).click()
  const wordRow = mutes(page)
    .getByRole('listitem')
    .filter({ hasText: `“${WORD}”` })
  await expect(wordRow.getByRole('combobox')).toHaveValue('private')
  const list = listOn(relay, demo)
  expect(list.hidden).toEqual(
    expect.arrayContaining([
      ['t', TAG],
      ['word', WORD],
    ]),
  )
  expect(JSON.stringify(list.tags)).not.toContain(TAG)
  expect(JSON.stringify(list.tags)).not.toContain(WORD)
  await closeSettings(page)

  // Gone from the feed, folded in the thread, left out of the search.
  await expect(card(feed(page), plain.id)).toBeVisible()
  await expect(card(feed(page), tagged.id)).toHaveCount(0)
  await expect(card(feed(page), worded.id)).toHaveCount(0)
  const go = (path: string) => goInApp(page, path)
  await go(`/note/${noteEncode(root.id)}`)
  const folded = page.locator(`.note-muted[data-muted-id="${tagged.id}"]`)
  await expect(folded).toHaveText('Reply with a muted hashtag · Show')
  const foldedWord = page.locator(`.note-muted[data-muted-id="${wordedReply.id}"]`)
  await expect(foldedWord).toHaveText('Reply with a muted word · Show')
  await expect(card(page, wordedReply.id)).toHaveCount(0)
  await go('/search?q=%23sightings')
  const found = page.getByRole('feed', { name: 'Notes tagged #sightings' })
  await expect(card(found, plain.id)).toBeVisible()
  await expect(card(found, worded.id)).toHaveCount(0)
  const notified = (note: NostrEvent) => page.locator(`[data-event-id="${note.id}"]`)
  await go('/notifications')
  await expect(page.locator('[data-event-id]').first()).toBeVisible()
  await expect(notified(taggedToMe)).toHaveCount(0)
  await expect(notified(wordedToMe)).toHaveCount(0)
  await go('/search?q=%23sightings')
  await expect(card(found, plain.id)).toBeVisible()

  // Public: into the tags, out of the private part.
  await openSettings(page)
  await mutes(page)
    .getByRole('listitem')
    .filter({ hasText: `#${TAG}` })
    .getByRole('combobox')
    .selectOption('public')
  await expect.poll(() => listOn(relay, demo).tags).toContainEqual(['t', TAG])
  expect(listOn(relay, demo).hidden).not.toContainEqual(['t', TAG])
  await expect(
    mutes(page)
      .getByRole('listitem')
      .filter({ hasText: `#${TAG}` })
      .getByRole('combobox'),
  ).toHaveValue('public')

  // Unmuted: back in the search, the thread and the feed.
  await mutes(page)
    .getByRole('button', { name: `Unmute #${TAG}` })
    .click()
  await expect(mutes(page).getByRole('button', { name: `Unmute #${TAG}` })).toHaveCount(0)
  await wordRow.getByRole('button', { name: /^Unmute/ }).click()
  await expect(wordRow).toHaveCount(0)
  await closeSettings(page)
  await expect(card(found, worded.id)).toBeVisible()
  await go('/notifications')
  await expect(notified(taggedToMe)).toBeVisible()
  await expect(notified(wordedToMe)).toBeVisible()
  await go(`/note/${noteEncode(root.id)}`)
  await expect(card(page, tagged.id)).toBeVisible()
  await expect(folded).toHaveCount(0)
  await expect(card(page, wordedReply.id)).toBeVisible()
  await expect(foldedWord).toHaveCount(0)
  await page.getByRole('link', { name: 'Plume, home feed' }).click()
  await expect(card(feed(page), tagged.id)).toBeVisible()
  await expect(card(feed(page), worded.id)).toBeVisible()
})

test('Settings → Mutes: logged out it asks for a login; while the list is read it says so; a private part it cannot decrypt leaves the public part applied and says so', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const demo = world.demoAccount
  const [person, other] = others(world)
  const note = noteBy(person!, 'Muted in public, this one.', [], 5)
  const visible = noteBy(other!, 'Not muted at all.', [], 6)
  const previous = newestMuteList(world.events, demo)
  // Garbage where the private part goes, as another client might leave it.
  const list = finalizeEvent(
    {
      kind: 10000,
      created_at: Math.floor(Date.now() / 1000) - 60,
      tags: [...(previous?.tags ?? []), ['p', person!.pubkey]],
      content: 'not-a-ciphertext',
    },
    hexToBytes(demo.secretKeyHex),
  )
  await showEveryNote(page)
  const relay = await launchRelay({ seed: [...world.events, note, visible, list] })
  await openApp([relay], '/')
  await expect(card(feed(page), note.id)).toBeVisible()
  // A visitor's More menu offers nothing.
  await card(feed(page), note.id).getByRole('button', { name: 'More' }).click()
  await expect(page.getByRole('menu', { name: 'More' }).getByRole('menuitem')).toHaveText([
    'No actions for this note',
  ])
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(mutes(page)).toContainText('Log in to see and change your mutes.')

  // The relay answers late while the login reads the list (within the wait for its answer).
  relay.setFaults({ delayMs: 800 })
  await page.getByRole('button', { name: 'Nsec Secret Key' }).click()
  const login = page.getByRole('dialog', { name: 'Nsec Secret Key' })
  await login.getByLabel('Secret key').fill(demo.nsec)
  await login.getByRole('button', { name: 'Log in' }).click()
  await expect(mutes(page)).toContainText('Reading your mute list…')
  relay.setFaults(undefined)

  await expect(mutes(page)).toContainText(
    'Your private mutes could not be decrypted with this login, so only your public mutes apply.',
  )
  await expect(
    mutes(page).locator(`[data-mute="p:${person!.pubkey}"]`).getByRole('combobox'),
  ).toHaveValue('public')
  await closeSettings(page)
  await expect(card(feed(page), visible.id)).toBeVisible()
  await expect(card(feed(page), note.id)).toHaveCount(0)

  // A private mute now would drop what could not be read: refused, nothing published.
  await fromMenu(page, visible, /^Mute @/)
  await expect(toast(page)).toHaveText(
    'Mute failed: Your private mutes could not be decrypted, so nothing was published: publishing now would drop them.',
  )
  expect(newestList(relay, demo)?.id).toBe(list.id)
})

test('a saved key locked after a reload: Settings says the private mutes wait for it; unlocked, they apply', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  test.slow()
  const demo = world.demoAccount
  const [person] = others(world)
  const note = noteBy(person!, 'Muted in private, read once the key is unlocked.', [], 5)
  const previous = newestMuteList(world.events, demo)
  const toSelf = nip44.utils.getConversationKey(hexToBytes(demo.secretKeyHex), demo.pubkey)
  const list = finalizeEvent(
    {
      kind: 10000,
      created_at: Math.floor(Date.now() / 1000) - 60,
      tags: previous?.tags ?? [],
      content: nip44.encrypt(JSON.stringify([['p', person!.pubkey]]), toSelf),
    },
    hexToBytes(demo.secretKeyHex),
  )
  await showEveryNote(page)
  const relay = await launchRelay({ seed: [...world.events, note, list] })
  const server = await openApp([relay], '/about')
  await logInWithNsec(page, demo, { remember: true })
  await page.goto(`${server.url}/`)
  await openSettings(page)
  await expect(page.getByTestId('key-status')).toHaveText(/^Key: Locked/)
  await expect(mutes(page)).toContainText(
    'Your private mutes are read once your key is unlocked; until then only your public mutes apply.',
  )
  await closeSettings(page)
  // Only the public part applies while locked.
  await expect(card(feed(page), note.id)).toBeVisible()

  await page
    .locator('header.app-header')
    .getByRole('button', { name: 'Key locked — unlock' })
    .click()
  const unlock = page.getByRole('dialog', { name: 'Unlock saved key' })
  await unlock.getByLabel('Passphrase').fill(PASSPHRASE)
  await unlock.getByRole('button', { name: 'Unlock & Continue' }).click()
  await expect(unlock).toHaveCount(0)
  await expect(card(feed(page), note.id)).toHaveCount(0)
  await openSettings(page)
  await expect(mutes(page).locator(`[data-mute="p:${person!.pubkey}"]`)).toBeVisible()
  await expect(mutes(page)).not.toContainText('once your key is unlocked')
})

test('the secret scan: a word muted privately is never in storage, the stored cache, caches, the console or the frames sent', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const demo = world.demoAccount
  const WORD = 'planted-mute-word-8c1e'
  const consoleLines = watchPage(page)
  const sent = watchRequests(page)
  const seen = () => [...consoleLines, ...sent]
  const relay = await openLoggedIn(page, launchRelay, openApp, world, [])
  await mutes(page).getByLabel('Mute a word or #hashtag').fill(WORD)
  await mutes(page).getByRole('button', { name: 'Mute', exact: true }).click()
  await expect(mutes(page).getByRole('listitem').filter({ hasText: WORD })).toBeVisible()
  const published = () => newestList(relay, demo)?.content
  expect(listOn(relay, demo).hidden).toContainEqual(['word', WORD])
  // The stored query cache has been written since: it holds the list, still encrypted.
  await expect
    .poll(async () => JSON.stringify(await record.read(page)).includes(published() ?? '-'), {
      timeout: 10_000,
    })
    .toBe(true)
  expect(await findSecret(page, { text: WORD }, seen())).toEqual([])
})

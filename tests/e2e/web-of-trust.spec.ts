/**
 * The web of trust: logged in, replies in a thread and notifications from anybody outside the
 * people the user follows and the people they follow (kind 3) fold behind one line that opens
 * them with a click; a followed person's reply, and one from a person a follow follows, show at
 * once. Logged out nothing folds, and the Settings switch turns the folding off.
 */
import { hexToBytes } from '@noble/hashes/utils.js'
import type { Page } from '@playwright/test'
import { noteEncode } from 'nostr-tools/nip19'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import type { RelayHandle } from '../peers/relay.ts'
import type { DemoAccount, DemoWorld } from '../peers/seed/types.ts'
import { expect, test } from './fixtures.ts'
import { logInWithNsec } from './login.ts'
import { newestFirst, newestOf } from './seeded.ts'

const SWITCH = 'Hide replies and notifications from outside your network'
const now = () => Math.floor(Date.now() / 1000)
const tagsOf = (event: NostrEvent | undefined, name: string) =>
  event ? event.tags.filter((t) => t[0] === name).map((t) => t[1]!) : []

/** A reply to the note, naming its author (NIP-10 marked root), signed with the key given. */
const replyTo = (note: NostrEvent, secretKey: Uint8Array, content: string, at: number) =>
  finalizeEvent(
    {
      kind: 1,
      created_at: at,
      tags: [
        ['e', note.id, '', 'root'],
        ['p', note.pubkey],
      ],
      content,
    },
    secretKey,
  )

/**
 * A new note by the demo account with three replies to it, published now: one from a fresh key
 * nobody follows (the stranger), one from a person the demo account follows (the friend), one
 * from a fresh key the friend now follows (the friend's friend, in a newer kind 3 of theirs).
 */
async function conversation(relay: RelayHandle, world: DemoWorld) {
  const demo = world.demoAccount
  const events = relay.events()
  const muted = new Set(tagsOf(newestOf(relay, 10000, demo.pubkey), 'p'))
  const follows = tagsOf(newestOf(relay, 3, demo.pubkey), 'p')
  const friend = world.accounts.find(
    (a: DemoAccount) => follows.includes(a.pubkey) && !muted.has(a.pubkey) && a !== demo,
  )
  if (!friend) throw new Error('the demo account follows nobody it has not muted')
  const friendList = events
    .filter((e) => e.kind === 3 && e.pubkey === friend.pubkey)
    .sort(newestFirst)[0]
  const stranger = generateSecretKey()
  const friendsFriend = generateSecretKey()
  const t = now()
  const note = finalizeEvent(
    { kind: 1, created_at: t - 300, tags: [], content: 'Who reads this, and who is let in?' },
    hexToBytes(demo.secretKeyHex),
  )
  const fromStranger = replyTo(note, stranger, 'A stranger answers.', t - 200)
  const fromFriend = replyTo(note, hexToBytes(friend.secretKeyHex), 'A friend answers.', t - 190)
  const fromFriendsFriend = replyTo(note, friendsFriend, "A friend's friend answers.", t - 180)
  const friendFollows = finalizeEvent(
    {
      kind: 3,
      created_at: Math.max(t - 400, (friendList?.created_at ?? 0) + 1),
      tags: [...(friendList?.tags ?? []), ['p', getPublicKey(friendsFriend)]],
      content: friendList?.content ?? '',
    },
    hexToBytes(friend.secretKeyHex),
  )
  for (const event of [friendFollows, note, fromStranger, fromFriend, fromFriendsFriend]) {
    await relay.publish(event)
  }
  return { note, fromStranger, fromFriend, fromFriendsFriend }
}

type Conversation = Awaited<ReturnType<typeof conversation>>

interface Opening {
  page: Page
  launchRelay(): Promise<RelayHandle>
  openApp(relays: RelayHandle[], path: string): Promise<{ url: string }>
  world: DemoWorld
}

/**
 * The conversation on a relay of its own, the app opened at its thread or the feed; `at` goes
 * to another path. A saved key (its KDF) and several page loads follow: a long test.
 */
async function openConversation(
  { page, launchRelay, openApp, world }: Opening,
  start: 'thread' | 'feed',
) {
  test.slow()
  const relay = await launchRelay()
  const talk = await conversation(relay, world)
  const thread = `/note/${noteEncode(talk.note.id)}`
  const server = await openApp([relay], start === 'thread' ? thread : '/')
  const at = (path: string) => page.goto(`${server.url}${path}`)
  return { talk, thread, at }
}

const card = (page: Page, event: NostrEvent) => page.locator(`article[data-note-id="${event.id}"]`)
const row = (page: Page, event: NostrEvent) => page.locator(`[data-event-id="${event.id}"]`)
const outsideLine = (page: Page, item: 'reply' | 'notification') =>
  page.locator(`.outside-line[data-outside="${item}"]`)
const notificationRows = (page: Page) => page.locator('.notification-list [data-event-id]')

/** Everything in the thread, nothing folded. */
async function expectWholeThread(page: Page, talk: Conversation) {
  for (const reply of [talk.fromStranger, talk.fromFriend, talk.fromFriendsFriend]) {
    await expect(card(page, reply)).toBeVisible()
  }
  await expect(outsideLine(page, 'reply')).toHaveCount(0)
}

test('replies and notifications from outside the network fold behind one line that opens them; logged out nothing folds', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const { talk, thread, at } = await openConversation(
    { page, launchRelay, openApp, world },
    'thread',
  )

  // Logged out: the whole thread.
  await expectWholeThread(page, talk)

  await logInWithNsec(page, world.demoAccount, { remember: true })
  await at(thread)
  // The stranger's reply folds; the friend's and the friend's friend's show.
  await expect(outsideLine(page, 'reply')).toHaveText(
    '1 reply hidden from outside your network · Show',
  )
  await expect(card(page, talk.fromFriend)).toBeVisible()
  await expect(card(page, talk.fromFriendsFriend)).toBeVisible()
  await expect(card(page, talk.fromStranger)).toHaveCount(0)
  await outsideLine(page, 'reply').getByRole('button', { name: 'Show' }).click()
  await expectWholeThread(page, talk)

  // Notifications: the stranger's reply among those folded, the others shown.
  await at('/notifications')
  await expect(row(page, talk.fromFriend)).toBeVisible()
  await expect(row(page, talk.fromFriendsFriend)).toBeVisible()
  await expect(outsideLine(page, 'notification')).toBeVisible()
  await expect(row(page, talk.fromStranger)).toHaveCount(0)
  const text = (await outsideLine(page, 'notification').textContent()) ?? ''
  const [, count] =
    /^(\d+) notifications? hidden from outside your network · Show$/.exec(text) ?? []
  expect(count, text).toBeDefined()
  const shown = await notificationRows(page).count()
  await outsideLine(page, 'notification').getByRole('button', { name: 'Show' }).click()
  await expect(row(page, talk.fromStranger)).toBeVisible()
  await expect(notificationRows(page)).toHaveCount(shown + Number(count))
  await expect(outsideLine(page, 'notification')).toHaveCount(0)
})

test('the Settings switch, on by default, turns the folding off', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const { talk, thread, at } = await openConversation({ page, launchRelay, openApp, world }, 'feed')
  const settings = page.getByRole('dialog', { name: 'Settings' })
  const toggle = settings.getByRole('switch', { name: SWITCH, exact: true })

  // Logged out it is shown off, and cannot be turned on.
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(toggle).not.toBeChecked()
  await expect(toggle).toBeDisabled()
  await expect(settings.getByText('Log in to hide replies from outside your network')).toBeVisible()
  await settings.getByRole('button', { name: 'Back' }).click()

  await logInWithNsec(page, world.demoAccount, { remember: true })
  await expect(toggle).toBeChecked()
  await expect(
    settings.getByText('Only people you follow and the people they follow show at once'),
  ).toBeVisible()
  await at(thread)
  await expect(outsideLine(page, 'reply')).toBeVisible()
  await expect(card(page, talk.fromStranger)).toHaveCount(0)

  await page.getByRole('button', { name: 'Settings' }).click()
  await toggle.setChecked(false)
  await expect(toggle).not.toBeChecked()
  await settings.getByRole('button', { name: 'Back' }).click()
  await expectWholeThread(page, talk)

  // Off after a reload too, and in the notifications.
  await at('/notifications')
  await expect(row(page, talk.fromStranger)).toBeVisible()
  await expect(outsideLine(page, 'notification')).toHaveCount(0)
  await at(thread)
  await expectWholeThread(page, talk)
})

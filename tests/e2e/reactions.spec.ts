/**
 * Likes and reposts read back from the relay: a like shows as Liked after a reload and is never
 * sent twice; a like or a repost the account made elsewhere shows in a fresh browser, logged in
 * with the key or with the public key only; each note's like and repost counts are the relay's,
 * one per person, and a page of the feed asks for its notes' in one REQ.
 */
import type { Page } from '@playwright/test'
import { noteEncode } from 'nostr-tools/nip19'
import { finalizeEvent, type NostrEvent } from 'nostr-tools/pure'
import { hexToBytes } from 'nostr-tools/utils'
import type { RelayHandle } from '../peers/relay.ts'
import type { DemoAccount } from '../peers/seed/types.ts'
import { expect, test } from './fixtures.ts'
import { PASSPHRASE } from './login.ts'
import { watchRequests } from './sent-requests.ts'

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })
const focusedCard = (page: Page, id: string) =>
  page.locator(`.thread-focused article[data-note-id="${id}"]`)
const lastE = (event: NostrEvent) => event.tags.filter((tag) => tag[0] === 'e').at(-1)?.[1]

/** Kind 7 events by the author for the note, as the relay holds them. */
const likesBy = (relay: RelayHandle, pubkey: string, noteId: string) =>
  relay.events().filter((e) => e.kind === 7 && e.pubkey === pubkey && lastE(e) === noteId)

/** The people who liked and who reposted the note, each once, as the relay holds them. */
function engagementOnRelay(relay: RelayHandle, noteId: string) {
  const likers = new Set<string>()
  const reposters = new Set<string>()
  for (const e of relay.events()) {
    if (e.kind === 7 && e.content !== '-' && lastE(e) === noteId) likers.add(e.pubkey)
    const target = e.tags.find((tag) => tag[0] === 'e')?.[1]
    if ((e.kind === 6 || e.kind === 16) && target === noteId) reposters.add(e.pubkey)
  }
  return { likes: likers.size, reposts: reposters.size }
}

/** A seeded kind-1 root note with at least this many likes, none of them by `except`. */
function seededRoot(relay: RelayHandle, except: string, minLikes = 0): NostrEvent {
  const root = relay
    .events()
    .find(
      (e) =>
        e.kind === 1 &&
        !e.tags.some((t) => ['e', 'q', 'content-warning'].includes(t[0]!)) &&
        likesBy(relay, except, e.id).length === 0 &&
        engagementOnRelay(relay, e.id).likes >= minLikes,
    )
  if (!root) throw new Error('the demo world has no such root note')
  return root
}

/** An event signed with the account's key, as another device of theirs would publish it. */
const signedBy = (account: DemoAccount, kind: number, tags: string[][], content: string) =>
  finalizeEvent(
    { kind, created_at: Math.floor(Date.now() / 1000), tags, content },
    hexToBytes(account.secretKeyHex),
  )

/** Settings, then back to the page: logged in with the nsec (saved when `remember`) or the npub. */
async function logIn(page: Page, account: DemoAccount, how: 'nsec' | 'remember' | 'npub') {
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click()
  const settings = dialog(page, 'Settings')
  if (how === 'npub') {
    await settings.getByLabel('Public key (read only)').fill(account.npub)
    await settings.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByTestId('key-status')).toHaveText('Using Public Key Only')
  } else {
    await settings.getByRole('button', { name: 'Nsec Secret Key' }).click()
    const login = dialog(page, 'Nsec Secret Key')
    await login.getByLabel('Secret key').fill(account.nsec)
    if (how === 'remember') {
      await login.getByLabel('Remember on this device, encrypted with a passphrase').check()
      await login.getByLabel('Passphrase (at least 8 characters)').fill(PASSPHRASE)
      await login.getByLabel('Confirm passphrase').fill(PASSPHRASE)
    }
    await login.getByRole('button', { name: 'Log in' }).click()
    await expect(page.getByTestId('key-status')).toHaveText('Key: Unlocked')
    // Saved by the time View nsec shows.
    if (how === 'remember')
      await expect(settings.getByRole('button', { name: 'View nsec' })).toBeVisible()
  }
  await settings.getByRole('button', { name: 'Back', exact: true }).click()
  await expect(settings).toHaveCount(0)
}

test('a like shows as Liked after a reload, and a second like is never sent', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  const root = seededRoot(relay, me.pubkey)
  await openApp([relay], `/note/${noteEncode(root.id)}`)
  await logIn(page, me, 'remember')
  const card = focusedCard(page, root.id)
  await card.getByRole('button', { name: 'Like', exact: true }).click()
  const liked = card.getByRole('button', { name: 'Liked' })
  await expect(liked).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(() => likesBy(relay, me.pubkey, root.id).length).toBe(1)

  // The account comes back locked: who it is is known, and so is the like, from the relay.
  await page.reload()
  await expect(liked).toHaveAttribute('aria-pressed', 'true')
  await expect(liked).toBeDisabled()
  await liked.click({ force: true })
  // A like would be sent at once, and reach this machine's relay well within a second.
  await page.waitForTimeout(1000)
  expect(likesBy(relay, me.pubkey, root.id)).toHaveLength(1)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('a like made on another device shows as Liked in a fresh browser, logged in with the public key only', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  const root = seededRoot(relay, me.pubkey)
  await relay.publish(
    signedBy(
      me,
      7,
      [
        ['e', root.id, relay.url, root.pubkey],
        ['p', root.pubkey],
        ['k', '1'],
      ],
      '+',
    ),
  )
  await openApp([relay], `/note/${noteEncode(root.id)}`)
  const card = focusedCard(page, root.id)
  // A visitor sees the like counted, not as theirs.
  const { likes } = engagementOnRelay(relay, root.id)
  await expect(card.locator('[data-count="likes"]')).toContainText(String(likes))
  await expect(card.getByRole('button', { name: 'Like', exact: true })).toBeEnabled()

  await logIn(page, me, 'npub')
  const liked = card.getByRole('button', { name: 'Liked' })
  await expect(liked).toHaveAttribute('aria-pressed', 'true')
  await expect(liked).toBeDisabled()
  await expect(card.locator('[data-count="likes"]')).toContainText(String(likes))
  expect(likesBy(relay, me.pubkey, root.id)).toHaveLength(1)
})

test('a repost made on another device shows as Reposted in a fresh browser', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  const root = relay
    .events()
    .find(
      (e) =>
        e.kind === 1 &&
        !e.tags.some((t) => t[0] === 'e') &&
        !relay.events().some((r) => r.kind === 6 && r.pubkey === me.pubkey && lastE(r) === e.id),
    )!
  const before = engagementOnRelay(relay, root.id).reposts
  await relay.publish(
    signedBy(
      me,
      6,
      [
        ['e', root.id, relay.url],
        ['p', root.pubkey],
      ],
      JSON.stringify(root),
    ),
  )
  await openApp([relay], `/note/${noteEncode(root.id)}`)
  await logIn(page, me, 'nsec')
  const card = focusedCard(page, root.id)
  await expect(card.getByRole('button', { name: 'Reposted' })).toBeVisible()
  await expect(card.locator('[data-count="reposts"]')).toContainText(String(before + 1))
})

test("a note's like and repost counts are the relay's, one per person", async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  const root = seededRoot(relay, me.pubkey, 2)
  // A second like by the same person, a dislike ('-') and a generic repost (kind 16).
  const [liker] = relay
    .events()
    .filter((e) => e.kind === 7 && lastE(e) === root.id && e.content !== '-')
  const account = world.accounts.find((a) => a.pubkey === liker!.pubkey)!
  const dislike = world.accounts.find((a) => likesBy(relay, a.pubkey, root.id).length === 0)!
  const reTag = [['e', root.id, relay.url, root.pubkey]]
  await relay.publish(signedBy(account, 7, reTag, '🔥'))
  await relay.publish(signedBy(dislike, 7, reTag, '-'))
  await relay.publish(
    signedBy(
      dislike,
      16,
      [
        ['e', root.id, relay.url],
        ['k', '1'],
      ],
      '',
    ),
  )
  const { likes, reposts } = engagementOnRelay(relay, root.id)
  expect(likes).toBeGreaterThanOrEqual(2)
  expect(reposts).toBeGreaterThanOrEqual(1)

  await openApp([relay], `/note/${noteEncode(root.id)}`)
  const card = focusedCard(page, root.id)
  await expect(card.locator('[data-count="likes"]')).toHaveText(
    `${likes} ${likes === 1 ? 'like' : 'likes'}`,
  )
  await expect(card.locator('[data-count="reposts"]')).toHaveText(
    `${reposts} ${reposts === 1 ? 'repost' : 'reposts'}`,
  )
})

test("the feed asks for its notes' likes and reposts a page at a time, each note once", async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const sent = watchRequests(page)
  await openApp([relay])
  const articles = page.getByRole('feed').getByRole('article')
  await expect.poll(() => articles.count()).toBeGreaterThanOrEqual(5)
  const ids = (await articles.evaluateAll((all) => all.map((a) => a.getAttribute('data-note-id'))))
    .filter((id): id is string => id !== null)
    .slice(0, 5)
  type Filter = { kinds?: number[]; limit?: number; ids?: string[]; '#e'?: string[] }
  const filtersSent = () =>
    sent.map((frame) => (JSON.parse(frame) as unknown[]).slice(2) as Filter[])
  const asked = () =>
    filtersSent().flatMap((filters) =>
      filters.filter((f) => f.kinds?.includes(7) && f['#e']).map((f) => f['#e']!),
    )
  await expect.poll(() => ids.filter((id) => !asked().flat().includes(id))).toEqual([])
  // Never one REQ per note: each note once, and no more REQs than the feed's pages.
  const notesAsked = asked().flat()
  expect(new Set(notesAsked).size).toBe(notesAsked.length)
  const feedPages = filtersSent().filter((filters) =>
    filters.some((f) => f.kinds?.includes(1) && f.limit !== undefined && !f.ids && !f['#e']),
  )
  expect(asked().length).toBeLessThanOrEqual(feedPages.length)

  // Each shown note's counts are the relay's.
  for (const id of ids) {
    const { likes, reposts } = engagementOnRelay(relay, id)
    const card = page.locator(`[role="feed"] article[data-note-id="${id}"]`)
    for (const [count, name] of [
      [likes, 'likes'],
      [reposts, 'reposts'],
    ] as const) {
      if (count === 0) await expect(card.locator(`[data-count="${name}"]`)).toHaveCount(0)
      else await expect(card.locator(`[data-count="${name}"]`)).toContainText(String(count))
    }
  }
})

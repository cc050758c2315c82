/**
 * Publishing from the browser to the local relay, each event read back from the relay: a note
 * with a mention and a hashtag at /create, a reply from a note page, a quote and a repost from the
 * repost modal, a like; the client tag on every one. A draft survives a reload, a login and a
 * publish every relay refuses; a visitor who likes a note gets the login options first.
 */
import type { Locator, Page } from '@playwright/test'
import { noteEncode } from 'nostr-tools/nip19'
import { getEventHash, verifyEvent } from 'nostr-tools/pure'
import { idDifficulty } from '../../src/core/publish/nip13.ts'
import { REFUSAL, refuseWrites } from '../peers/faults.ts'
import { expect, test } from './fixtures.ts'
import { logInInDialog } from './login.ts'
import { publishedEvents, seededRoot } from './seeded.ts'

const CLIENT = ['client', 'Plume']

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })

const focusedCard = (page: Page, id: string): Locator =>
  page.locator(`.thread-focused article[data-note-id="${id}"]`)

test('a new note: the draft survives a reload and the login, then goes out with its tags', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const published = publishedEvents(relay)
  const me = world.demoAccount
  const friend = world.accounts.find((account) => account.pubkey !== me.pubkey)!
  await openApp([relay], '/create')

  const text = `Hello from the browser #PlumeTest nostr:${friend.npub}`
  const box = page.getByLabel("What's on your mind?")
  await box.fill(text)
  await expect(page.getByTestId('char-count')).toHaveText(`${[...text].length} characters`)
  const tagsShown = page.getByRole('list', { name: 'Tags from your text' })
  await expect(tagsShown.getByText('#plumetest')).toBeVisible()
  await page.reload()
  await expect(box).toHaveValue(text)

  // A visitor gets the login options; after logging in, the publish goes on by itself.
  await page.getByRole('button', { name: 'Publish' }).click()
  const gate = dialog(page, 'Log in to publish')
  await gate.getByRole('button', { name: 'Nsec Secret Key' }).click()
  await logInInDialog(page, me.nsec)

  const note = await published(me.pubkey, 1, (e) => e.content === text)
  expect(note.tags).toEqual([['t', 'plumetest'], ['p', friend.pubkey], CLIENT])
  await expect(page.getByText('Published')).toBeVisible()
  const answers = page.getByRole('list', { name: 'Relay answers' })
  await expect(answers.locator(`[data-relay="${relay.url}"]`)).toContainText('accepted')
  // Published: the text box and the stored draft are empty.
  await expect(box).toHaveValue('')
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('plumeDraft:'))),
  ).toEqual([])

  await page.getByRole('link', { name: 'View note' }).click()
  await expect(focusedCard(page, note.id)).toContainText('Hello from the browser')
})

test('on a note page: a reply, a quote, a repost and a like, each read back and shown', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const published = publishedEvents(relay)
  const me = world.demoAccount
  const root = seededRoot(relay, me.pubkey)
  await openApp([relay], `/note/${noteEncode(root.id)}?nsecLogin=true`)
  await logInInDialog(page, me.nsec)
  const card = focusedCard(page, root.id)

  // Reply (NIP-10): the root marked, its author tagged; it shows in the thread at once.
  await card.getByRole('button', { name: 'Reply' }).click()
  const replyDialog = dialog(page, 'Reply')
  await expect(replyDialog.locator(`article[data-note-id="${root.id}"]`)).toBeVisible()
  await replyDialog.getByLabel('Your reply').fill('A reply from the browser')
  await replyDialog.getByRole('button', { name: 'Reply' }).click()
  await expect(replyDialog.getByText('Published')).toBeVisible()
  const reply = await published(me.pubkey, 1, (e) => e.content === 'A reply from the browser')
  expect(reply.tags).toEqual([
    ['e', root.id, relay.url, 'root', root.pubkey],
    ['p', root.pubkey],
    ...root.tags.filter((t) => t[0] === 'p' && t[1] !== root.pubkey).map((t) => ['p', t[1]!]),
    CLIENT,
  ])
  await replyDialog.getByRole('button', { name: 'Close' }).click()
  await expect(page.locator(`.thread article[data-note-id="${reply.id}"]`)).toContainText(
    'A reply from the browser',
  )

  // Quote (NIP-18 q tag): text required; the reference is appended.
  await card.getByRole('button', { name: 'Repost' }).click()
  const repostDialog = dialog(page, 'Repost')
  await repostDialog.getByRole('button', { name: 'Quote' }).click()
  await expect(repostDialog.getByRole('alert')).toHaveText('Quote repost content required')
  await repostDialog.getByLabel('Or quote it with your words').fill('Worth reading')
  await repostDialog.getByRole('button', { name: 'Quote' }).click()
  const quote = await published(me.pubkey, 1, (e) => e.content.startsWith('Worth reading'))
  expect(quote.content).toMatch(/^Worth reading\n\nnostr:nevent1[02-9ac-hj-np-z]+$/)
  expect(quote.tags).toEqual([['q', root.id, relay.url, root.pubkey], ['p', root.pubkey], CLIENT])
  // Accepted: the window closes and says so where the user is looking, then the word fades.
  await expect(repostDialog).toHaveCount(0)
  const status = page.getByRole('status').filter({ hasText: 'Quote published' })
  await expect(status).toBeInViewport()
  await expect(status).toHaveCount(0)

  // Repost (kind 6): the note itself as content.
  await card.getByRole('button', { name: 'Repost' }).click()
  await repostDialog.getByRole('button', { name: 'Repost', exact: true }).click()
  const repost = await published(me.pubkey, 6)
  expect(JSON.parse(repost.content)).toEqual(root)
  expect(repost.tags).toEqual([['e', root.id, relay.url], ['p', root.pubkey], CLIENT])
  await expect(repostDialog).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'Reposted' })).toBeInViewport()
  await expect(card.getByRole('button', { name: 'Reposted' })).toBeVisible()

  // Like (NIP-25).
  await card.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(card.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true')
  const like = await published(me.pubkey, 7)
  expect(like.content).toBe('+')
  expect(like.tags).toEqual([
    ['e', root.id, relay.url, root.pubkey],
    ['p', root.pubkey],
    ['k', '1'],
    CLIENT,
  ])

  // The quote's own page shows the quoted note inside it.
  await page.goto(`${new URL(page.url()).origin}/note/${noteEncode(quote.id)}`)
  await expect(focusedCard(page, quote.id)).toContainText('Worth reading')
})

test('a publish every relay refuses keeps the draft and names each relay and its reason', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  await openApp([relay], '/create?nsecLogin=true')
  await logInInDialog(page, me.nsec)
  relay.setFaults(refuseWrites(REFUSAL))

  const box = page.getByLabel("What's on your mind?")
  await box.fill('Nobody will take this one')
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByRole('alert')).toHaveText(`Publish failed: ${relay.url}: ${REFUSAL}`)
  const answers = page.getByRole('list', { name: 'Relay answers' })
  await expect(answers.locator(`[data-relay="${relay.url}"]`)).toContainText(`refused: ${REFUSAL}`)
  await expect(box).toHaveValue('Nobody will take this one')
  expect(
    await page.evaluate((key) => localStorage.getItem(key), `plumeDraft:${me.pubkey}:note`),
  ).toBe('Nobody will take this one')

  // The relay takes events again: the same draft goes out, and only then is it cleared.
  relay.setFaults(undefined)
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Published')).toBeVisible()
  await expect(box).toHaveValue('')
  expect(
    await page.evaluate((key) => localStorage.getItem(key), `plumeDraft:${me.pubkey}:note`),
  ).toBeNull()
})

test('a repost every relay refuses keeps the window open with the reason', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  const root = seededRoot(relay, me.pubkey)
  await openApp([relay], `/note/${noteEncode(root.id)}?nsecLogin=true`)
  await logInInDialog(page, me.nsec)
  relay.setFaults(refuseWrites(REFUSAL))

  await focusedCard(page, root.id).getByRole('button', { name: 'Repost' }).click()
  const repostDialog = dialog(page, 'Repost')
  const repost = repostDialog.getByRole('button', { name: 'Repost', exact: true })
  const quote = repostDialog.getByRole('button', { name: 'Quote' })
  await repost.click()
  await expect(repostDialog.getByRole('alert')).toHaveText(
    `Publish failed: ${relay.url}: ${REFUSAL}`,
  )
  await expect(repost).toBeEnabled()
  await expect(quote).toBeEnabled()
  await expect(page.getByRole('status').filter({ hasText: 'Reposted' })).toHaveCount(0)
})

test('a visitor who likes a note gets the login options, and the like goes out after login', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const published = publishedEvents(relay)
  const me = world.demoAccount
  const root = seededRoot(relay, me.pubkey)
  await openApp([relay], `/note/${noteEncode(root.id)}`)
  const card = focusedCard(page, root.id)
  await card.getByRole('button', { name: 'Like', exact: true }).click()
  const gate = dialog(page, 'Log in to like')
  await expect(gate.getByRole('button', { name: 'Nsec Secret Key' })).toBeVisible()
  await gate.getByRole('button', { name: 'Nsec Secret Key' }).click()
  await logInInDialog(page, me.nsec)
  await expect(card.getByRole('button', { name: 'Liked' })).toBeVisible()
  const like = await published(me.pubkey, 7, (e) => e.tags.some((t) => t[1] === root.id))
  expect(like.content).toBe('+')
})

test('proof of work on at 12 bits: the note is mined, its nonce tag and id hold, then published', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const published = publishedEvents(relay)
  const me = world.demoAccount
  // Settings, Proof of Work: on, at 12 bits (the keys its section writes).
  await page.addInitScript(() => {
    localStorage.setItem('powEnabled', 'true')
    localStorage.setItem('powTargetBits', '12')
  })
  await openApp([relay], '/create')
  const text = 'Mined before it was signed'
  await page.getByLabel("What's on your mind?").fill(text)
  await page.getByRole('button', { name: 'Publish' }).click()
  await dialog(page, 'Log in to publish').getByRole('button', { name: 'Nsec Secret Key' }).click()
  await logInInDialog(page, me.nsec)
  const note = await published(me.pubkey, 1, (e) => e.content === text)

  const nonce = note.tags.find((tag) => tag[0] === 'nonce')!
  expect(nonce[2]).toBe('12')
  expect(Number.isInteger(Number(nonce[1]))).toBe(true)
  expect(getEventHash(note)).toBe(note.id)
  expect(verifyEvent(note)).toBe(true)
  expect(idDifficulty(note.id)).toBeGreaterThanOrEqual(12)
  expect(note.tags).toContainEqual(CLIENT)
  await expect(page.getByText('Published')).toBeVisible()
})

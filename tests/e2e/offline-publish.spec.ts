// Publishing offline: a note written with no network is signed and queued in the
// outbox, stays queued across a reload, and reaches the relay once the network is back; a like
// the relay refuses for good is dropped with a message. Runs against the built app (PLUME_DIST)
// with its service worker, which serves the reload offline.
import type { Page } from '@playwright/test'
import { noteEncode } from 'nostr-tools/nip19'
import type { NostrEvent } from 'nostr-tools/pure'
import { excerptOf, PUBLISH_QUEUE_TEXTS } from '../../src/core/publish/publish-queue.ts'
import { loseOks, REFUSAL, refuseWrites } from '../peers/faults.ts'
import { expect, test } from './fixtures.ts'
import { logInWithNsec } from './login.ts'
import { seededRoot } from './seeded.ts'
import { controlled, reloadOffline } from './service-worker.ts'

/**
 * The app opened: its service worker in control (it serves a reload offline), logged in as
 * `account`, Settings closed.
 */
async function readyToWrite(page: Page, account: Parameters<typeof logInWithNsec>[1]) {
  await controlled(page)
  await logInWithNsec(page, account)
  await page.keyboard.press('Escape')
}

test('a note written offline is queued, survives a reload, and is published once back online', async ({
  page,
  context,
  launchRelay,
  openApp,
  world,
}, testInfo) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  await page.setViewportSize({ width: 390, height: 844 })
  await openApp([relay], '/create')
  await readyToWrite(page, me)

  // No network: the browser offline, and the relay gone too (Chromium's offline mode leaves an
  // open WebSocket alone).
  await context.setOffline(true)
  await relay.stop()
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()

  const text = `Written on the train ${Date.now()}`
  const box = page.getByLabel("What's on your mind?")
  await box.fill(text)
  await page.getByRole('button', { name: 'Publish' }).click()
  const queued = page.locator('.publish-queued')
  await expect(queued).toContainText(PUBLISH_QUEUE_TEXTS.queued)
  // Safe in the outbox: the draft is cleared, the queue is counted.
  await expect(box).toHaveValue('')
  const count = page.getByTestId('outbox-count')
  await expect(count).toHaveText(PUBLISH_QUEUE_TEXTS.queuedCount(1))
  expect(relay.events().some((event) => event.content === text)).toBe(false)
  await page.screenshot({ path: testInfo.outputPath('queued-390.png') })

  // The note is the user's own, marked as waiting.
  await queued.getByRole('link', { name: 'View note' }).click()
  const card = page.locator('.thread-focused article').filter({ hasText: text })
  await expect(card).toBeVisible()
  await expect(card.getByRole('status')).toHaveText(PUBLISH_QUEUE_TEXTS.queued)
  const noteUrl = page.url()

  // Still offline, a reload (served by the service worker): the queue was kept.
  await reloadOffline(page)
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()
  await expect(count).toHaveText(PUBLISH_QUEUE_TEXTS.queuedCount(1))
  await expect(card.getByRole('status')).toHaveText(PUBLISH_QUEUE_TEXTS.queued)
  await page.screenshot({ path: testInfo.outputPath('queued-after-reload-390.png') })
  expect(relay.events().some((event) => event.content === text)).toBe(false)

  // Back online: the relay gets the note, signed by the user; the marks go.
  await relay.start()
  await context.setOffline(false)
  await expect
    .poll(() => relay.events().find((event) => event.content === text)?.pubkey, {
      timeout: 30_000,
    })
    .toBe(me.pubkey)
  await expect(count).toBeHidden()
  await expect(card.getByRole('status')).toBeHidden()
  await expect(card).toBeVisible()
  expect(page.url()).toBe(noteUrl)
})

test('a like queued offline that the relay refuses for good is dropped with a message, and can be given again', async ({
  page,
  context,
  launchRelay,
  openApp,
  world,
}, testInfo) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  const root = seededRoot(relay, me.pubkey)
  await page.setViewportSize({ width: 390, height: 844 })
  await openApp([relay], `/note/${noteEncode(root.id)}`)
  await readyToWrite(page, me)
  const card = page.locator(`.thread-focused article[data-note-id="${root.id}"]`)

  await context.setOffline(true)
  await relay.stop()
  await card.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(card.getByRole('button', { name: 'Liked' })).toBeVisible()
  await expect(page.getByTestId('outbox-count')).toHaveText(PUBLISH_QUEUE_TEXTS.queuedCount(1))

  // Back online, the relay will not take it: a reason that will not pass ('blocked:').
  relay.setFaults(refuseWrites(REFUSAL))
  await relay.start()
  await context.setOffline(false)
  const dropped = page.getByRole('alert').filter({ hasText: 'Not sent' })
  await expect(dropped).toContainText(
    PUBLISH_QUEUE_TEXTS.dropped({
      kind: 7,
      excerpt: 'your like',
      reason: `${relay.url}: ${REFUSAL}`,
    }),
    { timeout: 30_000 },
  )
  await expect(page.getByTestId('outbox-count')).toBeHidden()
  // Refused and not stored: the relay's count of likes cannot bring it back.
  const likedByMe = (event: NostrEvent) =>
    event.kind === 7 && event.pubkey === me.pubkey && event.tags.some((tag) => tag[1] === root.id)
  expect(relay.events().filter(likedByMe)).toEqual([])
  await expect(card.getByRole('button', { name: 'Like', exact: true })).toBeEnabled()
  await page.screenshot({ path: testInfo.outputPath('dropped-390.png') })
  await dropped.getByRole('button', { name: 'Dismiss' }).click()
  await expect(dropped).toBeHidden()
})

test('a note written offline that the relay refuses for good: the composer says so and gives the text back', async ({
  page,
  context,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  await openApp([relay], '/create')
  await readyToWrite(page, world.demoAccount)

  await context.setOffline(true)
  await relay.stop()
  const text = `Written for a relay that will not take it ${Date.now()}`
  const box = page.getByLabel("What's on your mind?")
  await box.fill(text)
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.locator('.publish-queued')).toContainText(PUBLISH_QUEUE_TEXTS.queued)
  await expect(box).toHaveValue('')

  // Back online, the relay refuses it for a reason that will not pass ('blocked:').
  relay.setFaults(refuseWrites(REFUSAL))
  await relay.start()
  await context.setOffline(false)
  const message = PUBLISH_QUEUE_TEXTS.dropped({
    kind: 1,
    excerpt: excerptOf({ kind: 1, content: text }),
    reason: `${relay.url}: ${REFUSAL}`,
  })
  await expect(page.locator('.composer .form-error')).toHaveText(message, { timeout: 30_000 })
  await expect(page.locator('.publish-queued')).toHaveCount(0)
  await expect(box).toHaveValue(text)
  // Said once, next to the text it gave back: the queue's notice of it is gone.
  await expect(page.getByText(message, { exact: true })).toHaveCount(1)
  await expect(page.locator('.outbox-drop')).toHaveCount(0)
})

test('a reply, a quote and a repost made offline all reach the relay once back online', async ({
  page,
  context,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  const root = seededRoot(relay, me.pubkey)
  await openApp([relay], `/note/${noteEncode(root.id)}`)
  await readyToWrite(page, me)
  const card = page.locator(`.thread-focused article[data-note-id="${root.id}"]`)
  await expect(card).toBeVisible()

  await context.setOffline(true)
  await relay.stop()

  await card.getByRole('button', { name: 'Reply' }).click()
  const reply = page.getByRole('dialog', { name: 'Reply' })
  await reply.getByLabel('Your reply').fill('A reply from a tunnel')
  await reply.getByRole('button', { name: 'Reply' }).click()
  await expect(reply.locator('.publish-queued')).toContainText(PUBLISH_QUEUE_TEXTS.queued)
  await expect(reply.getByLabel('Your reply')).toHaveValue('')
  await reply.getByRole('button', { name: 'Close' }).click()

  await card.getByRole('button', { name: 'Repost' }).click()
  const repost = page.getByRole('dialog', { name: 'Repost' })
  await repost.getByLabel('Or quote it with your words').fill('Quoted from a tunnel')
  await repost.getByRole('button', { name: 'Quote' }).click()
  await expect(repost.locator('.publish-queued')).toContainText(PUBLISH_QUEUE_TEXTS.queued)
  // A plain repost too: the original cannot be fetched offline, so it goes without it.
  await repost.getByRole('button', { name: 'Repost', exact: true }).click()
  await expect(repost.locator('.publish-queued')).toContainText(PUBLISH_QUEUE_TEXTS.queued)
  await repost.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByTestId('outbox-count')).toHaveText(PUBLISH_QUEUE_TEXTS.queuedCount(3))

  await relay.start()
  await context.setOffline(false)
  const mine = (kind: number, match: (event: NostrEvent) => boolean) =>
    relay
      .events()
      .find((event) => event.pubkey === me.pubkey && event.kind === kind && match(event))
  const refersToRoot = (event: NostrEvent) => event.tags.some((tag) => tag[1] === root.id)
  await expect
    .poll(
      () => [
        mine(1, (e) => e.content === 'A reply from a tunnel' && refersToRoot(e)) !== undefined,
        mine(1, (e) => e.content.startsWith('Quoted from a tunnel') && refersToRoot(e)) !==
          undefined,
        mine(6, (e) => e.content === '' && refersToRoot(e)) !== undefined,
      ],
      { timeout: 30_000 },
    )
    .toEqual([true, true, true])
  await expect(page.getByTestId('outbox-count')).toBeHidden()
})

test('online, a relay that takes the note and whose answer is lost: queued, not failed, and one note in the end', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  await openApp([relay], '/create')
  await logInWithNsec(page, me)
  await page.keyboard.press('Escape') // Settings closes

  relay.setFaults(loseOks())
  const text = `Written in a tunnel ${Date.now()}`
  const box = page.getByLabel("What's on your mind?")
  await box.fill(text)
  await page.getByRole('button', { name: 'Publish' }).click()
  // No answer in 10 s (PUBLISH_TIMEOUT_MS): queued, the draft safe in the outbox, no failure.
  const queued = page.locator('.publish-queued')
  await expect(queued).toContainText(PUBLISH_QUEUE_TEXTS.queued, { timeout: 20_000 })
  await expect(page.getByRole('alert')).toHaveCount(0)
  const answers = page.getByRole('list', { name: 'Relay answers' })
  await expect(answers.getByRole('listitem')).toHaveText([`${relay.url} no answer in time`])
  await expect(box).toHaveValue('')
  await expect(page.getByTestId('outbox-count')).toHaveText(
    PUBLISH_QUEUE_TEXTS.queuedCount(1, true),
  )
  const mine = () => relay.events().filter((event) => event.content === text)
  expect(mine()).toHaveLength(1) // the relay took it; the app could not know

  // The relay answers again on a new connection: the queue sends the same event ('duplicate:').
  await relay.stop()
  relay.setFaults(undefined)
  await relay.start()
  await expect(page.getByTestId('outbox-count')).toHaveCount(0, { timeout: 30_000 })
  expect(mine()).toHaveLength(1)
  // The composer says so too: published, the first try's answers gone.
  await expect(queued).toBeHidden()
  await expect(page.locator('.publish-done')).toContainText('Published')
  await expect(answers).toBeHidden()
})

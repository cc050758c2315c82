/**
 * Inbox routing (NIP-65) in the many-relay world: what the user writes to someone also goes to a
 * relay that person reads, though no pool of the app holds it. The reply's window lists that
 * relay's answer with the user's own relays'.
 */
import type { Locator, Page } from '@playwright/test'
import { noteEncode } from 'nostr-tools/nip19'
import type { NostrEvent } from 'nostr-tools/pure'
import { expect, test } from './fixtures.ts'
import { logInInDialog } from './login.ts'

const focusedCard = (page: Page, id: string): Locator =>
  page.locator(`.thread-focused article[data-note-id="${id}"]`)

test('a reply and a like reach a read relay of the note’s author that no pool holds', async ({
  page,
  launchWorld,
  openApp,
}) => {
  const launched = await launchWorld()
  const { world } = launched
  const me = world.demoAccount
  const general = new Set<string>(world.relays.general)
  const reads = (pubkey: string) => world.relayLists[pubkey]?.read ?? []
  // Two read relays per person: one the user writes to counts, so the author reads on one at most.
  const outside = (pubkey: string) =>
    reads(pubkey).filter((url) => general.has(url)).length < 2
      ? reads(pubkey).find((url) => !general.has(url))
      : undefined
  // The seed's likes and reposts follow the clock: a note the user already liked shows Liked.
  const engaged = new Set(
    world.events
      .filter((event) => (event.kind === 6 || event.kind === 7) && event.pubkey === me.pubkey)
      .flatMap((event) => event.tags.filter((tag) => tag[0] === 'e').map((tag) => tag[1])),
  )
  // A root note someone else wrote, on a general relay, by an author who also reads elsewhere.
  const root = world.events.find(
    (event) =>
      event.kind === 1 &&
      event.pubkey !== me.pubkey &&
      !engaged.has(event.id) &&
      !event.tags.some((tag) => tag[0] === 'e' || tag[0] === 'p') &&
      world.relaysOf(event.id).some((url) => general.has(url)) &&
      outside(event.pubkey) !== undefined,
  ) as NostrEvent
  expect(root, 'a note whose author reads outside the pool').toBeDefined()
  const inboxUrl = outside(root.pubkey)!
  const inbox = launched.running.find((running) => running.url === inboxUrl)!.relay
  const mine = (kind: number, check: (event: NostrEvent) => boolean) => () =>
    inbox
      .events()
      .some((event) => event.kind === kind && event.pubkey === me.pubkey && check(event))
  const answers = launched.config.relays.filter((relay) => relay.permission !== 'indexer')

  await openApp([...launched.general], `/note/${noteEncode(root.id)}?nsecLogin=true`, launched)
  await logInInDialog(page, me.nsec)
  const card = focusedCard(page, root.id)
  await expect(card).toBeVisible()

  await card.getByRole('button', { name: 'Reply' }).click()
  const replyDialog = page.getByRole('dialog', { name: 'Reply' })
  await replyDialog.getByLabel('Your reply').fill('Sent where you read')
  await replyDialog.getByRole('button', { name: 'Reply' }).click()
  await expect(replyDialog.getByText('Published')).toBeVisible()
  // Every relay's answer shows: the user's write relays and the author's.
  const list = replyDialog.getByRole('list', { name: 'Relay answers' })
  await expect(list.locator(`li[data-relay="${inboxUrl}"]`)).toContainText('accepted')
  for (const relay of answers) {
    await expect(list.locator(`li[data-relay="${relay.url}"]`)).toContainText('accepted')
  }
  await expect.poll(mine(1, (event) => event.content === 'Sent where you read')).toBe(true)
  await replyDialog.getByRole('button', { name: 'Close' }).click()

  await card.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(card.getByRole('button', { name: 'Liked' })).toBeVisible()
  await expect
    .poll(mine(7, (event) => event.tags.some((tag) => tag[0] === 'e' && tag[1] === root.id)))
    .toBe(true)
})

/**
 * Reports (NIP-56): a note reported from its More menu and a person from their profile, each a
 * kind 1984 on the relay with the NIP's tags; a report by someone the account follows shows as a
 * warning over the note, which stays readable; a report by anybody else shows nothing.
 */
import type { Locator, Page } from '@playwright/test'
import { nip19 } from 'nostr-tools'
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { REFUSAL, refuseWrites } from '../peers/faults.ts'
import type { RelayHandle } from '../peers/relay.ts'
import type { DemoAccount } from '../peers/seed/types.ts'
import { expect, test } from './fixtures.ts'
import { logInInDialog } from './login.ts'
import { showEveryNote } from './plain-feed.ts'
import { newestOf, profileOf, publishedEvents } from './seeded.ts'

const feed = (page: Page) => page.getByRole('feed', { name: 'Notes' })
const card = (scope: Page | Locator, id: string) =>
  scope.locator(`article[data-note-id="${id}"]`).first()
const warning = (row: Locator) => row.locator('.note-report-warning')

const keyOf = (account: DemoAccount) => nip19.decode(account.nsec).data as Uint8Array
const now = () => Math.floor(Date.now() / 1000)

/** A note by this key, newer than anything seeded. */
async function publishNote(relay: RelayHandle, key: Uint8Array, content: string, ago = 0) {
  const note = finalizeEvent({ kind: 1, created_at: now() - ago, tags: [], content }, key)
  await relay.publish(note)
  return note
}

/** A report of the note (NIP-56: the type on its e tag, its author's p tag). */
const publishReport = (
  relay: RelayHandle,
  key: Uint8Array,
  note: { id: string; pubkey: string },
  type: string,
) =>
  relay.publish(
    finalizeEvent(
      {
        kind: 1984,
        created_at: now(),
        tags: [
          ['e', note.id, type],
          ['p', note.pubkey],
        ],
        content: '',
      },
      key,
    ),
  )

/** The people the account's kind 3 follows, as the relay holds it. */
const followsOf = (relay: RelayHandle, pubkey: string) =>
  new Set(
    newestOf(relay, 3, pubkey)
      .tags.filter((tag) => tag[0] === 'p')
      .map((tag) => tag[1]),
  )

/** The name the app shows for a world account (display name, else name). */
const nameOf = (relay: RelayHandle, pubkey: string) => {
  const profile = profileOf(relay, pubkey)
  return profile.display_name?.trim() || profile.name?.trim() || ''
}

test('Report from a note’s More menu: the kind 1984 names the note with the reason and its author', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  const author = world.accounts.find((account) => account.pubkey !== me.pubkey)!
  const note = await publishNote(relay, keyOf(author), 'Cheap followers, DM me now')
  const mine = await publishNote(relay, keyOf(me), 'A note of my own', 1)
  const published = publishedEvents(relay)
  await showEveryNote(page)
  await openApp([relay], '/?nsecLogin=true')
  await logInInDialog(page, me.nsec)

  const menu = page.getByRole('menu', { name: 'More' })
  // One's own note offers no Report.
  await card(feed(page), mine.id).getByRole('button', { name: 'More' }).click()
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'Report' })).toHaveCount(0)
  await page.keyboard.press('Escape')

  await card(feed(page), note.id).getByRole('button', { name: 'More' }).click()
  await menu.getByRole('menuitem', { name: 'Report' }).click()
  const dialog = page.getByRole('dialog', { name: 'Report note' })
  await expect(dialog.getByRole('group', { name: 'Why are you reporting this?' })).toBeVisible()
  // The NIP's reasons for a note: impersonation is about a person.
  await expect(dialog.getByRole('radio')).toHaveCount(6)
  for (const label of [
    'Nudity or sexual content',
    'Malware or a harmful link',
    'Profanity or hateful speech',
    'Something that may be illegal',
    'Spam',
    'Something else',
  ]) {
    await expect(dialog.getByRole('radio', { name: label })).toBeVisible()
  }
  const report = dialog.getByRole('button', { name: 'Report', exact: true })
  // Nothing chosen yet.
  await expect(report).toBeDisabled()
  await dialog.getByRole('radio', { name: 'Spam' }).check()
  await dialog.getByLabel('Comment (optional, sent with the report)').fill('sells fake followers')
  await page.screenshot({ path: test.info().outputPath('report-dialog.png') })
  await report.click()

  await expect(page.getByRole('status').filter({ hasText: 'Report sent' })).toBeVisible()
  await expect(dialog).toBeHidden()
  const sent = await published(me.pubkey, 1984)
  expect(sent.tags).toEqual([
    ['e', note.id, 'spam'],
    ['p', author.pubkey],
    ['client', 'Plume'],
  ])
  expect(sent.content).toBe('sells fake followers')

  // Cancel sends nothing.
  await card(feed(page), note.id).getByRole('button', { name: 'More' }).click()
  await menu.getByRole('menuitem', { name: 'Report' }).click()
  await dialog.getByRole('radio', { name: 'Something else' }).check()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  expect(relay.events().filter((event) => event.kind === 1984)).toHaveLength(1)
})

test('Report on a profile: the kind 1984 names the person with the reason', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  const them = world.accounts.find((account) => account.pubkey !== me.pubkey)!
  const published = publishedEvents(relay)
  await openApp([relay], `/npub/${them.npub}?nsecLogin=true`)
  await logInInDialog(page, me.nsec)

  await page.getByRole('button', { name: 'Report', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Report profile' })
  await expect(dialog.getByRole('radio')).toHaveCount(7)
  await dialog.getByRole('radio', { name: 'Impersonation' }).check()
  await dialog.getByRole('button', { name: 'Report', exact: true }).click()

  await expect(page.getByRole('status').filter({ hasText: 'Report sent' })).toBeVisible()
  await expect(dialog).toBeHidden()
  const sent = await published(me.pubkey, 1984)
  expect(sent.tags).toEqual([
    ['p', them.pubkey, 'impersonation'],
    ['client', 'Plume'],
  ])
  expect(sent.content).toBe('')
})

test('every relay refuses the report: the dialog says why, keeps the reason, and Try again asks again', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay({ faults: refuseWrites() })
  const me = world.demoAccount
  const them = world.accounts.find((account) => account.pubkey !== me.pubkey)!
  await openApp([relay], `/npub/${them.npub}?nsecLogin=true`)
  await logInInDialog(page, me.nsec)

  await page.getByRole('button', { name: 'Report', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Report profile' })
  await dialog.getByRole('radio', { name: 'Spam' }).check()
  await dialog.getByRole('button', { name: 'Report', exact: true }).click()

  const alert = dialog.getByRole('alert')
  await expect(alert.locator('.action-failure-message')).toHaveText('Report not sent')
  await expect(alert.locator('.action-failure-detail')).toHaveText(
    `Publish failed: ${relay.url}: ${REFUSAL}`,
  )
  await expect(dialog.getByRole('radio', { name: 'Spam' })).toBeChecked()
  const again = dialog.getByRole('button', { name: 'Try again' })
  await expect(again).toBeEnabled()
  await page.screenshot({ path: test.info().outputPath('report-refused.png') })
  const refused = relay.stats().events
  expect(refused).toBeGreaterThan(0)
  await again.click()
  await expect.poll(() => relay.stats().events).toBeGreaterThan(refused)
  await expect(alert.locator('.action-failure-message')).toHaveText('Report not sent')
  expect(relay.events().filter((event) => event.kind === 1984)).toEqual([])

  await dialog.getByRole('button', { name: 'Close' }).last().click()
  await expect(dialog).toBeHidden()
})

test('a report by someone the account follows warns over the note, still readable; one by a stranger does not', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  const follows = followsOf(relay, me.pubkey)
  const [friend, otherFriend] = world.accounts.filter(
    (account) => account.pubkey !== me.pubkey && follows.has(account.pubkey),
  )
  const author = world.accounts.find(
    (account) => account.pubkey !== me.pubkey && !follows.has(account.pubkey),
  )
  if (!friend || !otherFriend || !author) throw new Error('the demo account follows people')
  const stranger = generateSecretKey()
  expect(follows.has(getPublicKey(stranger))).toBe(false)

  const reported = await publishNote(relay, keyOf(author), 'Win a free phone, click here')
  const twice = await publishNote(relay, keyOf(author), 'Second chance to win', 1)
  const byStranger = await publishNote(relay, keyOf(author), 'Just a note about the weather', 2)
  await publishReport(relay, keyOf(friend), reported, 'spam')
  // A stranger's report of the same note adds nothing: not counted, not its reason.
  await publishReport(relay, stranger, reported, 'nudity')
  await publishReport(relay, keyOf(friend), twice, 'spam')
  await publishReport(relay, keyOf(otherFriend), twice, 'illegal')
  await publishReport(relay, stranger, byStranger, 'spam')

  await showEveryNote(page)
  await openApp([relay], '/?nsecLogin=true')
  await logInInDialog(page, me.nsec)

  const row = card(feed(page), reported.id)
  await expect(warning(row)).toHaveText(`Reported for spam by ${nameOf(relay, friend.pubkey)}`)
  await expect(warning(row)).toHaveAttribute('role', 'note')
  // A warning, not a veil: the note is there to read.
  await expect(row.getByText('Win a free phone, click here')).toBeVisible()
  // One reason each: in NIP-56's order; either reporter named first.
  const names = [friend, otherFriend].map((account) => nameOf(relay, account.pubkey))
  await expect(warning(card(feed(page), twice.id))).toHaveText(
    new RegExp(`^Reported for illegal content and spam by (${names.join('|')}) and 1 other$`),
  )
  await page.screenshot({ path: test.info().outputPath('report-warning.png') })
  // Asked in the same REQ as the others, answered already: nothing to show.
  const plain = card(feed(page), byStranger.id)
  await expect(plain.getByText('Just a note about the weather')).toBeVisible()
  await expect(warning(plain)).toHaveCount(0)
})

test('a visitor is offered no Report, on a note or a profile', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const author = world.accounts.find((account) => account.pubkey !== world.demoAccount.pubkey)!
  const note = await publishNote(relay, keyOf(author), 'Nothing to report here')
  await showEveryNote(page)
  await openApp([relay])
  await card(feed(page), note.id).getByRole('button', { name: 'More' }).click()
  await expect(page.getByRole('menu', { name: 'More' }).getByRole('menuitem')).toHaveText([
    'No actions for this note',
  ])
  await page.keyboard.press('Escape')
  await card(feed(page), note.id)
    .getByRole('link', { name: nameOf(relay, author.pubkey) })
    .click()
  await expect(page.getByRole('button', { name: 'Relay discovery' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Report', exact: true })).toHaveCount(0)
})

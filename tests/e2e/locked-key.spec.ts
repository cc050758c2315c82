/**
 * A key saved under a passphrase comes back locked after a reload (spec §4). Reading needs only
 * the public key, so notifications keep coming while it is locked, and a visit to the page marks
 * read only what the page showed (spec §7); the header says the key is locked and offers the
 * unlock (spec §2: 'Unlock & {action}').
 */
import AxeBuilder from '@axe-core/playwright'
import { hexToBytes } from '@noble/hashes/utils.js'
import type { Page } from '@playwright/test'
import { finalizeEvent, type NostrEvent } from 'nostr-tools/pure'
import type { DemoAccount } from '../peers/seed/types.ts'
import { expect, test } from './fixtures.ts'
import { logInWithNsec, PASSPHRASE } from './login.ts'
import { watchRequests } from './sent-requests.ts'

const header = (page: Page) => page.locator('header.app-header')
const square = (page: Page) => header(page).getByRole('link', { name: /^Notifications/ })
const lockButton = (page: Page) => header(page).getByRole('button', { name: 'Key locked — unlock' })

/** Logs in with the key saved, then opens the app afresh: the key is locked. */
async function lockedAfterReload(page: Page, account: DemoAccount, url: string) {
  await logInWithNsec(page, account, { remember: true })
  await page.goto(`${url}/about`)
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByTestId('key-status')).toHaveText(/^Key: Locked/)
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('button', { name: 'Back', exact: true })
    .click()
}

/** A reply to one of the user's notes by someone else, dated now. */
function replyTo(user: DemoAccount, from: DemoAccount, note: NostrEvent): NostrEvent {
  return finalizeEvent(
    {
      kind: 1,
      created_at: Math.floor(Date.now() / 1000),
      content: 'Replying while your key is locked',
      tags: [
        ['e', note.id, '', 'root'],
        ['p', user.pubkey],
      ],
    },
    hexToBytes(from.secretKeyHex),
  )
}

test('a locked key keeps its notifications; a visit marks read only what it showed', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  test.setTimeout(150_000)
  const relay = await launchRelay()
  const user = world.demoAccount
  const server = await openApp([relay], '/about')
  const sent = watchRequests(page)
  await lockedAfterReload(page, user, server.url)

  // The square counts the unread (perhaps from the cache kept across the reload).
  await expect(square(page)).toHaveAccessibleName(/^Notifications, \d+ unread$/)
  sent.length = 0

  // A reply the relay holds but the app has not fetched yet while the page is open.
  const other = world.accounts.find((account) => account.pubkey !== user.pubkey)!
  const note = relay.events().find((e) => e.kind === 1 && e.pubkey === user.pubkey)!
  const reply = replyTo(user, other, note)
  relay.setFaults({
    rewrite: (frame) =>
      frame[0] === 'EVENT' && (frame[2] as NostrEvent).id === reply.id ? null : frame,
  })
  await relay.publish(reply)

  await square(page).click()
  await expect(page.locator('.notification-list > li').first()).toBeVisible()
  await expect(page.locator(`.notification[data-event-id="${reply.id}"]`)).toHaveCount(0)
  await page.getByRole('button', { name: '← Back' }).click()
  await expect(square(page)).toHaveAccessibleName('Notifications, none unread')

  // Once fetched it is unread: the visit did not mark what it never showed.
  relay.setFaults(undefined)
  await expect(square(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 45_000 })
  await expect(square(page)).toHaveAttribute('data-tier', '1')
  // Asked for again while locked, with the public key alone.
  expect(sent.some((req) => req.includes(`"#p":["${user.pubkey}"]`))).toBe(true)
  await square(page).click()
  const row = page.locator(`.notification[data-event-id="${reply.id}"]`)
  await expect(row).toBeVisible()
  await expect(row).toHaveAttribute('data-new', 'true')
  await expect(page.getByText('1 new since your last visit')).toBeVisible()
  // Shown now, so read; still without unlocking.
  await expect(square(page)).toHaveAccessibleName('Notifications, none unread')
  await expect(lockButton(page)).toBeVisible()
})

test('the header shows a locked key; its lock opens the unlock, which takes the mark away', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const server = await openApp([await launchRelay()], '/about')
  await lockedAfterReload(page, world.demoAccount, server.url)

  await expect(lockButton(page)).toBeVisible()
  await expect(lockButton(page)).toHaveAttribute('title', 'Key locked — unlock')
  const { violations } = await new AxeBuilder({ page })
    .include('header.app-header')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze()
  expect(violations.map((v) => v.id)).toEqual([])
  await lockButton(page).click()
  await expect(page).toHaveURL(/[?&]unlockKey=true/)
  const unlock = page.getByRole('dialog', { name: 'Unlock saved key' })
  await unlock.getByLabel('Passphrase').fill(PASSPHRASE)
  await unlock.getByRole('button', { name: 'Unlock & Continue' }).click()
  await expect(unlock).toHaveCount(0)
  await expect(lockButton(page)).toHaveCount(0)
  await expect(header(page).getByRole('link', { name: 'Your profile' })).toBeVisible()
})

/**
 * Follow, unfollow, mute, unmute and profile editing from the profile page, against the local
 * relay, each event read back from it: the contact list (kind 3) and the mute list (kind 10000)
 * keep everything but the one change, the profile (kind 0) shows at once without a reload. A
 * follow that every relay refuses is rolled back with the spec's message; a visitor's Follow
 * opens the login options and happens once they are in.
 */
import type { Page } from '@playwright/test'
import type { NostrEvent } from 'nostr-tools/pure'
import { followersCountText, followersOf } from '../../src/core/people/followers.ts'
import { REFUSAL, refuseWrites } from '../peers/faults.ts'
import type { RelayHandle } from '../peers/relay.ts'
import type { DemoWorld } from '../peers/seed/types.ts'
import { expect, test } from './fixtures.ts'
import { newestOf, profileOf } from './seeded.ts'

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })
const header = (page: Page) => page.locator('.profile-header')
const button = (page: Page, name: string) => header(page).getByRole('button', { name, exact: true })
const person = (world: DemoWorld, name: string) => world.accounts.find((a) => a.name === name)!

/** Logs in with the nsec from the login options (open already, or opened from the header). */
async function logIn(page: Page, nsec: string, options = dialog(page, 'Log in')) {
  if (!(await options.isVisible())) await page.getByRole('banner').getByLabel('Log in').click()
  await options.getByRole('button', { name: 'Nsec Secret Key' }).click()
  const nsecDialog = dialog(page, 'Nsec Secret Key')
  await nsecDialog.getByLabel('Secret key').fill(nsec)
  await nsecDialog.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible()
}

const withoutClient = (tags: string[][]) => tags.filter((tag) => tag[0] !== 'client')

/** "N followers" as the relay's contact lists say. */
const followersText = (relay: RelayHandle, pubkey: string) =>
  followersCountText(
    followersOf(
      pubkey,
      relay.events().filter((e) => e.kind === 3 && e.tags.some((t) => t[1] === pubkey)),
    ),
  )

/** The newest kind of the author once it is not `before` any more. */
async function replaced(relay: RelayHandle, kind: number, pubkey: string, before: NostrEvent) {
  await expect.poll(() => newestOf(relay, kind, pubkey).id).not.toBe(before.id)
  return newestOf(relay, kind, pubkey)
}

test('follow and unfollow: kind 3 read back with every other contact kept', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  const sven = person(world, 'sven') // the demo account does not follow sven
  const before = newestOf(relay, 3, me.pubkey)
  expect(before.tags.some((tag) => tag[1] === sven.pubkey)).toBe(false)
  const followers = followersText(relay, sven.pubkey)
  await openApp([relay], `/npub/${sven.npub}`)
  await logIn(page, me.nsec)
  await expect(header(page).getByRole('button', { name: followers })).toBeVisible()

  await button(page, 'Follow').click()
  // Shown at once: the button and sven's followers.
  await expect(button(page, 'Unfollow')).toBeVisible()
  await expect(header(page).getByRole('button', { name: /followers$/ })).not.toHaveText(followers)
  const followed = await replaced(relay, 3, me.pubkey, before)
  expect(followed.tags).toEqual([...before.tags, ['p', sven.pubkey]])
  expect(followed.content).toBe(before.content)
  await page.screenshot({ path: test.info().outputPath('social-followed.png') })

  await button(page, 'Unfollow').click()
  await expect(button(page, 'Follow')).toBeVisible()
  const unfollowed = await replaced(relay, 3, me.pubkey, followed)
  expect(unfollowed.tags).toEqual(before.tags)
  await expect(header(page).getByRole('button', { name: followers })).toBeVisible()
})

test('a visitor who clicks Follow gets the login options; the follow happens once logged in', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  const viktor = person(world, 'viktor')
  const before = newestOf(relay, 3, me.pubkey)
  await openApp([relay], `/npub/${viktor.npub}`)
  await expect(button(page, 'Mute')).toBeVisible()

  await button(page, 'Follow').click()
  const options = dialog(page, 'Log in to follow')
  await expect(options).toBeVisible()
  await logIn(page, me.nsec, options)
  await expect(button(page, 'Unfollow')).toBeVisible()
  const followed = await replaced(relay, 3, me.pubkey, before)
  expect(followed.tags).toEqual([...before.tags, ['p', viktor.pubkey]])
})

test('follow rolls back when every relay refuses: "Follow failed", the list untouched', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay({ faults: refuseWrites() })
  const me = world.demoAccount
  const sven = person(world, 'sven')
  const before = newestOf(relay, 3, me.pubkey)
  const followers = followersText(relay, sven.pubkey)
  await openApp([relay], `/npub/${sven.npub}`)
  await logIn(page, me.nsec)

  await button(page, 'Follow').click()
  const alert = header(page).getByRole('alert')
  await expect(alert.locator('.action-error-message')).toHaveText('Follow failed')
  await expect(alert.locator('.action-error-detail')).toHaveText(
    `Publish failed: ${relay.url}: ${REFUSAL}`,
  )
  // Rolled back, then fetched again: as the relay has it.
  await expect(button(page, 'Follow')).toBeVisible()
  await expect(header(page).getByRole('button', { name: followers })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('social-rolled-back.png') })
  expect(relay.stats().events).toBeGreaterThan(0)
  expect(newestOf(relay, 3, me.pubkey).id).toBe(before.id)

  await alert.getByRole('button', { name: 'Dismiss' }).click()
  await expect(alert).toBeHidden()
})

test('mute and unmute: kind 10000 read back, the mute list tab updated', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  const viktor = person(world, 'viktor') // not muted by the demo account (pablo is)
  const before = newestOf(relay, 10000, me.pubkey)
  await openApp([relay], `/npub/${viktor.npub}`)
  await logIn(page, me.nsec)

  await button(page, 'Mute').click()
  await expect(button(page, 'Unmute')).toBeVisible()
  const muted = await replaced(relay, 10000, me.pubkey, before)
  expect(muted.tags).toEqual([
    ...withoutClient(before.tags),
    ['p', viktor.pubkey],
    ['client', 'Plume'],
  ])

  // The user's own mute list tab shows viktor without asking again.
  await page.getByRole('link', { name: 'Your profile' }).click()
  await page
    .getByRole('navigation', { name: 'Profile sections' })
    .getByRole('link', {
      name: 'Mute list',
    })
    .click()
  const row = page
    .getByRole('list', { name: 'Muted people' })
    .locator(`[data-pubkey="${viktor.pubkey}"]`)
  await expect(row).toBeVisible()
  await row.getByRole('link').click()

  await button(page, 'Unmute').click()
  await expect(button(page, 'Mute')).toBeVisible()
  const unmuted = await replaced(relay, 10000, me.pubkey, muted)
  expect(withoutClient(unmuted.tags)).toEqual(withoutClient(before.tags))
})

test('edit profile: every field, checks kept inline, previews, NIP-05, kind 0 shown at once', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  const sven = person(world, 'sven')
  const profile = profileOf(relay, me.pubkey)
  const before = newestOf(relay, 0, me.pubkey)
  const server = await openApp([relay], `/npub/${sven.npub}?edit=true`)
  await logIn(page, me.nsec)
  // Someone else's profile is never edited, whatever the URL says.
  await expect(dialog(page, 'Edit profile')).toHaveCount(0)
  await expect(button(page, 'Edit profile')).toHaveCount(0)

  await page.getByRole('link', { name: 'Your profile' }).click()
  await button(page, 'Edit profile').click()
  await expect(page).toHaveURL(/[?&]edit=true/)
  const edit = dialog(page, 'Edit profile')
  await expect(edit.getByLabel('Display name')).toHaveValue(profile.display_name!)
  await expect(edit.getByLabel('Username')).toHaveValue(profile.name!)
  await expect(edit.getByLabel('About')).toHaveValue(profile.about!)
  await expect(edit.getByLabel('Website')).toHaveValue(profile.website!)
  await expect(edit.getByLabel('NIP-05 address')).toHaveValue(profile.nip05!)
  await expect(edit.getByLabel('Lightning address (LUD-16)')).toHaveValue(profile.lud16!)
  await expect(edit.getByLabel('LNURL (LUD-06)')).toHaveValue('')
  await expect(edit.getByRole('img', { name: 'Picture preview' })).toHaveAttribute(
    'src',
    profile.picture!,
  )
  await expect(edit.getByRole('img', { name: 'Banner preview' })).toHaveAttribute(
    'src',
    profile.banner!,
  )
  const host = new URL(server.url).host
  await expect(edit.locator('.nip05-check')).toHaveText(
    `✓ Verified: juniper@${host} points to this key`,
  )

  // Bad values: each field says why, nothing is lost, nothing is published.
  await edit.getByLabel('About').fill('A new about\nover two lines')
  await edit.getByLabel('Picture URL').fill('javascript:alert(1)')
  await edit.getByLabel('Lightning address (LUD-16)').fill('juniper')
  await edit.getByLabel('LNURL (LUD-06)').fill('lnurl1nope')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit.getByText('Picture must be an http or https URL')).toBeVisible()
  await expect(edit.getByText('Invalid LUD16 format')).toBeVisible()
  await expect(edit.getByText('Invalid LUD06 format')).toBeVisible()
  await expect(edit.getByLabel('Picture URL')).toBeFocused()
  await expect(edit.getByLabel('About')).toHaveValue('A new about\nover two lines')
  await expect(edit.getByRole('img', { name: 'Picture preview' })).toHaveCount(0)
  expect(newestOf(relay, 0, me.pubkey).id).toBe(before.id)

  const picture = profileOf(relay, sven.pubkey).picture!
  await edit.getByLabel('Picture URL').fill(picture)
  await expect(edit.getByRole('img', { name: 'Picture preview' })).toHaveAttribute('src', picture)
  await edit.getByLabel('Lightning address (LUD-16)').fill(profile.lud16!)
  await edit.getByLabel('LNURL (LUD-06)').fill('')
  await edit.getByLabel('Display name').fill('Juniper, edited')
  await edit.getByLabel('NIP-05 address').fill(`nobody@${host}`)
  await expect(edit.locator('.nip05-check')).toHaveText(
    `Not verified: nobody@${host} does not point to this key (yet)`,
  )
  await edit.getByLabel('NIP-05 address').fill(profile.nip05!)
  await page.screenshot({ path: test.info().outputPath('social-edit.png') })
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit.getByRole('list', { name: 'Relay answers' })).toHaveText(
    /^ws:\/\/127\.0\.0\.1:\d+\/? saved$/,
  )
  await expect(edit.getByText('Profile saved.')).toBeVisible()

  // The page behind shows it at once, with no reload; the relay holds it.
  await expect(header(page).getByRole('heading', { level: 1 })).toHaveText('Juniper, edited')
  await expect(header(page).locator('.profile-about')).toHaveText('A new about\nover two lines')
  await expect(header(page).locator('.profile-avatar img.avatar')).toHaveAttribute('src', picture)
  const saved = await replaced(relay, 0, me.pubkey, before)
  expect(JSON.parse(saved.content)).toEqual({
    ...profile,
    display_name: 'Juniper, edited',
    about: 'A new about\nover two lines',
    picture,
  })
  await edit.getByRole('button', { name: 'Done' }).click()
  await expect(page).not.toHaveURL(/edit=true/)
})

/**
 * The user's relay list (NIP-65, kind 10002) against real local relays: loaded at login, edited in
 * Relay Management, published 3 s after the last edit, kept per user across reloads, put back to
 * the defaults at sign-out, and never published from a public-key login. No trace of a secret key
 * may be left behind.
 */
import { bytesToHex } from '@noble/hashes/utils.js'
import type { Page } from '@playwright/test'
import { npubEncode, nsecEncode } from 'nostr-tools/nip19'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import type { RelayHandle } from '../peers/relay.ts'
import { expect, test } from './fixtures.ts'
import { findSecret, watchPage } from './secret-scan.ts'

const PASSPHRASE = 'correct horse battery'
const DEBOUNCE_MS = 3000

const openSettings = (page: Page) => page.getByRole('button', { name: 'Settings' }).click()
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })
const status = (page: Page) => page.getByTestId('relay-list-status')

/** Relay Management as the user sees it: [url, badge] in order. */
const relayRows = (page: Page) =>
  page
    .locator('.relay-setting')
    .evaluateAll((items) =>
      items.map((item) => [
        item.getAttribute('data-relay'),
        item.querySelector('.badge-button')?.textContent ?? null,
      ]),
    )

const permissionButton = (page: Page, url: string) =>
  page.locator(`.relay-setting[data-relay="${url}"] .badge-button`)

async function addRelay(page: Page, url: string) {
  await page.getByLabel('Add a relay').fill(url)
  await page.getByLabel('Add a relay').press('Enter')
}

/** The newest kind 10002 of `pubkey` a relay holds. */
const relayListOn = (relay: RelayHandle, pubkey: string): NostrEvent | undefined =>
  relay
    .events()
    .filter((event) => event.kind === 10002 && event.pubkey === pubkey)
    .sort((a, b) => b.created_at - a.created_at)[0]

const listOf = (key: Uint8Array, tags: string[][], ago = 3600) =>
  finalizeEvent(
    { kind: 10002, created_at: Math.floor(Date.now() / 1000) - ago, tags, content: '' },
    key,
  )

const storedRecord = (page: Page, pubkey: string) =>
  page.evaluate((key) => localStorage.getItem(key), `nostrRelays:${pubkey}`)

async function loginNsec(page: Page, key: Uint8Array, remember: boolean) {
  await page.getByRole('button', { name: 'Nsec Secret Key' }).click()
  const nsecDialog = dialog(page, 'Nsec Secret Key')
  await nsecDialog.getByLabel('Secret key').fill(nsecEncode(key))
  if (remember) {
    await nsecDialog.getByLabel('Remember on this device, encrypted with a passphrase').check()
    await nsecDialog.getByLabel('Passphrase (at least 8 characters)').fill(PASSPHRASE)
    await nsecDialog.getByLabel('Confirm passphrase').fill(PASSPHRASE)
  }
  await nsecDialog.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByTestId('key-status')).toHaveText('Key: Unlocked')
}

async function expectNoSecret(page: Page, key: Uint8Array, lines: string[], step: string) {
  expect(await findSecret(page, bytesToHex(key), lines), `secret left after: ${step}`).toEqual([])
}

test('a user’s relay list: loaded at login, edited, published 3 s later, kept per user, cleared at sign-out', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const home = await launchRelay()
  const second = await launchRelay({ seed: [] })
  const third = await launchRelay({ seed: [] })
  const user = generateSecretKey()
  const pubkey = getPublicKey(user)
  const published = listOf(user, [
    ['r', home.url],
    ['r', second.url, 'write'],
  ])
  await home.publish(published)
  const lines = watchPage(page)
  await openApp([home])
  await openSettings(page)
  await expect.poll(() => relayRows(page)).toEqual([[home.url, 'RW']])

  // (a) The list on the relay becomes the relay set, with its markers as badges.
  await loginNsec(page, user, true)
  await expect
    .poll(() => relayRows(page))
    .toEqual([
      [home.url, 'RW'],
      [second.url, 'W'],
    ])
  await expect(status(page)).toHaveText('')

  // (b) Edits: add a relay; write → readwrite → indexer → read. Stored at once, published once,
  // 3 s after the last edit, to the write relays.
  await addRelay(page, third.url)
  await expect(status(page)).toHaveText('Saving relay list…')
  for (const badge of ['RW', 'I', 'R']) {
    await permissionButton(page, second.url).click()
    await expect(permissionButton(page, second.url)).toHaveText(badge)
  }
  const editedAt = Date.now()
  const stored = JSON.parse((await storedRecord(page, pubkey)) ?? 'null')
  expect(stored).toMatchObject({
    relays: [
      { url: home.url, permission: 'readwrite' },
      { url: second.url, permission: 'read' },
      { url: third.url, permission: 'readwrite' },
    ],
    unpublished: true,
  })
  await expect
    .poll(() => relayListOn(home, pubkey)?.id, { timeout: 15_000, intervals: [100] })
    .not.toBe(published.id)
  const elapsed = Date.now() - editedAt
  expect(elapsed, 'published about 3 s after the last edit').toBeGreaterThanOrEqual(
    DEBOUNCE_MS - 500,
  )
  expect(elapsed).toBeLessThan(DEBOUNCE_MS + 5000)
  const edited = relayListOn(home, pubkey)!
  expect(edited.tags).toEqual([
    ['r', home.url],
    ['r', second.url, 'read'],
    ['r', third.url],
    ['client', 'Plume'],
  ])
  await expect(status(page)).toHaveText('Relay list published')
  // Every write relay has it, sent once; the relay now only read from does not.
  await expect.poll(() => relayListOn(third, pubkey)?.id).toBe(edited.id)
  expect(third.stats().events).toBe(1)
  expect(relayListOn(second, pubkey)).toBeUndefined()
  expect(JSON.parse((await storedRecord(page, pubkey)) ?? 'null')).toMatchObject({
    createdAt: edited.created_at,
    unpublished: false,
  })
  await expectNoSecret(page, user, lines, 'editing and publishing the relay list')

  // (c) A reload keeps the edited list (the key comes back locked). An edit while locked is
  // stored and waits for the key; unlocking publishes it.
  await page.reload()
  await expect(page.getByTestId('key-status')).toHaveText(/^Key: Locked/)
  await expect
    .poll(() => relayRows(page))
    .toEqual([
      [home.url, 'RW'],
      [second.url, 'R'],
      [third.url, 'RW'],
    ])
  await page.getByRole('button', { name: `Remove ${third.url}` }).click()
  await dialog(page, 'Remove relay').getByRole('button', { name: 'Remove' }).click()
  await expect
    .poll(() => relayRows(page))
    .toEqual([
      [home.url, 'RW'],
      [second.url, 'R'],
    ])
  await expect(status(page)).toHaveText(
    'Relay list saved on this device. Unlock your key to publish it.',
  )
  await page.waitForTimeout(DEBOUNCE_MS + 1000)
  expect(relayListOn(home, pubkey)?.id, 'nothing published while locked').toBe(edited.id)
  await page.getByRole('button', { name: 'Unlock key' }).click()
  const unlock = dialog(page, 'Unlock saved key')
  await unlock.getByLabel('Passphrase').fill(PASSPHRASE)
  await unlock.getByRole('button', { name: 'Unlock & Continue' }).click()
  await expect(page.getByTestId('key-status')).toHaveText('Key: Unlocked')
  await expect
    .poll(() => relayListOn(home, pubkey)?.tags)
    .toEqual([
      ['r', home.url],
      ['r', second.url, 'read'],
      ['client', 'Plume'],
    ])
  await expect(status(page)).toHaveText('Relay list published')
  await expectNoSecret(page, user, lines, 'reload, locked edit and unlock')

  // (d) Sign-out puts the defaults back; another user does not see the first one's list.
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await dialog(page, 'Sign out').getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect.poll(() => relayRows(page)).toEqual([[home.url, 'RW']])
  await expect(status(page)).toHaveText('')
  const other = generateSecretKey()
  await loginNsec(page, other, false)
  await page.waitForTimeout(1000) // their (absent) list has been asked for
  await expect.poll(() => relayRows(page)).toEqual([[home.url, 'RW']])
  expect(await storedRecord(page, getPublicKey(other))).toBeNull()
  expect(
    await storedRecord(page, pubkey),
    'the first user’s list stays on the device',
  ).not.toBeNull()
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await dialog(page, 'Sign out').getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Nsec Secret Key' })).toBeVisible()
  await expectNoSecret(page, user, lines, 'sign-out and another login')
  await expectNoSecret(page, other, lines, 'sign-out and another login')
})

test('a public-key login: edits are kept on the device and never published', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const home = await launchRelay()
  const second = await launchRelay({ seed: [] })
  const third = await launchRelay({ seed: [] })
  const user = generateSecretKey()
  const pubkey = getPublicKey(user)
  const published = listOf(user, [
    ['r', home.url],
    ['r', second.url, 'read'],
  ])
  await home.publish(published)
  await openApp([home])
  await openSettings(page)
  await page.getByLabel('Public key (read only)').fill(npubEncode(pubkey))
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByTestId('key-status')).toHaveText('Using Public Key Only')
  await expect
    .poll(() => relayRows(page))
    .toEqual([
      [home.url, 'RW'],
      [second.url, 'R'],
    ])

  await addRelay(page, third.url)
  await expect(status(page)).toHaveText(
    'Relay list saved on this device (public key only: not published)',
  )
  await page.waitForTimeout(DEBOUNCE_MS + 1500)
  expect(relayListOn(home, pubkey)?.id).toBe(published.id)
  expect(relayListOn(third, pubkey)).toBeUndefined()
  expect(third.stats().events).toBe(0)

  await page.reload()
  await expect(page.getByTestId('key-status')).toHaveText('Using Public Key Only')
  await expect
    .poll(() => relayRows(page))
    .toEqual([
      [home.url, 'RW'],
      [second.url, 'R'],
      [third.url, 'RW'],
    ])
  await expect(status(page)).toHaveText(
    'Relay list saved on this device (public key only: not published)',
  )
  expect(relayListOn(home, pubkey)?.id).toBe(published.id)
})

/**
 * The Cache section's clear actions (spec §2, §4): Clear Saved Keys names the keys and deletes
 * them; Clear Everything shows what the caches hold, then leaves no app data and logs out; Clear
 * Preferences brings back the default relays.
 */
import type { Page } from '@playwright/test'
import { shortNpub } from '../../src/core/people/profile.ts'
import { freePort } from '../peers/free-port.ts'
import { logIn, openWallet } from './cashu.ts'
import { expect, test } from './fixtures.ts'
import { logInWithNsec } from './login.ts'
import { watchNotices } from './notices.ts'
import { showEveryNote } from './plain-feed.ts'
import { newestOf } from './seeded.ts'

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })
const settingsButton = (page: Page) => page.getByRole('button', { name: 'Settings' })

interface StorageDump {
  local: string[]
  session: string[]
  /** "database/store": record keys. */
  records: Record<string, string[]>
  caches: string[]
}

/** Every key the page's storage holds. */
const dumpStorage = (page: Page): Promise<StorageDump> =>
  page.evaluate(async () => {
    const keysOf = (store: Storage) =>
      Array.from({ length: store.length }, (_, i) => store.key(i) ?? '').sort()
    const records: Record<string, string[]> = {}
    for (const { name } of await indexedDB.databases()) {
      // The service worker's cache expiry dates: it holds the database open.
      if (!name || name.startsWith('workbox-')) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      for (const store of [...db.objectStoreNames]) {
        records[`${name}/${store}`] = await new Promise<string[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAllKeys()
          request.onsuccess = () => resolve(request.result.map(String))
          request.onerror = () => reject(request.error)
        })
      }
      db.close()
    }
    return {
      local: keysOf(localStorage),
      session: keysOf(sessionStorage),
      records,
      caches: 'caches' in globalThis ? await caches.keys() : [],
    }
  })

test('Clear Saved Keys names the saved keys, deletes them, and the next visit is logged out', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const account = world.demoAccount
  await openApp([await launchRelay()])
  await logInWithNsec(page, account, { remember: true })

  await page.getByRole('button', { name: 'Clear Saved Keys' }).click()
  await expect(page).toHaveURL(/clearSavedKeys=true/)
  const confirm = dialog(page, 'Clear Saved Keys')
  await expect(confirm.getByRole('list', { name: 'Saved keys' })).toContainText(
    shortNpub(account.pubkey),
  )
  const notices = await watchNotices(page)
  await confirm.getByRole('button', { name: 'Clear Saved Keys' }).click()
  await expect(confirm).toHaveCount(0)
  await expect.poll(notices).toContain('Saved keys cleared')
  // The key in use stays in memory for this visit.
  await expect(page.getByTestId('key-status')).toHaveText('Key: Unlocked')
  const { records, local } = await dumpStorage(page)
  expect(records['nostr-feed/keystore']).toEqual([])
  expect(local).not.toContain('nostrSavedAccounts')

  await page.reload()
  await expect(page.getByRole('button', { name: 'Nsec Secret Key' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Login with Saved Account' })).toHaveCount(0)
})

test('Clear Everything shows items and size by group, names the keys, then leaves no app data', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const account = world.demoAccount
  const relay = await launchRelay()
  await openApp([relay], `/npub/${account.npub}`)
  await expect(page.getByRole('article').first()).toBeVisible()
  // What a new install writes by itself (the splash flag, scroll places): all that may remain.
  const fresh = await dumpStorage(page)
  fresh.session.push('plume-scroll-v1') // saved once the new page has been scrolled or left
  await logInWithNsec(page, account, { remember: true })
  // The persisted cache has been written (it saves 2 s after a change).
  await expect
    .poll(async () => (await dumpStorage(page)).records['keyval-store/keyval'] ?? [])
    .toEqual(['rq-cache-v1'])

  await page.getByRole('button', { name: 'Clear Everything' }).click()
  await expect(page).toHaveURL(/clearAllCaches=true/)
  const confirm = dialog(page, 'Clear Everything')
  await expect(confirm.getByTestId('cache-total')).toHaveText(
    /^[1-9]\d* items, about \d+(\.\d)? (B|KB|MB)$/,
  )
  for (const group of ['feed', 'metadata', 'contacts', 'thread', 'zap-totals', 'other']) {
    await expect(confirm.getByRole('rowheader', { name: group, exact: true })).toBeVisible()
  }
  const metadataRow = confirm
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'metadata' }) })
  await expect(metadataRow.getByRole('cell').first()).not.toHaveText('0')
  await expect(confirm.getByRole('list', { name: 'Saved keys' })).toContainText(
    shortNpub(account.pubkey),
  )
  await page.screenshot({ path: test.info().outputPath('clear-everything.png') })

  // With the relay gone, nothing new arrives to be cached after the fresh start.
  await relay.close()
  await confirm.getByRole('button', { name: 'Clear Everything' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(settingsButton(page)).toBeVisible()
  const after = await dumpStorage(page)
  expect(after.session.filter((key) => !fresh.session.includes(key))).toEqual([])
  expect(after.local.filter((key) => !fresh.local.includes(key))).toEqual([])
  for (const key of ['nostrPubkey', 'nostrSavedAccounts', 'nostrLoginMethod']) {
    expect([...after.local, ...after.session]).not.toContain(key)
  }
  expect(after.records['nostr-feed/keystore'] ?? []).toEqual([])
  // The offline shell and the relay configuration are the app's, the same for everyone.
  expect(after.caches.filter((name) => !/precache|config/.test(name))).toEqual([])
  // A fresh start may save an empty query cache; nothing from before survives in it.
  const saved = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('keyval-store')
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('keyval')) return resolve(0)
          const get = db.transaction('keyval').objectStore('keyval').get('rq-cache-v1')
          get.onsuccess = () => resolve(get.result?.clientState?.queries?.length ?? 0)
        }
      }),
  )
  expect(saved).toBe(0)
  // Logged out.
  await settingsButton(page).click()
  await expect(page.getByRole('button', { name: 'Nsec Secret Key' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Login with Saved Account' })).toHaveCount(0)
})

test('Clear Preferences also restores the default relays, and publishes them for a logged-in user', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const account = world.demoAccount
  const relay = await launchRelay()
  await openApp([relay])
  await logInWithNsec(page, account)

  const relays = page.getByRole('region', { name: 'Relay Management' })
  const extra = `ws://127.0.0.1:${await freePort()}`
  await relays.getByLabel('Add a relay').fill(extra)
  await relays.getByLabel('Add a relay').press('Enter')
  await expect(relays.getByRole('button', { name: extra, exact: true })).toBeVisible()
  const published = () =>
    newestOf(relay, 10002, account.pubkey)
      .tags.filter((tag) => tag[0] === 'r')
      .map((tag) => tag[1])
  // The edit is published 3 s after it, as every relay-list change is.
  await expect.poll(published).toContain(extra)

  await page.getByRole('button', { name: 'Clear Preferences' }).click()
  const notices = await watchNotices(page)
  await dialog(page, 'Clear Preferences').getByRole('button', { name: 'Clear Preferences' }).click()
  await expect.poll(notices).toContain('Preferences cleared')
  await expect(relays.getByRole('button', { name: extra, exact: true })).toHaveCount(0)
  await expect(relays.getByRole('button', { name: relay.url, exact: true })).toBeVisible()
  await expect.poll(published).toEqual([relay.url])
})

test('Clear Cache (the default confirm modal) and Clear Contacts Cache forget, and what is shown comes back', async ({
  page,
  launchRelay,
  openApp,
}) => {
  // The feed first: its authors' profiles stay cached, unseen, once a profile is opened.
  await showEveryNote(page)
  await openApp([await launchRelay()])
  const articles = page.getByRole('feed').getByRole('article')
  await expect.poll(() => articles.count()).toBeGreaterThan(2)
  await articles.first().locator('.note-author a').click()
  await expect(page).toHaveURL(/\/npub\//)
  const name = page.getByRole('heading', { level: 1 })
  await expect(name).toHaveText(/^(?!npub1)/) // the profile's name, once its metadata is in
  const shownName = (await name.textContent()) ?? ''
  await settingsButton(page).click()
  const figures = page.getByTestId('memory-info')
  await expect(figures).toHaveText(/^[1-9]\d* cached items/)
  const before = (await figures.textContent()) ?? ''

  await page.getByRole('button', { name: 'Clear Cache', exact: true }).click()
  await expect(page).toHaveURL(/clearCache=true/)
  const confirm = dialog(page, 'Clear Cache')
  await expect(confirm.getByRole('button')).toHaveText(['Close', 'Cancel', 'Clear Cache'])
  const notices = await watchNotices(page)
  await confirm.getByRole('button', { name: 'Clear Cache' }).click()
  await expect(confirm).toHaveCount(0)
  // Said where the user is, with the figures read again at once (not at the next 5 s reading).
  await expect.poll(notices).toContain('Cache cleared: profiles and threads')
  await expect(figures).not.toHaveText(before, { timeout: 2_000 })

  await page.getByRole('button', { name: 'Clear Contacts Cache' }).click()
  await dialog(page, 'Clear Contacts Cache')
    .getByRole('button', { name: 'Clear Contacts Cache' })
    .click()
  await expect(dialog(page, 'Clear Contacts Cache')).toHaveCount(0)
  await expect.poll(notices).toContain('Contacts cache cleared: follow lists and followers')
  await page.getByRole('button', { name: 'Back', exact: true }).click()
  // The profile on screen was fetched again.
  await expect(name).toHaveText(shownName)
})

test('Clear Everything refuses while the only copy of the recovery phrase is not written down', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  await openApp([await launchRelay()])
  await logIn(page, world.demoAccount)
  await openWallet(page)
  await page.getByRole('button', { name: 'Create wallet' }).click()
  await expect(page.getByTestId('cashu-words').locator('li')).toHaveCount(12)
  // The phrase is shown, and not yet confirmed as written down.
  await settingsButton(page).click()
  await page.getByRole('button', { name: 'Clear Everything' }).click()
  const confirm = dialog(page, 'Clear Everything')
  await expect(confirm.getByRole('alert')).toHaveText(
    'Your wallet recovery phrase is only on this device and not confirmed as written down: open the wallet and write it down first.',
  )
  await expect(confirm.getByRole('button', { name: 'Clear Everything' })).toBeDisabled()
  await page.setViewportSize({ width: 390, height: 844 })
  // A phone's width: the refusal reads whole.
  await page.screenshot({ path: test.info().outputPath('clear-everything-refusal.png') })

  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'I have written them down' }).click()
  await settingsButton(page).click()
  await page.getByRole('button', { name: 'Clear Everything' }).click()
  await expect(
    dialog(page, 'Clear Everything').getByRole('button', { name: 'Clear Everything' }),
  ).toBeEnabled()
  await expect(dialog(page, 'Clear Everything').getByRole('alert')).toHaveCount(0)
})

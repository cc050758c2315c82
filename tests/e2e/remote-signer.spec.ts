/**
 * A remote signer (NIP-46) across reloads: the app talks to the bunker on the bunker's own relays,
 * keeps the session sealed on the device, resumes it after a reload without a new `connect`, and
 * forgets it on sign out. A session that cannot be resumed signs out, saying why; one whose signer
 * is out of reach signs out for now and is tried again at the next start. The session's client key
 * is never left anywhere in the clear.
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import type { Page } from '@playwright/test'
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { REMOTE_TIMEOUT_MESSAGE } from '../../src/actors/identity/signers/remote-timeout.ts'
import { shortNpub } from '../../src/core/people/profile.ts'
import { remoteUnreachableMessage } from '../../src/machines/login.machine.ts'
import type { RelayHandle } from '../peers/relay.ts'
import { startRemoteSigner } from '../peers/remote-signer.ts'
import { expect, test } from './fixtures.ts'
import { holdConfig } from './held-config.ts'
import { findSecret, keptClientKey, type Sought, watchPage, watchRequests } from './secret-scan.ts'
import { controlled, reloadOffline } from './service-worker.ts'

const keyStatus = (page: Page) => page.getByTestId('key-status')
const openSettings = (page: Page) => page.getByRole('button', { name: 'Settings' }).click()
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })
const restoreFailed = (cause: string) =>
  `Your remote signer session could not be restored: ${cause}. Please log in again.`
const storedLogin = (page: Page) =>
  page.evaluate(() => ({
    pubkey: localStorage.getItem('nostrPubkey'),
    method: sessionStorage.getItem('nostrLoginMethod'),
  }))

async function logInWithBunker(page: Page, bunkerUri: string) {
  await page.getByRole('button', { name: 'Log in' }).click()
  const options = dialog(page, 'Log in')
  await options.getByLabel('Remote signer (NIP-46)').fill(bunkerUri)
  await options.getByRole('button', { name: 'Connect', exact: true }).click()
  await expect(options).toHaveCount(0)
}

async function expectNoSecret(page: Page, secretHex: Sought, lines: string[], step: string) {
  expect(await findSecret(page, secretHex, lines), `secret left behind after: ${step}`).toEqual([])
}

/** Log in, reload (still in, same client), a new browser session (still in), sign out, reload (out). */
async function survivesReload(
  page: Page,
  openApp: (relays: RelayHandle[]) => Promise<unknown>,
  appRelays: RelayHandle[],
  bunkerRelay: RelayHandle,
) {
  // A login, three reloads each resuming over NIP-46, and a sign out: ~20 s idle, 50 s measured
  // on a loaded machine.
  test.setTimeout(120_000)
  const consoleLines = watchPage(page)
  const traffic = watchRequests(page)
  const lines = () => [...consoleLines, ...traffic]
  const userKey = generateSecretKey()
  const userPubkey = getPublicKey(userKey)
  const signer = await startRemoteSigner({
    relayUrl: bunkerRelay.url,
    userKey,
    secret: 'one-time-7c1e',
  })
  try {
    await openApp(appRelays)
    await logInWithBunker(page, signer.bunkerUri)
    await openSettings(page)
    await expect(keyStatus(page)).toHaveText('Using Remote Signer')
    const clientKey = await keptClientKey(page)
    expect(clientKey).toMatch(/^[0-9a-f]{64}$/)
    const clientPubkey = getPublicKey(hexToBytes(clientKey ?? ''))
    expect(signer.clients()).toEqual([clientPubkey])
    await expectNoSecret(page, clientKey ?? '', lines(), 'remote login')
    await expectNoSecret(page, bytesToHex(userKey), lines(), 'remote login')
    // The bunker URI's one-time secret (NIP-46) is kept nowhere in the clear either.
    await expectNoSecret(page, { text: 'one-time-7c1e' }, lines(), 'remote login')

    // A reload resumes the kept session: the same client, no second connect.
    await page.reload()
    await expect(keyStatus(page)).toHaveText('Using Remote Signer')
    await expect(dialog(page, 'Settings')).toContainText(shortNpub(userPubkey))
    expect(signer.requests().filter((method) => method === 'connect')).toEqual(['connect'])
    expect(signer.requests().filter((method) => method === 'get_public_key')).toHaveLength(2)
    expect(signer.clients()).toEqual([clientPubkey])
    await expectNoSecret(page, clientKey ?? '', lines(), 'reload')
    await expectNoSecret(page, { text: 'one-time-7c1e' }, lines(), 'reload')

    // A new browser session forgets the login method: the kept session still says it was remote.
    await page.evaluate(() => sessionStorage.clear())
    await page.reload()
    await expect(keyStatus(page)).toHaveText('Using Remote Signer')
    expect(signer.requests().filter((method) => method === 'connect')).toEqual(['connect'])
    expect(signer.clients()).toEqual([clientPubkey])

    // Sign out: the signer is told, the kept session goes, and a reload stays signed out.
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await dialog(page, 'Sign out').getByRole('button', { name: 'Sign out', exact: true }).click()
    await expect(page.getByRole('button', { name: 'Nsec Secret Key' })).toBeVisible()
    await expect.poll(() => signer.requests()).toContain('logout')
    await expect.poll(() => keptClientKey(page)).toBeNull()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Nsec Secret Key' })).toBeVisible()
    await expect(keyStatus(page)).toHaveCount(0)
    expect(signer.requests().filter((method) => method === 'get_public_key')).toHaveLength(3)
    await expectNoSecret(page, clientKey ?? '', lines(), 'sign out and reload')
  } finally {
    await signer.close()
  }
}

test('a bunker on a relay the app does not list: logged in across a reload, then out', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const appRelay = await launchRelay()
  const bunkerRelay = await launchRelay({ seed: [] })
  await survivesReload(page, openApp, [appRelay], bunkerRelay)
})

test('a kept session resumes before the relays run: its requests reach the bunker once they do', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const appRelay = await launchRelay()
  const bunkerRelay = await launchRelay({ seed: [] })
  const signer = await startRemoteSigner({
    relayUrl: bunkerRelay.url,
    userKey: generateSecretKey(),
  })
  try {
    await openApp([appRelay], '/', { inlineConfig: false })
    await logInWithBunker(page, signer.bunkerUri)
    // The relays start with the configuration: held back, the login's resume goes first.
    await holdConfig(page, 1500)
    await page.evaluate(() => sessionStorage.clear())
    await page.reload()
    await openSettings(page)
    await expect(keyStatus(page)).toHaveText('Using Remote Signer')
    expect(signer.requests().filter((method) => method === 'get_public_key')).toHaveLength(2)
  } finally {
    await signer.close()
  }
})

test('a bunker on one of the pool relays: logged in across a reload, then out', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const appRelay = await launchRelay()
  const bunkerRelay = await launchRelay({ seed: [] })
  await survivesReload(page, openApp, [appRelay, bunkerRelay], bunkerRelay)
})

test('a signer that no longer accepts this app: the reload signs out, saying why', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const userKey = generateSecretKey()
  const signerKey = generateSecretKey()
  const first = await startRemoteSigner({ relayUrl: relay.url, userKey, signerKey, secret: 'a' })
  await openApp([relay])
  await logInWithBunker(page, first.bunkerUri)
  await first.close()
  // The same signer restarted with a new secret: it forgot this app and refuses the old secret.
  const restarted = await startRemoteSigner({
    relayUrl: relay.url,
    userKey,
    signerKey,
    secret: 'b',
  })
  try {
    await page.reload()
    const options = dialog(page, 'Log in')
    await expect(options.getByRole('alert')).toHaveText(
      restoreFailed('Remote signer refused the connection: invalid secret'),
    )
    expect(restarted.requests()).toEqual(['get_public_key', 'connect'])
    await expect.poll(() => keptClientKey(page)).toBeNull()
    // Signed out for good: the next start asks nothing.
    await options.getByRole('button', { name: 'Close' }).click()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
    await expect(dialog(page, 'Log in')).toHaveCount(0)
    expect(restarted.requests()).toEqual(['get_public_key', 'connect'])
  } finally {
    await restarted.close()
  }
})

test('a signer out of reach: the reload signs out for now, and the next start resumes the login', async ({
  page,
  launchRelay,
  openApp,
}) => {
  // The reload waits out the request's 30 s timeout.
  test.setTimeout(120_000)
  const consoleLines = watchPage(page)
  const traffic = watchRequests(page)
  const relay = await launchRelay()
  const userKey = generateSecretKey()
  const userPubkey = getPublicKey(userKey)
  const signerKey = generateSecretKey()
  const keys = { relayUrl: relay.url, userKey, signerKey, secret: 'kept-3b9d' }
  const first = await startRemoteSigner(keys)
  await openApp([relay])
  await logInWithBunker(page, first.bunkerUri)
  const clientKey = (await keptClientKey(page)) ?? ''
  const clientPubkey = getPublicKey(hexToBytes(clientKey))
  await first.close()

  await page.reload()
  const options = dialog(page, 'Log in')
  await expect(options.getByRole('alert')).toHaveText(
    remoteUnreachableMessage(REMOTE_TIMEOUT_MESSAGE),
    { timeout: 45_000 },
  )
  expect(remoteUnreachableMessage(REMOTE_TIMEOUT_MESSAGE)).toBe(
    'Your remote signer could not be reached (Remote signer did not respond in time). Your login is kept: reload to try again, or log in another way.',
  )
  // Signed out for now; the login and its session stay for the next start.
  await options.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
  expect(await keptClientKey(page)).toBe(clientKey)
  expect(await storedLogin(page)).toEqual({ pubkey: userPubkey, method: 'remote' })

  // The signer is back (it lost the session: the kept secret opens it again, same client).
  const restarted = await startRemoteSigner(keys)
  try {
    await page.reload()
    await openSettings(page)
    await expect(keyStatus(page)).toHaveText('Using Remote Signer', { timeout: 15_000 })
    await expect(dialog(page, 'Settings')).toContainText(shortNpub(userPubkey))
    expect(restarted.requests()).toEqual(['get_public_key', 'connect', 'get_public_key'])
    expect(restarted.clients()).toEqual([clientPubkey])
    expect(await keptClientKey(page)).toBe(clientKey)
    await expectNoSecret(page, clientKey, [...consoleLines, ...traffic], 'signer out of reach')
  } finally {
    await restarted.close()
  }
})

test('offline at the start: the login waits for the network, then resumes', async ({
  page,
  context,
  launchRelay,
  openApp,
}) => {
  test.setTimeout(90_000)
  const relay = await launchRelay()
  const signer = await startRemoteSigner({ relayUrl: relay.url, userKey: generateSecretKey() })
  try {
    await openApp([relay])
    await controlled(page)
    await logInWithBunker(page, signer.bunkerUri)
    const clientKey = await keptClientKey(page)
    const asked = signer.requests().length

    // The service worker serves the reload; nothing is asked while the browser is offline.
    await context.setOffline(true)
    await reloadOffline(page)
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()
    await page.waitForTimeout(2000)
    expect(signer.requests()).toHaveLength(asked)
    await expect(dialog(page, 'Log in')).toHaveCount(0)

    await context.setOffline(false)
    await openSettings(page)
    await expect(keyStatus(page)).toHaveText('Using Remote Signer', { timeout: 30_000 })
    expect(signer.requests().slice(asked)).toEqual(['get_public_key'])
    expect(await keptClientKey(page)).toBe(clientKey)
  } finally {
    await context.setOffline(false)
    await signer.close()
  }
})

test('a kept session that is damaged or gone: the reload signs out, saying why', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const signer = await startRemoteSigner({ relayUrl: relay.url, userKey: generateSecretKey() })
  const entry = (change: 'damage' | 'delete') =>
    page.evaluate(async (what) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('plume-remote-signer')
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      const store = db.transaction('session', 'readwrite').objectStore('session')
      await new Promise<void>((resolve, reject) => {
        const read = store.get('session')
        read.onsuccess = () => {
          const kept = read.result as { ciphertext: Uint8Array }
          const ciphertext = Uint8Array.from(kept.ciphertext)
          ciphertext[0] = (ciphertext[0] ?? 0) ^ 1
          const write =
            what === 'damage'
              ? store.put({ ...kept, ciphertext }, 'session')
              : store.delete('session')
          write.onsuccess = () => resolve()
          write.onerror = () => reject(write.error)
        }
        read.onerror = () => reject(read.error)
      })
      db.close()
    }, change)
  try {
    await openApp([relay])
    await logInWithBunker(page, signer.bunkerUri)
    await entry('damage')
    await page.reload()
    const options = dialog(page, 'Log in')
    await expect(options.getByRole('alert')).toHaveText(
      restoreFailed('its record on this device could not be read'),
    )
    // Logged in again from the open gate; then the record goes missing.
    await options.getByLabel('Remote signer (NIP-46)').fill(signer.bunkerUri)
    await options.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(options).toHaveCount(0)
    await entry('delete')
    await page.reload()
    await expect(dialog(page, 'Log in').getByRole('alert')).toHaveText(
      restoreFailed('it is no longer kept on this device'),
    )
  } finally {
    await signer.close()
  }
})

test('Clear Everything forgets the kept session with the rest', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const signer = await startRemoteSigner({ relayUrl: relay.url, userKey: generateSecretKey() })
  try {
    await openApp([relay])
    await logInWithBunker(page, signer.bunkerUri)
    await openSettings(page)
    await expect(keyStatus(page)).toHaveText('Using Remote Signer')
    expect(await keptClientKey(page)).toMatch(/^[0-9a-f]{64}$/)
    await page.getByRole('button', { name: 'Clear Everything' }).click()
    await dialog(page, 'Clear Everything').getByRole('button', { name: 'Clear Everything' }).click()
    await expect(page).toHaveURL(/\/$/)
    expect(await keptClientKey(page)).toBeNull()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
    expect(await keptClientKey(page)).toBeNull()
    expect(signer.requests().filter((method) => method === 'get_public_key')).toHaveLength(1)
  } finally {
    await signer.close()
  }
})

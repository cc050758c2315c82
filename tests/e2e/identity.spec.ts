/**
 * Logging in every way, persisting, reloading, unlocking, viewing the nsec and signing out both
 * ways; after every step no trace of the secret may be left in storage, the URL or the console.
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import type { Page } from '@playwright/test'
import { nsecEncode } from 'nostr-tools/nip19'
import { encrypt as ncryptsecEncrypt } from 'nostr-tools/nip49'
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { shortNpub } from '../../src/core/people/profile.ts'
import { startRemoteSigner } from '../peers/remote-signer.ts'
import { expect, test } from './fixtures.ts'
import { findSecret, keptClientKey, watchPage } from './secret-scan.ts'

const PASSPHRASE = 'correct horse battery'

const keyStatus = (page: Page) => page.getByTestId('key-status')
const openSettings = (page: Page) => page.getByRole('button', { name: 'Settings' }).click()
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })

/** Settings, then the nsec login modal. */
async function openNsecLogin(page: Page) {
  await openSettings(page)
  await page.getByRole('button', { name: 'Nsec Secret Key' }).click()
  return dialog(page, 'Nsec Secret Key')
}

/** Neither the key nor the passphrase of these journeys (NIP-49) is left anywhere. */
async function expectNoSecret(page: Page, secretHex: string, consoleLines: string[], step: string) {
  expect(
    await findSecret(page, secretHex, consoleLines),
    `secret left behind after: ${step}`,
  ).toEqual([])
  expect(
    await findSecret(page, { text: PASSPHRASE }, consoleLines),
    `passphrase left behind after: ${step}`,
  ).toEqual([])
}

test('the secret scan finds a key wherever it is left, in any encoding', async ({
  page,
  launchRelay,
  openApp,
}) => {
  await openApp([await launchRelay()])
  const secret = bytesToHex(generateSecretKey())
  const lines = watchPage(page)
  await page.evaluate(
    (nsec) => sessionStorage.setItem('leak', nsec),
    nsecEncode(hexToBytes(secret)),
  )
  expect(await findSecret(page, secret, lines)).not.toEqual([])
  await page.evaluate(() => sessionStorage.clear())
  await page.evaluate((hex) => console.log(`oops ${hex.toUpperCase()}`), secret)
  expect(await findSecret(page, secret, lines)).not.toEqual([])
})

test('nsec: log in, save under a passphrase, reload locked, unlock, view, sign out both ways', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  // Eight scrypt runs at log_n 16 (the save, two unlocks, two views, the export, two saved-account
  // logins): 23 to 35 s on an idle host, 56 s with both cores busy, past 72 s busier still.
  test.setTimeout(150_000)
  const account = world.demoAccount
  const lines = watchPage(page)
  await openApp([await launchRelay()])

  // Wrong inputs first: the spec's messages, nothing logged in.
  const nsecDialog = await openNsecLogin(page)
  await nsecDialog.getByLabel('Secret key').fill('nsec1notakey')
  await nsecDialog.getByRole('button', { name: 'Log in' }).click()
  await expect(nsecDialog.getByRole('alert')).toHaveText('Invalid nsec format')
  await nsecDialog.getByLabel('Secret key').fill('abc123')
  await nsecDialog.getByRole('button', { name: 'Log in' }).click()
  await expect(nsecDialog.getByRole('alert')).toHaveText('Invalid secret key format')

  await nsecDialog.getByLabel('Secret key').fill(account.nsec)
  await nsecDialog.getByLabel('Remember on this device, encrypted with a passphrase').check()
  await nsecDialog.getByLabel('Passphrase (at least 8 characters)').fill('short')
  await nsecDialog.getByLabel('Confirm passphrase').fill('short')
  await nsecDialog.getByRole('button', { name: 'Log in' }).click()
  await expect(nsecDialog.getByRole('alert')).toHaveText('Passphrase must be at least 8 characters')
  await nsecDialog.getByLabel('Passphrase (at least 8 characters)').fill(PASSPHRASE)
  await nsecDialog.getByLabel('Confirm passphrase').fill(`${PASSPHRASE}!`)
  await nsecDialog.getByRole('button', { name: 'Log in' }).click()
  await expect(nsecDialog.getByRole('alert')).toHaveText('Passphrases do not match')
  await nsecDialog.getByLabel('Confirm passphrase').fill(PASSPHRASE)
  await nsecDialog.getByRole('button', { name: 'Log in' }).click()
  await expect(keyStatus(page)).toHaveText('Key: Unlocked')
  await expect(page.getByRole('button', { name: 'View nsec' })).toBeVisible() // saved by now
  await expectNoSecret(page, account.secretKeyHex, lines, 'nsec login with a saved key')

  // A reload keeps the account but not the key: it comes back locked.
  await page.reload()
  await expect(keyStatus(page)).toHaveText(/^Key: Locked/)
  await page.getByRole('button', { name: 'Unlock key' }).click()
  const unlock = dialog(page, 'Unlock saved key')
  await unlock.getByLabel('Passphrase').fill('wrong passphrase')
  await unlock.getByRole('button', { name: 'Unlock & Continue' }).click()
  await expect(unlock.getByRole('alert')).toHaveText(
    'Incorrect passphrase. Please check your passphrase and try again.',
  )
  await unlock.getByLabel('Passphrase').fill(PASSPHRASE)
  await unlock.getByRole('button', { name: 'Unlock & Continue' }).click()
  await expect(keyStatus(page)).toHaveText('Key: Unlocked')
  await expectNoSecret(page, account.secretKeyHex, lines, 'reload and unlock')

  // View nsec needs the passphrase again; export an ncryptsec while it is shown.
  await page.getByRole('button', { name: 'View nsec' }).click()
  const view = dialog(page, 'View nsec')
  await view.getByLabel('Passphrase').fill('wrong passphrase')
  await view.getByRole('button', { name: 'Show nsec' }).click()
  await expect(view.getByRole('alert')).toHaveText(
    'Invalid passphrase or no saved secret for this account',
  )
  await view.getByLabel('Passphrase').fill(PASSPHRASE)
  await view.getByRole('button', { name: 'Show nsec' }).click()
  await expect(view.getByTestId('revealed-nsec')).toHaveText(account.nsec)
  await view.getByLabel('Export as ncryptsec (NIP-49): passphrase').fill(PASSPHRASE)
  await view.getByRole('button', { name: 'Export ncryptsec' }).click()
  await expect(view.getByTestId('ncryptsec')).toHaveText(/^ncryptsec1/)
  await view.getByRole('button', { name: 'Close' }).click()
  await expectNoSecret(page, account.secretKeyHex, lines, 'view nsec')

  // Sign out, keeping the saved key: the passphrase brings the account back.
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await dialog(page, 'Sign out').getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Login with Saved Account' })).toBeVisible()
  await expectNoSecret(page, account.secretKeyHex, lines, 'sign out keeping the key')
  await page.getByRole('button', { name: 'Login with Saved Account' }).click()
  const saved = dialog(page, 'Saved Accounts')
  await saved.getByRole('button', { name: 'Unlock & Login' }).click()
  await expect(saved.getByRole('alert')).toHaveText('Enter your passphrase')
  // The saved-account login words a wrong passphrase its own way (spec §8), not as the unlock modal.
  await saved.getByLabel('Passphrase').fill('wrong passphrase')
  await saved.getByRole('button', { name: 'Unlock & Login' }).click()
  await expect(saved.getByRole('alert')).toHaveText('Invalid passphrase or no saved account')
  await saved.getByLabel('Passphrase').fill(PASSPHRASE)
  await saved.getByRole('button', { name: 'Unlock & Login' }).click()
  await expect(keyStatus(page)).toHaveText('Key: Unlocked')

  // Sign out deleting the key: the full nsec is asked for, and the saved account is gone.
  await page.getByRole('button', { name: 'Sign Out' }).click()
  const signOut = dialog(page, 'Sign out')
  await signOut
    .getByLabel('To also delete the saved key, type your full nsec')
    .fill(nsecEncode(generateSecretKey()))
  await signOut.getByRole('button', { name: 'Sign out and delete saved key' }).click()
  await expect(signOut.getByRole('alert')).toHaveText('The secret key does not match this account')
  await signOut.getByLabel('To also delete the saved key, type your full nsec').fill(account.nsec)
  await signOut.getByRole('button', { name: 'Sign out and delete saved key' }).click()
  await expect(page.getByRole('button', { name: 'Nsec Secret Key' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Login with Saved Account' })).toHaveCount(0)
  await expectNoSecret(page, account.secretKeyHex, lines, 'sign out deleting the key')
})

test('an nsec kept in memory is saved later under a passphrase, and comes back locked', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const secret = generateSecretKey()
  const lines = watchPage(page)
  await openApp([await launchRelay()])
  const nsecDialog = await openNsecLogin(page)
  await nsecDialog.getByLabel('Secret key').fill(nsecEncode(secret))
  await nsecDialog.getByRole('button', { name: 'Log in' }).click()
  await expect(keyStatus(page)).toHaveText('Key: Unlocked')
  await expect(page.getByRole('button', { name: 'View nsec' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Save key on this device' }).click()
  await expect(page).toHaveURL(/passphrasePrompt=true/)
  const save = dialog(page, 'Save key on this device')
  const passphrase = save.getByLabel('Passphrase (at least 8 characters)')
  const confirmation = save.getByLabel('Confirm passphrase')
  await passphrase.fill('short')
  await confirmation.fill('short')
  await save.getByRole('button', { name: 'Save key' }).click()
  await expect(save.getByRole('alert')).toHaveText('Passphrase must be at least 8 characters')
  await passphrase.fill(PASSPHRASE)
  await confirmation.fill(`${PASSPHRASE}!`)
  await save.getByRole('button', { name: 'Save key' }).click()
  await expect(save.getByRole('alert')).toHaveText('Passphrases do not match')
  await expect(passphrase).toHaveValue(PASSPHRASE)
  await page.screenshot({ path: test.info().outputPath('save-key.png') })
  await confirmation.fill(PASSPHRASE)
  await save.getByRole('button', { name: 'Save key' }).click()
  await expect(save).toHaveCount(0)
  await expect(page).not.toHaveURL(/passphrasePrompt/)
  await expect(page.getByRole('button', { name: 'View nsec' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save key on this device' })).toHaveCount(0)
  await expectNoSecret(page, bytesToHex(secret), lines, 'saving a key kept in memory')

  // Reloaded, the key is locked: a link to the prompt has nothing to save and closes.
  await page.goto(new URL('/?settings=true&passphrasePrompt=true', page.url()).href)
  await expect(keyStatus(page)).toHaveText(/^Key: Locked/)
  await expect(page).not.toHaveURL(/passphrasePrompt/)
  await expect(save).toHaveCount(0)
  await page.getByRole('button', { name: 'Unlock key' }).click()
  const unlock = dialog(page, 'Unlock saved key')
  await unlock.getByLabel('Passphrase').fill(PASSPHRASE)
  await unlock.getByRole('button', { name: 'Unlock & Continue' }).click()
  await expect(keyStatus(page)).toHaveText('Key: Unlocked')
  await expectNoSecret(page, bytesToHex(secret), lines, 'reload and unlock the key saved later')
})

test('ncryptsec: log in with a NIP-49 encrypted key', async ({ page, launchRelay, openApp }) => {
  const secret = generateSecretKey()
  const lines = watchPage(page)
  await openApp([await launchRelay()])
  // The logged-in header's code loads while Settings or the dialog is open, not in the login's
  // render.
  const headerCode = page.waitForRequest(/\/NotificationsSquare-[\w-]+\.js$/, { timeout: 10_000 })
  const nsecDialog = await openNsecLogin(page)
  await headerCode
  await nsecDialog.getByLabel('Secret key').fill(ncryptsecEncrypt(secret, PASSPHRASE, 16))
  await nsecDialog.getByLabel('Passphrase of this ncryptsec').fill('not the passphrase')
  await nsecDialog.getByRole('button', { name: 'Log in' }).click()
  await expect(nsecDialog.getByRole('alert')).toHaveText('Incorrect passphrase for this ncryptsec')
  await nsecDialog.getByLabel('Passphrase of this ncryptsec').fill(PASSPHRASE)
  // Every frame drawn from now on: whether the dialog is open, whether an account shows.
  await page.evaluate(() => {
    const frames: string[] = []
    Object.assign(window, { loginFrames: frames })
    const draw = () => {
      const open = [...document.querySelectorAll('dialog[open] h2')].some(
        (title) => title.textContent === 'Nsec Secret Key',
      )
      frames.push(
        `dialog ${open}, account ${document.querySelector('[data-testid=key-status]') !== null}`,
      )
      if (frames.length < 600) requestAnimationFrame(draw)
    }
    requestAnimationFrame(draw)
  })
  await nsecDialog.getByRole('button', { name: 'Log in' }).click()
  await expect(keyStatus(page)).toHaveText('Key: Unlocked')
  await expect(page.getByRole('dialog', { name: 'Settings' })).toContainText(
    shortNpub(getPublicKey(secret)),
  )
  await expect(page).not.toHaveURL(/nsecLogin/)
  // The dialog goes in the frame that shows the account, never over it.
  const frames = await page.evaluate(() => (window as { loginFrames?: string[] }).loginFrames)
  expect(new Set(frames)).toEqual(
    new Set(['dialog true, account false', 'dialog false, account true']),
  )
  await expectNoSecret(page, bytesToHex(secret), lines, 'ncryptsec login')
})

test('npub: public key only, read only, survives a reload', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  await openApp([await launchRelay()])
  await openSettings(page)
  const input = page.getByLabel('Public key (read only)')
  await input.fill('npub1nonsense')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid pubkey or npub')
  // No clipboard at all (a page not served securely): the message, not a silent failure.
  await page.evaluate(() =>
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }),
  )
  await page.getByRole('button', { name: 'Paste Clipboard' }).click()
  await expect(page.getByRole('alert')).toHaveText('Failed to read clipboard')
  await expect(input).toHaveValue('npub1nonsense')
  // Allowed to read it, Paste fills the field.
  await page.reload()
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  const npub = world.accounts[2]!.npub
  await page.evaluate((text) => navigator.clipboard.writeText(` ${text}\n`), npub)
  await page.getByRole('button', { name: 'Paste Clipboard' }).click()
  await expect(input).toHaveValue(npub)
  await expect(page.getByRole('alert')).toHaveCount(0)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(keyStatus(page)).toHaveText('Using Public Key Only')
  await page.reload()
  await expect(keyStatus(page)).toHaveText('Using Public Key Only')
})

test('NIP-07: log in through a browser extension', async ({ page, launchRelay, openApp }) => {
  const secret = generateSecretKey()
  // The extension lives in the test process; the page sees the NIP-07 interface.
  await page.exposeFunction('__extensionSign', (template: string) =>
    JSON.stringify(finalizeEvent(JSON.parse(template), secret)),
  )
  await page.addInitScript((pubkey) => {
    const sign = (window as unknown as { __extensionSign(t: string): Promise<string> })
      .__extensionSign
    Object.assign(window, {
      nostr: {
        getPublicKey: async () => pubkey,
        signEvent: async (template: unknown) => JSON.parse(await sign(JSON.stringify(template))),
      },
    })
  }, getPublicKey(secret))
  const lines = watchPage(page)
  await openApp([await launchRelay()])
  await openSettings(page)
  await page.getByRole('button', { name: 'NIP-07 Extension' }).click()
  await expect(keyStatus(page)).toHaveText('Using Extension Key')
  await page.reload()
  await expect(keyStatus(page)).toHaveText('Using Extension Key')
  await expectNoSecret(page, bytesToHex(secret), lines, 'extension login')
})

test('NIP-46: log in with a remote signer over the local relay', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const userKey = generateSecretKey()
  const signer = await startRemoteSigner({ relayUrl: relay.url, userKey })
  try {
    const lines = watchPage(page)
    await openApp([relay])
    await page.getByRole('button', { name: 'Log in' }).click()
    const options = dialog(page, 'Log in')
    await options.getByLabel('Remote signer (NIP-46)').fill(signer.bunkerUri)
    await options.getByRole('button', { name: 'Connect', exact: true }).click()
    await openSettings(page)
    await expect(keyStatus(page)).toHaveText('Using Remote Signer')
    await expect(page.getByRole('dialog', { name: 'Settings' })).toContainText(
      shortNpub(getPublicKey(userKey)),
    )
    expect(signer.requests()).toContain('connect')
    await expectNoSecret(page, bytesToHex(userKey), lines, 'remote signer login')
    // The session's own client key (NIP-46) is kept sealed, never in the clear.
    const clientKey = await keptClientKey(page)
    expect(clientKey).toMatch(/^[0-9a-f]{64}$/)
    await expectNoSecret(page, clientKey ?? '', lines, 'remote signer login: its client key')
  } finally {
    await signer.close()
  }
})

test('NIP-46: a signer app answers a nostrconnect:// link', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const userKey = generateSecretKey()
  const signer = await startRemoteSigner({ relayUrl: relay.url, userKey })
  try {
    await openApp([relay])
    await page.getByRole('button', { name: 'Log in' }).click()
    const options = dialog(page, 'Log in')
    await options.getByRole('button', { name: 'Show a nostrconnect:// link' }).click()
    const link = await options.getByTestId('nostrconnect-link').textContent()
    expect(link).toMatch(/^nostrconnect:\/\//)
    expect(link).toContain(encodeURIComponent(relay.url))
    await signer.connectTo(link!)
    await openSettings(page)
    await expect(keyStatus(page)).toHaveText('Using Remote Signer')
    await expect(page.getByRole('dialog', { name: 'Settings' })).toContainText(
      shortNpub(getPublicKey(userKey)),
    )
  } finally {
    await signer.close()
  }
})

test('key generation: Log in with this key waits for a generated key', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const lines = watchPage(page)
  await openApp([await launchRelay()])
  await openSettings(page)
  await page.getByRole('button', { name: 'Generate New User Key' }).click()
  const keygen = dialog(page, 'Generate New User Key')
  const logIn = keygen.getByRole('button', { name: 'Log in with this key' })
  await expect(logIn).toBeDisabled()
  await keygen.getByRole('button', { name: 'Generate', exact: true }).click()
  await expect(logIn).toBeEnabled()
  const pubkey = await keygen
    .locator('.key-row', { hasText: 'Public key (hex)' })
    .locator('dd')
    .textContent()
  await logIn.click()
  await expect(keygen).toHaveCount(0)
  await expect(keyStatus(page)).toHaveText('Key: Unlocked')
  await expect(page.getByRole('dialog', { name: 'Settings' })).toContainText(shortNpub(pubkey!))
  expect(lines.join('\n')).not.toContain('nsec1')
})

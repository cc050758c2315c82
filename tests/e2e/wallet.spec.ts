// The Lightning wallet against the real NIP-47 wallet service (@getalby/sdk) on a real relay with
// the fake Lightning ledger behind it: connect by pairing string, balance, pay, transactions,
// disconnect, save (encrypted to the user's key), reload and auto-connect after unlocking, the
// saved-wallets modal, sign-out forgetting the wallet, and a wallet that never answers. The
// pairing secret must never be found in storage, the URL or the console.
import { createHash } from 'node:crypto'
import type { Page } from '@playwright/test'
import { v2 as nip44 } from 'nostr-tools/nip44'
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { fakeLightning } from '../peers/fake-lightning.ts'
import { type NwcWalletHandle, startNwcWallet } from '../peers/nwc-wallet.ts'
import { expect, test } from './fixtures.ts'
import { logInWithNsec, PASSPHRASE } from './login.ts'
import { watchNotices } from './notices.ts'
import { findSecret, watchPage } from './secret-scan.ts'

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })
const walletStatus = (page: Page) => page.getByTestId('wallet-status')
const walletBalance = (page: Page) => page.getByTestId('wallet-balance')
const walletSection = (page: Page) => page.getByRole('region', { name: 'Lightning Wallet' })

const wallets: NwcWalletHandle[] = []
test.afterEach(async () => {
  await Promise.all(wallets.splice(0).map((wallet) => wallet.close()))
})

/** Neither the pairing secret (NIP-47) nor the passphrase of the saved key is left anywhere. */
async function expectNoPairingSecret(page: Page, wallet: NwcWalletHandle, lines: string[]) {
  expect(await findSecret(page, wallet.secrets.client, lines)).toEqual([])
  expect(await findSecret(page, { text: PASSPHRASE }, lines)).toEqual([])
}

test('connect by pairing string, pay, save encrypted, reload and auto-connect after unlock, sign out', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  // One long story (two logins' key derivations, a reload, four connects): more than the default.
  test.setTimeout(120_000)
  const lines = watchPage(page)
  const relay = await launchRelay()
  const wallet = await startNwcWallet({ relayUrl: relay.url, balanceMsat: 50_000_000 })
  wallets.push(wallet)
  await openApp([relay])
  await logInWithNsec(page, world.demoAccount, { remember: true })
  const section = walletSection(page)
  await expect(walletStatus(page)).toHaveText('Not connected')

  // A bad pairing string gives its message and stays in the field.
  await section.getByRole('button', { name: 'Connect Wallet' }).click()
  const connect = dialog(page, 'Connect Wallet')
  await expect(connect.getByLabel('Wallet name')).toHaveValue(/^NWC Wallet \S+/)
  await expect(connect.getByLabel('Save for future use')).toBeChecked()
  await connect.getByLabel('Connection string (nostr+walletconnect://…)').fill('https://wallet')
  await connect.getByRole('button', { name: 'Connect' }).click()
  await expect(connect.getByRole('alert')).toHaveText(
    'Invalid wallet connection string: it must start with nostr+walletconnect://',
  )
  await expect(connect.getByLabel('Connection string (nostr+walletconnect://…)')).toHaveValue(
    'https://wallet',
  )

  await connect.getByLabel('Connection string (nostr+walletconnect://…)').fill(wallet.pairingCode)
  await connect.getByLabel('Wallet name').fill('Test wallet')
  await connect.getByRole('button', { name: 'Connect' }).click()
  await expect(connect).toHaveCount(0)
  await expect(walletStatus(page)).toHaveText('Connected: Plume Test Wallet (Nostr Wallet Connect)')
  await expect(walletBalance(page)).toHaveText('50,000 sats')
  await page.screenshot({ path: test.info().outputPath('connected.png') })

  // Pay an invoice through the wallet: the balance falls by its amount.
  const invoice = fakeLightning.create(21_000, createHash('sha256').update('coffee').digest('hex'))
  await section.getByLabel('Pay an invoice').fill(invoice)
  await section.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(section.getByRole('status')).toHaveText('Paid')
  expect(fakeLightning.lookup(invoice)?.paid).toBe(true)
  await expect(walletBalance(page)).toHaveText('49,979 sats')
  await section.getByRole('button', { name: 'Show Transactions' }).click()
  await expect(section.getByRole('list', { name: 'Transactions' })).toContainText('−21 sats')
  // Paying it again is refused by the wallet, with its code.
  await section.getByLabel('Pay an invoice').fill(invoice)
  await section.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(section.getByRole('alert')).toHaveText(
    'fake-lightning: invoice already paid (PAYMENT_FAILED)',
  )
  await expect(section.getByLabel('Pay an invoice')).toHaveValue(invoice)
  await expectNoPairingSecret(page, wallet, lines)
  const stored = await page.evaluate(() => localStorage.getItem('nostrSavedWallets'))
  expect(JSON.parse(stored ?? '[]')).toMatchObject([
    { name: 'Test wallet', connectionString: 'encrypted', walletType: 'nwc' },
  ])

  await section.getByRole('button', { name: 'Disconnect' }).click()
  await expect(walletStatus(page)).toHaveText('Not connected')

  // A reload brings the key back locked: the saved wallet waits, then connects on unlock.
  await page.reload()
  await expect(page.getByTestId('key-status')).toHaveText(/^Key: Locked/)
  await expect(walletStatus(page)).toHaveText('Not connected')
  // Logged in, so not 'Login Required': the section says what to do.
  await expect(section.getByText('Login Required')).toHaveCount(0)
  await expect(section.getByText(/^Key is locked\. Please unlock your NSEC key/)).toBeVisible()
  await section.scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('wallet-locked.png') })
  await page.getByRole('button', { name: 'Unlock key' }).click()
  const unlock = dialog(page, 'Unlock saved key')
  await unlock.getByLabel('Passphrase').fill(PASSPHRASE)
  await unlock.getByRole('button', { name: /^Unlock & / }).click()
  await expect(walletStatus(page)).toHaveText('Connected: Plume Test Wallet (Nostr Wallet Connect)')
  await expect(walletBalance(page)).toHaveText('49,979 sats')
  await expectNoPairingSecret(page, wallet, lines)

  // The saved-wallets modal: a choice is needed, then it connects.
  await section.getByRole('button', { name: 'Disconnect' }).click()
  await section.getByRole('button', { name: 'Saved Wallets' }).click()
  const saved = dialog(page, 'Saved Wallets')
  await saved.getByRole('button', { name: 'Connect' }).click()
  await expect(saved.getByRole('alert')).toHaveText('Please select a wallet')
  await saved.getByRole('radio', { name: /Test wallet/ }).check()
  await page.screenshot({ path: test.info().outputPath('saved-wallets.png') })
  await saved.getByRole('button', { name: 'Connect' }).click()
  await expect(saved).toHaveCount(0)
  await expect(walletBalance(page)).toHaveText('49,979 sats')
  await page.screenshot({ path: test.info().outputPath('reconnected.png') })

  // Sign-out disconnects and removes the stored connection and its record.
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await dialog(page, 'Sign out').getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(walletStatus(page)).toHaveText('Not connected')
  await expect.poll(() => page.evaluate(() => localStorage.getItem('nostrSavedWallets'))).toBeNull()
  await expect(section.getByText('Login Required')).toBeVisible()
  await expectNoPairingSecret(page, wallet, lines)
})

test('a wallet that never answers gives the timeout message, and the form keeps what was typed', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const silent = await startNwcWallet({ relayUrl: relay.url, mode: 'silent' })
  wallets.push(silent)
  await openApp([relay])
  await logInWithNsec(page, world.demoAccount)
  await walletSection(page).getByRole('button', { name: 'Connect Wallet' }).click()
  const connect = dialog(page, 'Connect Wallet')
  await connect.getByLabel('Connection string (nostr+walletconnect://…)').fill(silent.pairingCode)
  await connect.getByLabel('Save for future use').uncheck()
  await connect.getByRole('button', { name: 'Connect' }).click()
  await expect(connect.getByRole('button', { name: 'Connecting…' })).toBeDisabled()
  await expect(connect.getByRole('alert')).toHaveText(
    'Error: Failed to connect NWC wallet: Request timed out after 10000ms',
    { timeout: 20_000 },
  )
  expect(silent.requests()).toEqual(['get_info'])
  await expect(connect.getByLabel('Connection string (nostr+walletconnect://…)')).toHaveValue(
    silent.pairingCode,
  )
  await page.screenshot({ path: test.info().outputPath('timeout.png') })
  await expect(walletStatus(page)).toHaveText('Not connected')
  expect(await page.evaluate(() => localStorage.getItem('nostrSavedWallets'))).toBeNull()
})

test('without a login that can sign, connecting asks for one', async ({
  page,
  launchRelay,
  openApp,
}) => {
  await openApp([await launchRelay()], '/?settings=true&walletConnect=true')
  const connect = dialog(page, 'Connect Wallet')
  await expect(connect.getByText('Login Required')).toBeVisible()
  await expect(connect.getByRole('button', { name: 'Connect' })).toBeDisabled()
  await expect(walletSection(page).getByRole('button', { name: 'Connect Wallet' })).toBeDisabled()
})

test('the CORS proxy setting says it is trusted with payments and that totals never use it', async ({
  page,
  launchRelay,
  openApp,
}) => {
  await openApp([await launchRelay()], '/?settings=true')
  const hint = walletSection(page).getByText('The proxy is trusted with those payments')
  await expect(hint).toHaveText(
    "Used only for zaps you start, when the recipient's lightning address cannot be reached " +
      'directly. The proxy is trusted with those payments: it sees whom you pay, and it could ' +
      'answer with its own invoice for the same amount and description, which your wallet would ' +
      "pay. Zap totals never use it. Leave blank to send your zaps to no one but the recipient's " +
      'service.',
  )
})

test('the browser provider (WebLN): enable, balance, pay through sendPayment, disconnect', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  // A page script stands in for a Lightning browser extension (its interface, not our code).
  await page.addInitScript(() => {
    const paid: string[] = []
    Object.assign(window, {
      paidByExtension: paid,
      webln: {
        enable: async () => {},
        getInfo: async () => ({ node: { alias: 'Browser Wallet', pubkey: '02ab' } }),
        getBalance: async () => ({ balance: 7000 }),
        sendPayment: async (invoice: string) => {
          paid.push(invoice)
          return { preimage: 'ab'.repeat(32) }
        },
      },
    })
  })
  await openApp([await launchRelay()])
  await logInWithNsec(page, world.demoAccount)
  const section = walletSection(page)
  await section.getByRole('button', { name: 'Connect WebLN' }).click()
  await expect(walletStatus(page)).toHaveText('Connected: Browser Wallet (WebLN)')
  await expect(walletBalance(page)).toHaveText('7,000 sats')
  await section.getByLabel('Pay an invoice').fill('lnbcrt10n1example')
  await section.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(section.getByRole('status')).toHaveText('Paid')
  expect(
    await page.evaluate(() => (window as unknown as { paidByExtension: string[] }).paidByExtension),
  ).toEqual(['lnbcrt10n1example'])
  // Saved, without any secret: the provider holds it.
  const stored = await page.evaluate(() => localStorage.getItem('nostrSavedWallets'))
  expect(JSON.parse(stored ?? '[]')).toMatchObject([
    { name: 'WebLN Wallet', connectionString: '', walletType: 'webln' },
  ])
  await section.getByRole('button', { name: 'Disconnect' }).click()
  await expect(walletStatus(page)).toHaveText('Not connected')
  await expect(section.getByRole('button', { name: 'Saved Wallets' })).toBeVisible()
})

test('with an extension login the saved wallet connects by itself on the next visit', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const secret = generateSecretKey()
  const pubkey = getPublicKey(secret)
  const relay = await launchRelay()
  const wallet = await startNwcWallet({ relayUrl: relay.url, balanceMsat: 3_000_000 })
  wallets.push(wallet)
  // The extension lives in the test process; the page sees NIP-07 with its NIP-44 methods.
  const conversation = (peer: string) => nip44.utils.getConversationKey(secret, peer)
  await page.exposeFunction('__nip44', (action: string, peer: string, text: string) =>
    action === 'encrypt'
      ? nip44.encrypt(text, conversation(peer))
      : nip44.decrypt(text, conversation(peer)),
  )
  await page.addInitScript((pubkey) => {
    const call = (
      window as unknown as { __nip44(a: string, p: string, t: string): Promise<string> }
    ).__nip44
    Object.assign(window, {
      nostr: {
        getPublicKey: async () => pubkey,
        signEvent: async () => {
          throw new Error('not needed here')
        },
        nip44: {
          encrypt: (peer: string, text: string) => call('encrypt', peer, text),
          decrypt: (peer: string, text: string) => call('decrypt', peer, text),
        },
      },
    })
  }, pubkey)
  const lines = watchPage(page)
  await openApp([relay])
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'NIP-07 Extension' }).click()
  await expect(page.getByTestId('key-status')).toHaveText('Using Extension Key')
  await walletSection(page).getByRole('button', { name: 'Connect Wallet' }).click()
  const connect = dialog(page, 'Connect Wallet')
  await connect.getByLabel('Connection string (nostr+walletconnect://…)').fill(wallet.pairingCode)
  await connect.getByRole('button', { name: 'Connect' }).click()
  await expect(walletBalance(page)).toHaveText('3,000 sats')
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('nostrSavedWallets')))
    .toContain('"connectionString":"encrypted"')

  // The next visit: the extension opens the saved pairing string, nobody clicks anything.
  await page.reload()
  await expect(walletStatus(page)).toHaveText('Connected: Plume Test Wallet (Nostr Wallet Connect)')
  await expect(walletBalance(page)).toHaveText('3,000 sats')
  await expectNoPairingSecret(page, wallet, lines)
})

test('Clear Stored Wallet (Settings, Cache) disconnects and deletes every saved wallet', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const wallet = await startNwcWallet({ relayUrl: relay.url, balanceMsat: 10_000_000 })
  wallets.push(wallet)
  await openApp([relay])
  await logInWithNsec(page, world.demoAccount)
  await walletSection(page).getByRole('button', { name: 'Connect Wallet' }).click()
  const connect = dialog(page, 'Connect Wallet')
  await connect.getByLabel('Connection string (nostr+walletconnect://…)').fill(wallet.pairingCode)
  await connect.getByLabel('Wallet name').fill('Kitchen wallet')
  await connect.getByRole('button', { name: 'Connect' }).click()
  await expect(walletStatus(page)).toHaveText(/^Connected/)

  await page.getByRole('button', { name: 'Clear Stored Wallet' }).click()
  await expect(page).toHaveURL(/clearStoredWallet=true/)
  const confirm = dialog(page, 'Clear Stored Wallet')
  await expect(confirm.getByRole('list', { name: 'Saved wallets' })).toHaveText('Kitchen wallet')
  const notices = await watchNotices(page)
  await confirm.getByRole('button', { name: 'Clear Stored Wallet' }).click()
  await expect(confirm).toHaveCount(0)
  await expect.poll(notices).toContain('Stored wallet cleared')
  await expect(walletStatus(page)).toHaveText('Not connected')
  const stored = await page.evaluate(async () => {
    const records = await new Promise<string[]>((resolve) => {
      const open = indexedDB.open('nostr-feed')
      open.onsuccess = () => {
        const db = open.result
        if (!db.objectStoreNames.contains('keystore')) return resolve([])
        const keys = db.transaction('keystore').objectStore('keystore').getAllKeys()
        keys.onsuccess = () => resolve(keys.result.map(String))
      }
    })
    return { list: localStorage.getItem('nostrSavedWallets'), records }
  })
  expect(stored.records.filter((key) => key.startsWith('nwc_'))).toEqual([])
  expect(JSON.parse(stored.list ?? '[]')).toEqual([])
})

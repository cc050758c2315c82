// The ecash wallet against the test mint (tests/peers/mint) on 127.0.0.1: create the wallet
// (the recovery phrase shown once, never stored in the clear), add the mint, deposit 1,000 sats
// (the test pays the invoice the page shows), send 300 as a cashuB token, reload and find the 700
// and the token still good, and receive the token in a second browser profile logged in as
// another account. Bad tokens get the spec's messages and stay in the field.
import AxeBuilder from '@axe-core/playwright'
import { bytesToHex } from '@noble/hashes/utils.js'
import type { Browser, Page } from '@playwright/test'
import { mnemonicToEntropy, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { createFakeLightning } from '../peers/fake-lightning.ts'
import { type MintHandle, startMint } from '../peers/mint/server.ts'
import type { DemoAccount } from '../peers/seed/types.ts'
import { expect, test } from './fixtures.ts'
import { logInWithNsec, PASSPHRASE } from './login.ts'
import { findSecret, watchConsole } from './secret-scan.ts'

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })
const total = (page: Page) => page.getByTestId('cashu-total')

const lightning = createFakeLightning()
let mint: MintHandle
test.beforeEach(async () => {
  mint = await startMint({ name: 'Plume Test Mint', lightning })
})
test.afterEach(async () => {
  await mint.stop()
})

async function loginWithNsec(page: Page, account: DemoAccount, remember: boolean) {
  await logInWithNsec(page, account, { remember })
  await page.keyboard.press('Escape')
}

/** Opens /wallet from Settings, creates the wallet and returns the recovery phrase shown. */
async function createWallet(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('link', { name: 'Open Ecash Wallet' }).click()
  await expect(page).toHaveURL(/\/wallet$/)
  await expect(dialog(page, 'Settings')).toHaveCount(0)
  await page.getByRole('button', { name: 'Create wallet' }).click()
  const words = page.getByTestId('cashu-words').locator('li')
  await expect(words).toHaveCount(12)
  const phrase = (await words.allInnerTexts()).join(' ')
  await page.getByRole('button', { name: 'I have written them down' }).click()
  await expect(total(page)).toHaveText('0 sats')
  return phrase
}

async function addMint(page: Page) {
  await page.getByRole('link', { name: 'Balance' }).click()
  await page.getByLabel('Mint URL').fill(`${mint.url}/`)
  await page.getByRole('button', { name: 'Add mint' }).click()
  await expect(page.getByRole('list', { name: 'Balance per mint' })).toContainText(
    'Plume Test Mint',
  )
}

/** No serious or critical accessibility violation on the screen as it is. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(bad.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  )
}

/** Every record of the wallet's IndexedDB database, as JSON text. */
const walletDatabaseText = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('plume-cashu')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const all = db.transaction('wallet').objectStore('wallet').getAll()
          all.onsuccess = () => resolve(JSON.stringify(all.result))
          all.onerror = () => reject(all.error)
        }
      }),
  )

/** Deposits 1,000 sats: the invoice the page shows is paid on the mint's Lightning ledger. */
async function depositThousand(page: Page, screenshot = false) {
  await page.getByRole('link', { name: 'Deposit' }).click()
  await page.getByLabel('Amount (sats)').fill('1000')
  await page.getByRole('button', { name: 'Create invoice' }).click()
  await expect(page.getByTestId('cashu-deposit-status')).toHaveText(
    'Waiting for the invoice to be paid…',
  )
  await expect(page.getByRole('img', { name: 'Invoice QR code' })).toBeVisible()
  await expect(page.getByTestId('cashu-invoice')).toHaveText(/^lnbcrt10u1/)
  if (screenshot) await page.screenshot({ path: test.info().outputPath('deposit-invoice.png') })
  lightning.pay(await page.getByTestId('cashu-invoice').innerText())
  await expect(page.getByTestId('cashu-deposit-status')).toHaveText('Minted 1,000 sats')
  await expect(total(page)).toHaveText('1,000 sats')
}

async function unlockKey(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Unlock key' }).click()
  const unlock = dialog(page, 'Unlock saved key')
  await unlock.getByLabel('Passphrase').fill(PASSPHRASE)
  await unlock.getByRole('button', { name: /^Unlock & / }).click()
  await expect(page.getByTestId('key-status')).toHaveText('Key: Unlocked')
  await page.keyboard.press('Escape')
}

async function secondProfile(browser: Browser, url: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(url)
  return { context, page }
}

test('deposit 1,000 sats, send 300 as a token, reload, receive it in another profile', async ({
  page,
  browser,
  launchRelay,
  openApp,
  world,
}) => {
  test.setTimeout(120_000)
  const lines = watchConsole(page)
  const relay = await launchRelay()
  const server = await openApp([relay])
  await loginWithNsec(page, world.demoAccount, true)
  const phrase = await createWallet(page)

  // A mint that is not there: the spec's message, the URL kept in the field to correct.
  await page.getByLabel('Mint URL').fill('http://127.0.0.1:9')
  await page.getByRole('button', { name: 'Add mint' }).click()
  await expect(page.getByRole('alert')).toContainText(
    'unable to load wallet for mint http://127.0.0.1:9',
  )
  await expect(page.getByLabel('Mint URL')).toHaveValue('http://127.0.0.1:9')
  await page.getByLabel('Mint URL').fill('http://mint.example.com')
  await page.getByRole('button', { name: 'Add mint' }).click()
  await expect(page.getByRole('alert')).toHaveText('Mint URL must be https')
  await addMint(page)

  // Deposit: the invoice as text and QR code, paid outside the app, then minted.
  await depositThousand(page, true)

  // Ecash that lives only in this browser: Clear Everything refuses, saying why.
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Clear Everything' }).click()
  const clear = dialog(page, 'Clear Everything')
  await expect(clear.getByRole('alert')).toHaveText(
    'Your ecash wallet holds 1000 sats that are not backed up to relays: clearing would lose them. Send or pay them out first.',
  )
  await expect(clear.getByRole('button', { name: 'Clear Everything' })).toBeDisabled()
  await clear.getByRole('button', { name: 'Cancel' }).click()
  await dialog(page, 'Settings').getByRole('button', { name: 'Back', exact: true }).click()
  await expect(dialog(page, 'Settings')).toHaveCount(0)

  // Send: more than the balance is refused; 300 becomes a cashuB token.
  await page.getByRole('link', { name: 'Send' }).click()
  await page.getByLabel('Amount (sats)').fill('5000')
  await page.getByRole('button', { name: 'Create token' }).click()
  await expect(page.getByRole('alert')).toHaveText('Not enough funds available to send')
  await expect(total(page)).toHaveText('1,000 sats')
  await page.getByLabel('Amount (sats)').fill('300')
  await page.getByRole('button', { name: 'Create token' }).click()
  const tokenField = page.getByRole('textbox', { name: 'Token' })
  await expect(tokenField).toHaveValue(/^cashuB/)
  await expect(page.getByRole('img', { name: 'Token QR code' })).toBeVisible()
  await expect(total(page)).toHaveText('700 sats')
  const token = await tokenField.inputValue()
  await page.screenshot({ path: test.info().outputPath('send-token.png') })
  await expectAccessible(page)

  // A reload right after the send: the 700 are still there (the key locked, the book is not
  // encrypted to it), and the token is in the history, still redeemable.
  await page.reload()
  await expect(total(page)).toHaveText('700 sats')
  await page.getByRole('link', { name: 'Balance' }).click()
  await expect(page.getByTestId('cashu-mint-balance')).toHaveText('700 sats')
  await page.getByRole('link', { name: 'History' }).click()
  const history = page.getByRole('list', { name: 'History' })
  await expect(history.getByRole('listitem')).toHaveCount(2)
  await expect(history.getByRole('listitem').first()).toContainText('Sent 300 sats')
  await page.screenshot({ path: test.info().outputPath('history.png') })
  await expectAccessible(page)

  // The phrase was shown once: neither it, its entropy nor the seed is in storage, the URL or
  // the console; the wallet's database holds it only as NIP-44 ciphertext.
  const entropy = bytesToHex(mnemonicToEntropy(phrase, wordlist))
  const seed = bytesToHex(mnemonicToSeedSync(phrase))
  expect(await findSecret(page, entropy, lines)).toEqual([])
  expect(await findSecret(page, seed, lines)).toEqual([])
  const stored = await walletDatabaseText(page)
  expect(stored).toContain('"ciphertext"')
  for (const word of [phrase, phrase.split(' ').slice(0, 3).join(' ')]) {
    expect(stored).not.toContain(word)
    expect(lines.join('\n')).not.toContain(word)
  }

  // Another profile, another account: bad tokens first, then the real one with a URI prefix.
  const other = await secondProfile(browser, server.url)
  try {
    const receiver = world.accounts.find((a) => a.pubkey !== world.demoAccount.pubkey)!
    await loginWithNsec(other.page, receiver, false)
    await createWallet(other.page)
    await other.page.getByRole('link', { name: 'Receive' }).click()
    const field = other.page.getByLabel('Token')
    await field.fill('cashuCnotatoken')
    await other.page.getByRole('button', { name: 'Receive' }).click()
    await expect(other.page.getByRole('alert')).toHaveText('Token version is not supported')
    await expect(field).toHaveValue('cashuCnotatoken')
    await field.fill(`cashu:${token}`)
    await other.page.getByRole('button', { name: 'Receive' }).click()
    await expect(other.page.getByRole('status')).toHaveText('Received 300 sats')
    await expect(total(other.page)).toHaveText('300 sats')
    await other.page.screenshot({ path: test.info().outputPath('received.png') })
    // The same token again: the mint says it is spent, the receiver's balance is unchanged.
    await field.fill(token)
    await other.page.getByRole('button', { name: 'Receive' }).click()
    await expect(other.page.getByRole('alert')).toContainText(/spent/i)
    await expect(total(other.page)).toHaveText('300 sats')
  } finally {
    await other.context.close()
  }
  await expect(total(page)).toHaveText('700 sats')
})

test('a reload while the mint swaps for a send loses no sat; then send and pay an invoice', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  test.setTimeout(120_000)
  const relay = await launchRelay()
  await openApp([relay])
  await loginWithNsec(page, world.demoAccount, true)
  await createWallet(page)
  await addMint(page)
  await depositThousand(page)

  // The mint gets the swap and signs it, but its answer never reaches the page: it reloads.
  let swapped!: () => void
  const done = new Promise<void>((resolve) => {
    swapped = resolve
  })
  await page.route(`${mint.url}/v1/swap`, async (route) => {
    await route.fetch()
    swapped()
  })
  await page.getByRole('link', { name: 'Send' }).click()
  await page.getByLabel('Amount (sats)').fill('300')
  await page.getByRole('button', { name: 'Create token' }).click()
  await done
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await page.reload()

  // The send's inputs stay reserved by the open journal entry (the rest is available);
  // settling needs the seed, so the key.
  await expect(page.getByTestId('cashu-settling')).toContainText(
    'Settling an interrupted operation with its mint…',
  )
  await expect(total(page)).toHaveText('680 sats') // 1,000 less the inputs 256 + 64
  await page.screenshot({ path: test.info().outputPath('settling.png') })
  await unlockKey(page)
  // The inputs are spent at the mint; the change and the never-shown token come back by restore.
  await expect(page.getByTestId('cashu-settling')).toHaveCount(0)
  await expect(total(page)).toHaveText('1,000 sats')
  await page.getByRole('link', { name: 'History' }).click()
  await expect(page.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(1)

  // And the wallet works on: a send now goes through.
  await page.getByRole('link', { name: 'Send' }).click()
  await page.getByLabel('Amount (sats)').fill('300')
  await page.getByRole('button', { name: 'Create token' }).click()
  await expect(page.getByRole('textbox', { name: 'Token' })).toHaveValue(/^cashuB/)
  await expect(total(page)).toHaveText('700 sats')

  // Pay a Lightning invoice: too big for the balance first, then 200 sats with the fee
  // reserve's unused part back as change.
  await page.getByRole('link', { name: 'Pay' }).click()
  const invoiceField = page.getByLabel('Lightning invoice')
  await invoiceField.fill(lightning.create(5_000_000, '00'.repeat(32)))
  await page.getByRole('button', { name: 'Get quote' }).click()
  await expect(page.getByRole('alert')).toHaveText('No mint has enough balance to pay this invoice')
  const invoice = lightning.create(200_000, '11'.repeat(32))
  await invoiceField.fill(invoice)
  await page.getByRole('button', { name: 'Get quote' }).click()
  await expect(page.getByTestId('cashu-pay-quote')).toContainText(
    'Pay 200 sats from Plume Test Mint',
  )
  await page.getByRole('button', { name: 'Pay 200 sats' }).click()
  await expect(page.getByRole('status')).toHaveText('Paid 200 sats (fee 0 sats)')
  await expect(total(page)).toHaveText('500 sats')
  expect(lightning.lookup(invoice)?.paid).toBe(true)

  // On a phone the screens fit.
  await page.setViewportSize({ width: 375, height: 740 })
  await page.screenshot({ path: test.info().outputPath('phone-pay.png') })
})

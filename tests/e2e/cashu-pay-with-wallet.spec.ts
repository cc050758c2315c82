// A deposit paid with the connected Lightning wallet in one click: the real NIP-47 wallet service
// (@getalby/sdk) pays the mint's invoice on the mint's own Lightning ledger, and the deposit
// mints as when paid from elsewhere. Without a connected wallet the screen offers no such button;
// a wallet that cannot pay says why, and the invoice can still be paid another way.
import type { Page } from '@playwright/test'
import { type NwcWalletHandle, startNwcWallet } from '../peers/nwc-wallet.ts'
import { addMint, createWallet, dialog, logIn, mintPerTest, openWallet, total } from './cashu.ts'
import { expect, test } from './fixtures.ts'

const mint = mintPerTest()
const wallets: NwcWalletHandle[] = []
test.afterEach(async () => {
  await Promise.all(wallets.splice(0).map((wallet) => wallet.close()))
})

const status = (page: Page) => page.getByTestId('cashu-deposit-status')
const payButton = (page: Page) => page.getByRole('button', { name: /^Pay with / })

/** Connects the wallet in Settings (not saved), then closes Settings. */
async function connectWallet(page: Page, wallet: NwcWalletHandle, balance: string) {
  await page.getByRole('button', { name: 'Settings' }).click()
  const section = page.getByRole('region', { name: 'Lightning Wallet' })
  await section.getByRole('button', { name: 'Connect Wallet' }).click()
  const connect = dialog(page, 'Connect Wallet')
  await connect.getByLabel('Connection string (nostr+walletconnect://…)').fill(wallet.pairingCode)
  await connect.getByLabel('Save for future use').uncheck()
  await connect.getByRole('button', { name: 'Connect' }).click()
  await expect(page.getByTestId('wallet-balance')).toHaveText(balance)
  await page.keyboard.press('Escape')
  await expect(dialog(page, 'Settings')).toHaveCount(0)
}

/** Creates the ecash wallet, adds the test mint and asks for a deposit invoice. */
async function depositInvoice(page: Page) {
  await openWallet(page)
  await createWallet(page)
  await addMint(page, mint)
  await page.getByRole('link', { name: 'Deposit' }).click()
  await page.getByLabel('Amount (sats)').fill('1000')
  await page.getByRole('button', { name: 'Create invoice' }).click()
  await expect(status(page)).toHaveText('Waiting for the invoice to be paid…')
}

type Fixtures = Pick<
  Parameters<Parameters<typeof test>[2]>[0],
  'page' | 'launchRelay' | 'openApp' | 'world'
>

/** The app on a relay the NWC wallet (holding `balanceMsat`, on the mint's ledger) uses; logged in. */
async function start({ page, launchRelay, openApp, world }: Fixtures, balanceMsat: number) {
  test.setTimeout(90_000)
  const relay = await launchRelay()
  const wallet = await startNwcWallet({
    relayUrl: relay.url,
    balanceMsat,
    lightning: mint.lightning,
  })
  wallets.push(wallet)
  await openApp([relay])
  await logIn(page, world.demoAccount)
  return wallet
}

test('Pay with the connected wallet: the deposit is paid and minted', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const wallet = await start({ page, launchRelay, openApp, world }, 50_000_000)
  await depositInvoice(page)

  // No wallet connected: the invoice is to be paid elsewhere, as before.
  await expect(page.getByRole('button', { name: 'Copy invoice' })).toBeVisible()
  await expect(payButton(page)).toHaveCount(0)

  await connectWallet(page, wallet, '50,000 sats')
  await expect(payButton(page)).toHaveText('Pay with Plume Test Wallet')
  await payButton(page).click()
  await expect(page.getByTestId('cashu-wallet-payment')).toHaveText('Paid with Plume Test Wallet')
  await expect(status(page)).toHaveText('Minted 1,000 sats')
  await expect(total(page)).toHaveText('1,000 sats')
  expect(wallet.balanceMsat()).toBe(49_000_000)
})

test('a wallet that cannot pay shows its error; the invoice can still be paid elsewhere', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const wallet = await start({ page, launchRelay, openApp, world }, 500_000)
  await connectWallet(page, wallet, '500 sats')
  await depositInvoice(page)

  await payButton(page).click()
  await expect(page.getByRole('alert')).toHaveText(
    'Plume Test Wallet could not pay: Insufficient balance (INSUFFICIENT_BALANCE)',
  )
  await expect(status(page)).toHaveText('Waiting for the invoice to be paid…')
  await expect(payButton(page)).toBeEnabled()

  mint.lightning.pay(await page.getByTestId('cashu-invoice').innerText())
  await expect(status(page)).toHaveText('Minted 1,000 sats')
  await expect(total(page)).toHaveText('1,000 sats')
  await expect(page.getByRole('alert')).toHaveCount(0)
})

/** Shared steps of the ecash wallet's e2e specs: the test mint, logging in, the wallet screens. */
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import type { NostrEvent } from 'nostr-tools/pure'
import { createFakeLightning, type FakeLightning } from '../peers/fake-lightning.ts'
import { type MintHandle, startMint } from '../peers/mint/server.ts'
import type { RelayHandle } from '../peers/relay.ts'
import type { DemoAccount } from '../peers/seed/types.ts'
import { expect, test } from './fixtures.ts'
import { logInWithNsec, PASSPHRASE } from './login.ts'

export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })
export const total = (page: Page) => page.getByTestId('cashu-total')

/** The test mint of the running test, with the Lightning ledger its invoices are paid on. */
export interface TestMint {
  readonly name: string
  readonly lightning: FakeLightning
  /** The running test's mint's URL (a fresh mint per test, on a free port). */
  readonly url: string
}

/** Starts a mint called `name` before each test of the calling spec and stops it after. */
export function mintPerTest(name = 'Plume Test Mint'): TestMint {
  const lightning = createFakeLightning()
  let running: MintHandle | undefined
  test.beforeEach(async () => {
    running = await startMint({ name, lightning })
  })
  test.afterEach(async () => {
    await running?.stop()
    running = undefined
  })
  return {
    name,
    lightning,
    get url() {
      if (!running) throw new Error('No test mint running: call mintPerTest at the top of the spec')
      return running.url
    },
  }
}

/** Logs in with the account's nsec, then closes Settings. */
export async function logIn(page: Page, account: DemoAccount, remember = false) {
  await logInWithNsec(page, account, { remember })
  await page.keyboard.press('Escape')
}

/** Settings, Open Ecash Wallet: /wallet, with Settings closed. */
export async function openWallet(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('link', { name: 'Open Ecash Wallet' }).click()
  await expect(page).toHaveURL(/\/wallet$/)
  await expect(dialog(page, 'Settings')).toHaveCount(0)
}

/** On /wallet without a wallet: creates it and returns the recovery phrase shown. */
export async function createWallet(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Create wallet' }).click()
  const words = page.getByTestId('cashu-words').locator('li')
  await expect(words).toHaveCount(12)
  const phrase = (await words.allInnerTexts()).join(' ')
  await page.getByRole('button', { name: 'I have written them down' }).click()
  await expect(total(page)).toHaveText('0 sats')
  return phrase
}

/** Adds the test mint by `url` (its own by default) and finds it listed by name. */
export async function addMint(page: Page, mint: TestMint, url = mint.url) {
  await page.getByLabel('Mint URL').fill(url)
  await page.getByRole('button', { name: 'Add mint' }).click()
  await expect(page.getByRole('list', { name: 'Balance per mint' })).toContainText(mint.name)
}

const sats = (amount: number) => `${amount.toLocaleString('en-US')} sats`

/** A BOLT 11 amount as encoders write it: the largest multiplier giving a whole number. */
const bolt11Amount = (amount: number) =>
  amount % 100_000 === 0
    ? `${amount / 100_000}m`
    : amount % 100 === 0
      ? `${amount / 100}u`
      : `${amount * 10}n`

/**
 * Deposits `amount` sats into an empty wallet: the invoice the page shows (as text and QR code)
 * is paid on the mint's Lightning ledger, after `beforePay` when given.
 */
export async function deposit(
  page: Page,
  mint: TestMint,
  amount: number,
  { beforePay, screenshot = false }: { beforePay?: () => Promise<void>; screenshot?: boolean } = {},
) {
  await page.getByRole('link', { name: 'Deposit' }).click()
  await page.getByLabel('Amount (sats)').fill(String(amount))
  await page.getByRole('button', { name: 'Create invoice' }).click()
  await expect(page.getByTestId('cashu-deposit-status')).toHaveText(
    'Waiting for the invoice to be paid…',
  )
  await expect(page.getByRole('img', { name: 'Invoice QR code' })).toBeVisible()
  await expect(page.getByTestId('cashu-invoice')).toHaveText(
    new RegExp(`^lnbcrt${bolt11Amount(amount)}1`),
  )
  if (screenshot) await page.screenshot({ path: test.info().outputPath('deposit-invoice.png') })
  await beforePay?.()
  mint.lightning.pay(await page.getByTestId('cashu-invoice').innerText())
  await expect(page.getByTestId('cashu-deposit-status')).toHaveText(`Minted ${sats(amount)}`)
  await expect(total(page)).toHaveText(sats(amount))
}

/** Sends `amount` as a cashuB token, the balance then `left`; returns the token. */
export async function sendToken(page: Page, amount: number, left: number): Promise<string> {
  await page.getByRole('link', { name: 'Send' }).click()
  await page.getByLabel('Amount (sats)').fill(String(amount))
  await page.getByRole('button', { name: 'Create token' }).click()
  const tokenField = page.getByRole('textbox', { name: 'Token' })
  await expect(tokenField).toHaveValue(/^cashuB/)
  await expect(total(page)).toHaveText(sats(left))
  return tokenField.inputValue()
}

/** Unlocks the key saved under PASSPHRASE (a page load locks it), then closes Settings. */
export async function unlockKey(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Unlock key' }).click()
  const unlock = dialog(page, 'Unlock saved key')
  await unlock.getByLabel('Passphrase').fill(PASSPHRASE)
  await unlock.getByRole('button', { name: /^Unlock & / }).click()
  await expect(page.getByTestId('key-status')).toHaveText('Key: Unlocked')
  await page.keyboard.press('Escape')
}

/** A new browser profile (its own storage) at `url`. */
export async function secondProfile(browser: Browser, url: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(url)
  return { context, page }
}

/** No serious or critical accessibility violation on the screen as it is. */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(bad.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  )
}

/** Every record of the wallet's IndexedDB database, as JSON text. */
export const walletDatabaseText = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('plume-cashu')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const all = open.result.transaction('wallet').objectStore('wallet').getAll()
          all.onsuccess = () => resolve(JSON.stringify(all.result))
          all.onerror = () => reject(all.error)
        }
      }),
  )

/** The account's events of this kind on the relay. */
export const ofKind = (relay: RelayHandle, pubkey: string, kind: number): NostrEvent[] =>
  relay.events().filter((e) => e.pubkey === pubkey && e.kind === kind)

/** Screenshots at a phone's width and a desktop's, for a person to look at. */
export async function shoot(page: Page, name: string, height = 844) {
  const size = page.viewportSize()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) })
  }
  if (size) await page.setViewportSize(size)
}

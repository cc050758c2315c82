// The ecash wallet kept on relays (NIP-60) against the real relay and the test mint: profile A
// creates the wallet, adds the mint, deposits 1,000 sats and sends 300 while the relay is away
// (Clear Everything refuses: the change is only in this browser); once the relay is back the
// deposit's token event is rolled over and deleted, nothing on the relay shows a proof secret in
// clear, and Clear Everything speaks only of the sent token not yet claimed (the proofs are on
// relays). A fresh profile logged in as the same
// account is offered "Restore from relays" and finds the same 700 sats, with a phrase of its own.
import type { Page } from '@playwright/test'
import type { NostrEvent } from 'nostr-tools/pure'
import { REPLACE_RELAY_WALLET_NOTE } from '../../src/core/ecash/wallet-loss.ts'
import {
  addMint,
  createWallet,
  deposit,
  dialog,
  logIn,
  mintPerTest,
  ofKind,
  openWallet,
  secondProfile,
  sendToken,
  shoot,
  total,
  walletDatabaseText,
} from './cashu.ts'
import { expect, test } from './fixtures.ts'

const mint = mintPerTest()

/** The proof secrets in the wallet's IndexedDB records. */
const storedSecrets = async (page: Page) =>
  (
    JSON.parse(await walletDatabaseText(page)) as {
      book?: { entries: { proof: { secret: string } }[] }
    }[]
  ).flatMap((record) => record.book?.entries.map((e) => e.proof.secret) ?? [])

test('a wallet deposited and spent on one profile is restored from relays on another', async ({
  page,
  browser,
  launchRelay,
  openApp,
  world,
}) => {
  test.setTimeout(240_000)
  const relay = await launchRelay()
  const server = await openApp([relay])
  const account = world.demoAccount
  await logIn(page, account)
  await openWallet(page)
  await createWallet(page)
  await addMint(page, mint)

  let quote!: NostrEvent
  await deposit(page, mint, 1000, {
    // While the invoice waits, the quote is on the relay (7374, its id encrypted).
    beforePay: async () => {
      await expect.poll(() => ofKind(relay, account.pubkey, 7374).length).toBe(1)
      quote = ofKind(relay, account.pubkey, 7374)[0]!
      expect(quote.tags.find((t) => t[0] === 'mint')).toEqual(['mint', mint.url])
    },
  })
  // The deposit's proofs reach the relay in a token event.
  await expect.poll(() => ofKind(relay, account.pubkey, 7375).length).toBe(1)
  const deposited = ofKind(relay, account.pubkey, 7375)[0]!

  // The relay goes away; the send goes on, its change only in this browser for now: Clear
  // Everything refuses, saying so.
  await relay.stop()
  await sendToken(page, 300, 700)
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Clear Everything' }).click()
  await expect(dialog(page, 'Clear Everything').getByRole('alert')).toHaveText(
    /^Your ecash wallet holds \d+ sats that are not backed up to relays: clearing would lose them\./,
  )
  await dialog(page, 'Clear Everything').getByRole('button', { name: 'Cancel' }).click()
  await dialog(page, 'Settings').getByRole('button', { name: 'Back', exact: true }).click()

  // The relay is back: the publish tried again every 10 s goes through. The spent event is
  // deleted (kind 5, k 7375) and its unspent proofs rolled over.
  await relay.start()
  await expect
    .poll(
      () =>
        ofKind(relay, account.pubkey, 5).some(
          (d) =>
            d.tags.some((t) => t[0] === 'k' && t[1] === '7375') &&
            d.tags.some((t) => t[0] === 'e' && t[1] === deposited.id),
        ),
      { timeout: 90_000 },
    )
    .toBe(true)
  // (The relay honours deletions: only the rolled-over event is left.)
  await expect
    .poll(() => ofKind(relay, account.pubkey, 7375).map((e) => e.id !== deposited.id))
    .toEqual([true])
  // Deposit and send in the history; the quote event deleted once the deposit was done.
  await expect.poll(() => ofKind(relay, account.pubkey, 7376).length).toBe(2)
  await expect.poll(() => ofKind(relay, account.pubkey, 7374)).toEqual([])
  expect(
    ofKind(relay, account.pubkey, 5).some(
      (d) =>
        d.tags.some((t) => t[1] === quote.id) &&
        d.tags.some((t) => t[0] === 'k' && t[1] === '7374'),
    ),
  ).toBe(true)
  expect(ofKind(relay, account.pubkey, 17375)).toHaveLength(1)

  // Encrypted: no proof secret of this wallet appears anywhere in the account's events.
  const secrets = await storedSecrets(page)
  expect(secrets.length).toBeGreaterThan(0)
  const published = JSON.stringify(relay.events().filter((e) => e.pubkey === account.pubkey))
  for (const secret of secrets) expect(published).not.toContain(secret)

  // Every proof is on relays now: Clear Everything no longer speaks of them, only of the sent
  // token nobody has claimed yet (the mint says it is unspent), whose only copy is here.
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Clear Everything' }).click()
  const clear = dialog(page, 'Clear Everything')
  await expect(clear.getByRole('alert')).toHaveText(
    '1 sent token (300 sats) is not claimed yet: clearing would lose the only copy. Wait until claimed, or receive it back.',
  )
  await expect(clear.getByRole('button', { name: 'Clear Everything' })).toBeDisabled()
  await clear.getByRole('button', { name: 'Cancel' }).click()

  // Another browser profile, the same account, no local wallet: restored from relays alone.
  const { context, page: other } = await secondProfile(browser, server.url)
  try {
    await logIn(other, account)
    await openWallet(other)
    const restore = other.getByRole('button', { name: 'Restore from relays' })
    await expect(restore).toBeVisible()
    // Creating instead would replace the relays' wallet: it asks a second time, saying so.
    await other.getByRole('button', { name: 'Create a new wallet instead' }).click()
    await expect(other.getByRole('alert')).toHaveText(REPLACE_RELAY_WALLET_NOTE)
    await expect(other.getByRole('button', { name: 'Create a new wallet anyway' })).toBeVisible()
    await shoot(other, 'restore-offer', 800)
    await restore.click()
    await expect(other.getByTestId('cashu-words').locator('li')).toHaveCount(12)
    await expect(other.getByTestId('cashu-device-phrase')).toHaveText(
      /this device's own recovery phrase/,
    )
    await shoot(other, 'restore-phrase', 800)
    await other.getByRole('button', { name: 'I have written them down' }).click()
    await expect(total(other)).toHaveText('700 sats')
    await expect(other.getByTestId('cashu-mint-balance')).toHaveText('700 sats')
  } finally {
    await context.close()
  }
})

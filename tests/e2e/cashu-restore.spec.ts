// Restoring the ecash wallet from its recovery phrase (NUT-13) against the test mint: profile A
// creates the wallet (its phrase shown once), deposits 1,000 sats and sends 300 as a token that
// another account receives; a fresh profile logged in as A's account types the phrase (a wrong
// one first: the spec's message, the words kept) and the mint, and finds the 700 that are left.
// The phrase reaches storage only as ciphertext.
import { bytesToHex } from '@noble/hashes/utils.js'
import type { Browser } from '@playwright/test'
import { mnemonicToEntropy, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import type { DemoAccount } from '../peers/seed/types.ts'
import {
  addMint,
  createWallet,
  deposit,
  expectAccessible,
  mintPerTest,
  secondProfile,
  sendToken,
  total,
  walletDatabaseText,
} from './cashu.ts'
import { expect, test } from './fixtures.ts'
import { logInWithNsec } from './login.ts'
import { findSecret, watchPage } from './secret-scan.ts'

const mint = mintPerTest()

/** A new browser profile at the app, logged in as `account`, on /wallet. */
async function profileAt(browser: Browser, url: string, account: DemoAccount) {
  const profile = await secondProfile(browser, url)
  await logInWithNsec(profile.page, account)
  // In the app (a page load would drop the key, kept in memory only).
  await profile.page.getByRole('link', { name: 'Open Ecash Wallet' }).click()
  await expect(profile.page).toHaveURL(/\/wallet$/)
  return profile
}

test('a fresh profile restores the wallet from its phrase and finds what is left', async ({
  browser,
  launchRelay,
  openApp,
  world,
}) => {
  test.setTimeout(150_000)
  const relay = await launchRelay()
  const server = await openApp([relay])
  const owner = world.demoAccount
  const receiver = world.accounts.find((a) => a.pubkey !== owner.pubkey) as DemoAccount

  // Profile A: the wallet, the mint, 1,000 sats in, a 300-sat token out.
  const a = await profileAt(browser, server.url, owner)
  let token: string
  let phrase: string
  try {
    phrase = await createWallet(a.page)
    await addMint(a.page, mint)
    await deposit(a.page, mint, 1000)
    token = await sendToken(a.page, 300, 700)
  } finally {
    await a.context.close()
  }

  // The token is claimed by another account: its proofs are spent at the mint, so a restore
  // does not count them (an unclaimed token's proofs would come back: they are still ours).
  const b = await profileAt(browser, server.url, receiver)
  try {
    await createWallet(b.page)
    await b.page.getByRole('link', { name: 'Receive' }).click()
    await b.page.getByLabel('Token').fill(token)
    await b.page.getByRole('button', { name: 'Receive' }).click()
    await expect(b.page.getByRole('status')).toHaveText('Received 300 sats')
  } finally {
    await b.context.close()
  }

  // A fresh profile, the same account: no wallet here, restore it from the phrase.
  const c = await profileAt(browser, server.url, owner)
  try {
    const page = c.page
    const lines = watchPage(page)
    // The relays hold the wallet too (NIP-60): a new one is offered only as the second choice.
    await expect(page.getByRole('button', { name: 'Restore from relays' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create a new wallet instead' })).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('no-wallet.png') })
    await page.getByRole('link', { name: 'Restore from recovery phrase' }).click()
    await expect(page).toHaveURL(/\/wallet\/restore$/)
    const words = page.getByLabel('Recovery phrase')
    const mints = page.getByLabel('Mints to scan (one URL per line)')

    // The last word changed (its checksum wrong): the spec's message; the words stay to be
    // corrected.
    const list = phrase.split(' ')
    const wrong = wordlist
      .map((w) => [...list.slice(0, 11), w].join(' '))
      .find((candidate) => !validateMnemonic(candidate, wordlist)) as string
    await words.fill(wrong)
    await mints.fill(mint.url)
    await page.getByRole('button', { name: 'Restore', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText('Invalid recovery phrase')
    await expect(words).toHaveValue(wrong)
    await page.screenshot({ path: test.info().outputPath('wrong-phrase.png') })
    await expectAccessible(page)
    await expect(total(page)).toHaveCount(0)

    await words.fill(phrase)
    await page.getByRole('button', { name: 'Restore', exact: true }).click()
    const result = page.getByTestId('cashu-restore-result')
    await expect(result).toContainText('Plume Test Mint')
    await expect(result).toContainText('700 sats restored')
    await expect(total(page)).toHaveText('700 sats')
    await expect(words).toHaveValue('')
    await page.screenshot({ path: test.info().outputPath('restored.png'), fullPage: true })

    await page.getByRole('link', { name: 'Go to the wallet' }).click()
    await expect(page.getByTestId('cashu-mint-balance')).toHaveText('700 sats')

    // The restored wallet goes on: a new send's outputs are accepted by the mint.
    await sendToken(page, 100, 600)

    // The typed phrase went nowhere but the wallet: neither it, its entropy nor its seed is in
    // storage or the console; the wallet's database holds it only as NIP-44 ciphertext.
    expect(await findSecret(page, bytesToHex(mnemonicToEntropy(phrase, wordlist)), lines)).toEqual(
      [],
    )
    expect(await findSecret(page, bytesToHex(mnemonicToSeedSync(phrase)), lines)).toEqual([])
    const stored = await walletDatabaseText(page)
    expect(stored).toContain('"ciphertext"')
    const firstWords = list.slice(0, 3).join(' ')
    expect(stored).not.toContain(firstWords)
    expect(lines.join('\n')).not.toContain(firstWords)
  } finally {
    await c.context.close()
  }
})

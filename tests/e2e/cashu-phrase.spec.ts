// The ecash wallet's recovery phrase is shown until the user confirms they wrote it down: a
// reload (or a closed page) before that shows the same words again, decrypted from the kept
// ciphertext once the key is unlocked; after the confirmation a reload goes straight to the
// wallet. The phrase never reaches storage, the URL or the console in the clear.
import { bytesToHex } from '@noble/hashes/utils.js'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { createWallet, logIn, openWallet, total, unlockKey, walletDatabaseText } from './cashu.ts'
import { expect, test } from './fixtures.ts'
import { cacheSaved, findSecret, watchPage } from './secret-scan.ts'

test('a reload before confirming the recovery phrase shows it again, until confirmed', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  test.setTimeout(90_000)
  const lines = watchPage(page)
  await openApp([await launchRelay()])
  await logIn(page, world.demoAccount, true)
  await openWallet(page)
  await page.getByRole('button', { name: 'Create wallet' }).click()
  const words = page.getByTestId('cashu-words').locator('li')
  await expect(words).toHaveCount(12)
  const phrase = (await words.allInnerTexts()).join(' ')

  // Closed before the confirmation: asked again. The key is locked after a load, so the words
  // wait for it; the wallet does not open meanwhile.
  await page.reload()
  const again = page.getByRole('region', { name: 'Recovery phrase' })
  await expect(again).toContainText('You have not yet confirmed that you wrote these words down.')
  await expect(again.getByRole('alert')).toHaveText(
    'Key is locked. Please unlock your NSEC key with your passphrase to sign.',
  )
  await expect(total(page)).toHaveCount(0)
  await unlockKey(page)
  await expect(words).toHaveCount(12)
  expect((await words.allInnerTexts()).join(' ')).toBe(phrase)
  await cacheSaved(page)
  // Only a flag marks it unconfirmed: the words are nowhere in the clear.
  expect(await findSecret(page, bytesToHex(mnemonicToEntropy(phrase, wordlist)), lines)).toEqual([])
  expect(await findSecret(page, { text: phrase }, lines)).toEqual([])
  const clear = await page.evaluate(() =>
    [location.href, JSON.stringify(localStorage), JSON.stringify(sessionStorage)].join('\n'),
  )
  for (const text of [clear, await walletDatabaseText(page), lines.join('\n')]) {
    expect(text).not.toContain(phrase.split(' ').slice(0, 3).join(' '))
  }

  await page.getByRole('button', { name: 'I have written them down' }).click()
  await expect(total(page)).toHaveText('0 sats')

  // Confirmed: a reload opens the wallet, locked key or not.
  await page.reload()
  await expect(total(page)).toHaveText('0 sats')
  await expect(again).toHaveCount(0)
  await unlockKey(page)
  await expect(total(page)).toHaveText('0 sats')
  await expect(again).toHaveCount(0)
})

test('a wallet confirmed at creation is not asked again after a reload', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  await openApp([await launchRelay()])
  await logIn(page, world.demoAccount, true)
  await openWallet(page)
  await createWallet(page)
  await page.reload()
  await expect(total(page)).toHaveText('0 sats')
  await expect(page.getByRole('region', { name: 'Recovery phrase' })).toHaveCount(0)
})

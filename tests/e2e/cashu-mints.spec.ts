// The wallet's mints on /wallet: a mint's details from its info (NUT-06: description, the message
// of the day, contact, version, what it supports, the keyset's input fee), removal refused while
// the mint holds sats, and a second mint holding nothing added and removed (after a confirm), the
// nutzap info (10019) republished without it.
import { createFakeLightning } from '../peers/fake-lightning.ts'
import { type MintHandle, startMint } from '../peers/mint/server.ts'
import {
  addMint,
  createWallet,
  deposit,
  expectAccessible,
  logIn,
  mintPerTest,
  ofKind,
  openWallet,
  shoot,
} from './cashu.ts'
import { expect, test } from './fixtures.ts'

const mint = mintPerTest()

let second: MintHandle | undefined
test.afterEach(async () => {
  await second?.stop()
  second = undefined
})

test('mint details, removal refused with a balance, a mint holding nothing removed', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  test.setTimeout(120_000)
  const relay = await launchRelay()
  await openApp([relay])
  await logIn(page, world.demoAccount)
  await openWallet(page)
  await createWallet(page)
  await addMint(page, mint)
  await deposit(page, mint, 700)
  await page.getByRole('link', { name: 'Balance' }).click()

  const mints = page.getByRole('list', { name: 'Balance per mint' })
  const first = mints.getByRole('listitem').filter({ hasText: mint.name }).first()

  // Details: the mint's own words, and what it supports in plain ones.
  await first.getByRole('button', { name: `Details of ${mint.name}` }).click()
  const about = page.getByRole('region', { name: `About ${mint.name}` })
  await expect(about).toContainText('NUT-00 to 12, 13-compatible restore and 17, on 127.0.0.1.')
  await expect(about.getByTestId('cashu-mint-motd')).toHaveText(
    'Test ecash only: nothing here is worth a sat.',
  )
  await expect(about).toContainText('mint@example.invalid')
  await expect(about).toContainText('plume-test-mint/0.1.0')
  await expect(about).toContainText('fee: none per input')
  const supports = about.getByRole('list', { name: 'Supports' })
  for (const line of [
    'Deposits by websocket (NUT-17)',
    'Locked ecash / nutzaps (NUT-11)',
    'DLEQ proofs (NUT-12)',
    'Restore from phrase (NUT-09/13)',
  ]) {
    await expect(supports).toContainText(line)
  }
  await shoot(page, 'mint-details')
  await expectAccessible(page)
  await first.getByRole('button', { name: `Hide details of ${mint.name}` }).click()
  await expect(about).toHaveCount(0)

  // Removing the mint holding the 700 sats: refused, saying why, the mint kept.
  await first.getByRole('button', { name: `Remove ${mint.name}` }).click()
  await expect(first.getByRole('alert')).toHaveText(
    'This mint still holds 700 sats: send or pay them out first',
  )
  await expect(mints.getByRole('listitem')).toHaveCount(1)

  // A second mint, holding nothing: removed after a confirm ("No" first keeps it).
  const lightning = createFakeLightning()
  second = await startMint({ name: 'Spare Mint', lightning })
  const spare = { name: 'Spare Mint', lightning, url: second.url }
  await addMint(page, spare)
  await expect(mints.getByRole('listitem')).toHaveCount(2)
  await expect
    .poll(() =>
      ofKind(relay, world.demoAccount.pubkey, 10019).some((e) =>
        e.tags.some((t) => t[0] === 'mint' && t[1] === spare.url),
      ),
    )
    .toBe(true)
  const row = mints.getByRole('listitem').filter({ hasText: 'Spare Mint' })
  await row.getByRole('button', { name: 'Remove Spare Mint' }).click()
  await expect(row).toContainText('Remove Spare Mint?')
  await row.getByRole('button', { name: 'No' }).click()
  await expect(mints.getByRole('listitem')).toHaveCount(2)
  await row.getByRole('button', { name: 'Remove Spare Mint' }).click()
  await shoot(page, 'mint-remove-confirm')
  await row.getByRole('button', { name: 'Yes, remove' }).click()
  await expect(mints.getByRole('listitem')).toHaveCount(1)
  await expect(mints).not.toContainText('Spare Mint')
  await expect(mints).toContainText('700 sats')

  // The nutzap info now names only the remaining mint.
  await expect
    .poll(() => {
      const infos = ofKind(relay, world.demoAccount.pubkey, 10019).sort(
        (a, b) => b.created_at - a.created_at,
      )
      return infos[0]?.tags.filter((t) => t[0] === 'mint').map((t) => t[1])
    })
    .toEqual([mint.url])
})

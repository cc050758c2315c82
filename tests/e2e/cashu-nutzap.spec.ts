// Nutzaps (NIP-61) in two browser profiles against the real relay and the test mint: account B
// (the author of a seeded note) creates its ecash wallet with the mint, which publishes B's
// kind 10019; account A deposits 100 sats, opens B's note, chooses "Send ecash" in the zap
// modal and sends 21 sats with a comment. B's open wallet redeems the nutzap: its balance, a
// history row naming A, and a kind 7376 on the relay marking the nutzap redeemed. A nutzap
// without DLEQ proofs is refused with the spec's 'Failed to redeem nutzaps' and its reason. The
// ecash choice on B's profile is there too. In the many-relay world, a nutzap reaches B's
// kind 10019 relay though A's relays do not include it, and B redeems it from there.

import { hexToBytes } from '@noble/hashes/utils.js'
import type { Page } from '@playwright/test'
import { noteEncode, npubEncode } from 'nostr-tools/nip19'
import { finalizeEvent } from 'nostr-tools/pure'
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
  shoot,
  total,
  unlockKey,
} from './cashu.ts'
import { expect, relayLight, test } from './fixtures.ts'

const mint = mintPerTest('Nutzap Test Mint')

/** Settings, Open Ecash Wallet, Create wallet, then the test mint added. */
async function walletWithMint(page: Page) {
  await openWallet(page)
  await createWallet(page)
  await addMint(page, mint)
}

test('A nutzaps a note by B; B’s open wallet redeems it and marks it redeemed', async ({
  page,
  browser,
  launchRelay,
  openApp,
  world,
}) => {
  test.setTimeout(150_000)
  const relay = await launchRelay()
  const server = await openApp([relay])
  const note = world.events.find(
    (e) =>
      e.kind === 1 &&
      e.pubkey !== world.demoAccount.pubkey &&
      !e.tags.some((t) => t[0] === 'e' || t[0] === 'p'),
  )!
  const author = world.accounts.find((a) => a.pubkey === note.pubkey)!

  // B: the wallet with the test mint publishes B's nutzap info (10019).
  const b = await secondProfile(browser, server.url)
  try {
    await logIn(b.page, author, false)
    await walletWithMint(b.page)
    await expect.poll(() => ofKind(relay, author.pubkey, 10019).length).toBe(1)
    const info = ofKind(relay, author.pubkey, 10019)[0]!
    expect(info.tags).toEqual(
      expect.arrayContaining([
        ['mint', mint.url, 'sat'],
        ['relay', relay.url],
      ]),
    )

    // A nutzap whose proofs carry no DLEQ proof: refused with the reason (and not tried again).
    const lock = info.tags.find((t) => t[0] === 'pubkey')![1]!
    const secret = JSON.stringify(['P2PK', { nonce: '00'.repeat(32), data: lock }])
    const bogus = { id: '00ad0000000000ff', amount: 4, secret, C: `02${'11'.repeat(32)}` }
    await relay.publish(
      finalizeEvent(
        {
          kind: 9321,
          created_at: Math.floor(Date.now() / 1000),
          content: '',
          tags: [
            ['proof', JSON.stringify(bogus)],
            ['unit', 'sat'],
            ['u', mint.url],
            ['p', author.pubkey],
          ],
        },
        hexToBytes(world.demoAccount.secretKeyHex),
      ),
    )
    await expect(b.page.getByRole('alert')).toHaveText(
      'Failed to redeem nutzaps: Token contains proofs with invalid DLEQ',
    )
    await shoot(b.page, 'nutzap-failed')

    // A: a wallet with 100 sats, then B's note (a reload: the saved key is unlocked again).
    await logIn(page, world.demoAccount, true)
    await walletWithMint(page)
    await deposit(page, mint, 100)
    await page.goto(`${server.url}/note/${noteEncode(note.id)}`)
    await unlockKey(page)
    const card = page.locator(`.thread-focused [data-note-id="${note.id}"]`)
    await card.getByRole('button', { name: 'Zap', exact: true }).click()
    const zap = dialog(page, 'Zap')
    await expect(zap.getByText('They also take ecash.')).toBeVisible()
    await shoot(page, 'zap-modal-ecash-choice')
    await zap.getByRole('button', { name: 'Send ecash' }).click()
    const ecash = dialog(page, 'Send ecash')
    await expect(ecash.getByTestId('nutzap-available')).toHaveText(
      'Your ecash on mints they accept: 100 sats',
    )
    await ecash.getByRole('button', { name: '21', exact: true }).click()
    await ecash.getByLabel('Comment (optional)').fill('Thanks for this')
    await shoot(page, 'nutzap-form')
    await ecash.getByRole('button', { name: 'Send 21 sats in ecash' }).click()
    await expect(ecash.getByRole('status')).toHaveText('Sent 21 sats in ecash')
    const [nutzap] = ofKind(relay, world.demoAccount.pubkey, 9321)
    expect(nutzap?.tags).toEqual(
      expect.arrayContaining([
        ['u', mint.url],
        ['p', author.pubkey],
        ['e', note.id],
        ['k', '1'],
      ]),
    )
    await ecash.getByRole('button', { name: 'Done' }).click()

    // B's wallet, open all along, redeems it.
    await expect(total(b.page)).toHaveText('21 sats')
    await b.page.getByRole('link', { name: 'History' }).click()
    const row = b.page.getByRole('list', { name: 'History' }).getByRole('listitem').first()
    await expect(row).toContainText(/^Nutzap from .+ 21 sats/)
    await expect(row).toContainText('“Thanks for this”')
    await shoot(b.page, 'nutzap-history')
    await expect
      .poll(() =>
        ofKind(relay, author.pubkey, 7376).some((e) =>
          e.tags.some((t) => t[0] === 'e' && t[1] === nutzap?.id && t[3] === 'redeemed'),
        ),
      )
      .toBe(true)

    // A's side: the balance less the nutzap, and the history names B.
    await page.goto(`${server.url}/wallet/history`)
    await unlockKey(page)
    await expect(total(page)).toHaveText('79 sats')
    await expect(
      page.getByRole('list', { name: 'History' }).getByRole('listitem').first(),
    ).toContainText(/^Nutzap to .+ 21 sats/)

    // B's profile offers ecash too.
    await page.goto(`${server.url}/npub/${npubEncode(author.pubkey)}`)
    await unlockKey(page)
    await shoot(page, 'nutzap-profile')
    await page.getByRole('button', { name: 'Send ecash' }).click()
    await expect(dialog(page, 'Send ecash to').getByTestId('nutzap-available')).toHaveText(
      'Your ecash on mints they accept: 79 sats',
    )
  } finally {
    await b.context.close()
  }
})

test('a nutzap to someone whose 10019 names a relay outside the sender’s pool reaches them there', async ({
  page,
  browser,
  launchWorld,
  openApp,
}) => {
  // Two wallets on one mint, a deposit and a redemption: longer than most tests by nature.
  test.setTimeout(120_000)
  const launched = await launchWorld()
  const { world } = launched
  const me = world.demoAccount
  const general = new Set<string>(world.relays.general)
  // B: someone who writes only to small relays; from now on B reads there only too (a newer
  // relay list), so B's nutzap info names one relay, which no pool of A's holds.
  const recipient = world.accounts.find((account) => {
    const write = world.relayLists[account.pubkey]?.write ?? []
    return account.pubkey !== me.pubkey && write.length > 0 && !write.some((u) => general.has(u))
  })!
  const smallUrl = world.relayLists[recipient.pubkey]!.write[0]!
  const small = launched.running.find((running) => running.url === smallUrl)!.relay
  const readsThere = finalizeEvent(
    {
      kind: 10002,
      created_at: Math.floor(Date.now() / 1000),
      tags: [['r', smallUrl]],
      content: '',
    },
    hexToBytes(recipient.secretKeyHex),
  )
  await Promise.all([launched.indexer.publish(readsThere), small.publish(readsThere)])

  const server = await openApp([...launched.general], '/', launched)
  const b = await secondProfile(browser, server.url)
  try {
    // B logs in: the pool becomes B's list (the small relay, and the configured indexer).
    await logIn(b.page, recipient, false)
    await expect(relayLight(b.page, smallUrl)).toHaveAttribute('data-state', 'connected')
    for (const url of general) await expect(relayLight(b.page, url)).toHaveCount(0)
    await walletWithMint(b.page)
    await expect.poll(() => ofKind(small, recipient.pubkey, 10019).length).toBe(1)
    const info = ofKind(small, recipient.pubkey, 10019)[0]!
    expect(info.tags.filter((tag) => tag[0] === 'relay')).toEqual([['relay', smallUrl]])

    // A, on the general relays: 100 sats, then B's profile (a reload: the saved key is unlocked).
    await logIn(page, me, true)
    await walletWithMint(page)
    await deposit(page, mint, 100)
    await page.goto(`${server.url}/npub/${recipient.npub}`)
    await unlockKey(page)
    await page.getByRole('button', { name: 'Send ecash' }).click()
    const ecash = dialog(page, 'Send ecash to')
    await expect(ecash.getByTestId('nutzap-available')).toHaveText(
      'Your ecash on mints they accept: 100 sats',
    )
    await ecash.getByRole('button', { name: '21', exact: true }).click()
    await ecash.getByRole('button', { name: 'Send 21 sats in ecash' }).click()
    await expect(ecash.getByRole('status')).toHaveText('Sent 21 sats in ecash')
    // Stored on the relay B's 10019 names, which A reached for it.
    await expect.poll(() => ofKind(small, me.pubkey, 9321).length).toBe(1)
    const [nutzap] = ofKind(small, me.pubkey, 9321)
    expect(nutzap?.tags).toContainEqual(['p', recipient.pubkey])

    // B's wallet, open all along and reading that relay only, redeems it.
    await expect(total(b.page)).toHaveText('21 sats')
    await expect
      .poll(() =>
        ofKind(small, recipient.pubkey, 7376).some((e) =>
          e.tags.some((t) => t[0] === 'e' && t[1] === nutzap?.id && t[3] === 'redeemed'),
        ),
      )
      .toBe(true)
  } finally {
    await b.context.close()
  }
})

/**
 * Zaps in the browser against our LUD-16 + NIP-57 server and the shared fake Lightning ledger:
 * a seeded note's author gets a lightning address on that server (its receipt key is the demo
 * world's zapper, so the seeded receipts count too); zapping without a wallet shows the invoice as
 * a QR code; paying it on the ledger publishes the receipt and the note's total rises. Amounts
 * outside the server's bounds give the spec's messages.
 */
import { hexToBytes } from '@noble/hashes/utils.js'
import type { Page } from '@playwright/test'
import { neventEncode, noteEncode } from 'nostr-tools/nip19'
import { finalizeEvent, type NostrEvent } from 'nostr-tools/pure'
import { zapTotal } from '../../src/core/lightning/zap-totals.ts'
import { fakeLightning } from '../peers/fake-lightning.ts'
import { type LnurlServer, startLnurlServer } from '../peers/lnurl-server.ts'
import { startNwcWallet } from '../peers/nwc-wallet.ts'
import type { RelayHandle } from '../peers/relay.ts'
import { demoZapper } from '../peers/seed/index.ts'
import type { DemoAccount, DemoWorld } from '../peers/seed/types.ts'
import { expect, test } from './fixtures.ts'
import { newestOf } from './seeded.ts'

/** Bounds of the test server: 10 to 1000 sats. */
const MIN_MSAT = 10_000
const MAX_MSAT = 1_000_000

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })

async function logIn(page: Page, nsec: string) {
  await page.getByRole('banner').getByLabel('Log in').click()
  await dialog(page, 'Log in').getByRole('button', { name: 'Nsec Secret Key' }).click()
  const nsecDialog = dialog(page, 'Nsec Secret Key')
  await nsecDialog.getByLabel('Secret key').fill(nsec)
  await nsecDialog.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible()
}

const zapper = demoZapper()

/** The seeded root note with the most receipts, by someone other than the demo account. */
function zappedNote(world: DemoWorld): {
  note: NostrEvent
  author: DemoAccount
  seededSats: number
} {
  const expected = (id: string) => ({ eventId: id, nostrPubkey: zapper.pubkey })
  const receipts = world.events.filter((event) => event.kind === 9735)
  const notes = world.events.filter(
    (event) =>
      event.kind === 1 &&
      event.pubkey !== world.demoAccount.pubkey &&
      !event.tags.some((tag) => tag[0] === 'e'),
  )
  const ranked = notes
    .map((note) => ({ note, total: zapTotal(receipts, expected(note.id)) }))
    .sort((a, b) => b.total.count - a.total.count)
  const best = ranked[0]!
  expect(best.total.count).toBeGreaterThan(0)
  const author = world.accounts.find((account) => account.pubkey === best.note.pubkey)!
  return { note: best.note, author, seededSats: best.total.sats }
}

/** The author's profile, newer, with a lightning address on our server. */
async function pointLightningAddress(relay: RelayHandle, author: DemoAccount, server: LnurlServer) {
  const profile = newestOf(relay, 0, author.pubkey)
  const content = { ...JSON.parse(profile.content), lud16: server.address(author.name) }
  await relay.publish(
    finalizeEvent(
      {
        kind: 0,
        created_at: profile.created_at + 1,
        tags: profile.tags,
        content: JSON.stringify(content),
      },
      hexToBytes(author.secretKeyHex),
    ),
  )
}

interface Fixtures {
  page: Page
  launchRelay(): Promise<RelayHandle>
  openApp(relays: RelayHandle[], path?: string): Promise<unknown>
  world: DemoWorld
}

async function setUp({ page, launchRelay, openApp, world }: Fixtures) {
  const relay = await launchRelay()
  const { note, author, seededSats } = zappedNote(world)
  const server = await startLnurlServer({
    nostrSecretKey: hexToBytes(zapper.secretKeyHex),
    names: [author.name],
    minSendable: MIN_MSAT,
    maxSendable: MAX_MSAT,
    ledger: fakeLightning,
  })
  await pointLightningAddress(relay, author, server)
  await openApp([relay], `/note/${noteEncode(note.id)}`)
  await logIn(page, world.demoAccount.nsec)
  const card = page.locator(`.thread-focused [data-note-id="${note.id}"]`)
  const name = JSON.parse(newestOf(relay, 0, author.pubkey).content).display_name as string
  return { relay, server, note, seededSats, card, name }
}

/** Zaps from the note's action bar; the dialog stays open. */
async function zapFrom(card: ReturnType<Page['locator']>, page: Page, sats: string) {
  await card.getByRole('button', { name: 'Zap', exact: true }).click()
  const zap = dialog(page, 'Zap')
  await zap.getByLabel('Custom amount (sats)').fill(sats)
  await zap.getByRole('button', { name: `Zap ${sats} sats` }).click()
  return zap
}

test('zap without a wallet: the invoice as a QR code; paid, the receipt raises the total', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const { server, seededSats, card, name } = await setUp({ page, launchRelay, openApp, world })
  try {
    const total = card.locator('[data-zap-total]')
    await expect(total).toHaveText(`${seededSats.toLocaleString('en-US')} sats`)

    await card.getByRole('button', { name: 'Zap', exact: true }).click()
    const zap = dialog(page, 'Zap')
    // The recipient named from the display-name cache.
    await expect(zap.getByRole('heading')).toHaveText(`Zap ${name}`)
    await zap.getByRole('button', { name: '21', exact: true }).click()
    await zap.getByLabel('Comment (optional)').fill('Lovely shot')
    await page.screenshot({ path: test.info().outputPath('zap-form.png') })
    await zap.getByRole('button', { name: 'Zap 21 sats' }).click()

    await expect(zap.getByRole('img', { name: 'Invoice QR code' })).toBeVisible()
    const invoice = (await zap.locator('.zap-invoice-text').textContent()) ?? ''
    expect(invoice.startsWith('lnbcrt210n1')).toBe(true)
    await expect(zap.getByRole('link', { name: 'Open in wallet' })).toHaveAttribute(
      'href',
      `lightning:${invoice}`,
    )
    await expect(zap.getByRole('button', { name: 'Copy invoice' })).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('zap-invoice.png') })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: test.info().outputPath('zap-invoice-phone.png') })

    // An outside wallet pays it: the server publishes the receipt to the request's relays.
    server.markPaid(invoice)
    await expect(zap.getByRole('status')).toHaveText('Zapped 21 sats')
    await expect(total).toHaveText(`${(seededSats + 21).toLocaleString('en-US')} sats`)
    const receipt = server.receipts()[0]!
    const request = JSON.parse(receipt.tags.find((tag) => tag[0] === 'description')![1]!)
    expect(request.content).toBe('Lovely shot')
    expect(request.pubkey).toBe(world.demoAccount.pubkey)
    await page.screenshot({ path: test.info().outputPath('zap-paid.png') })
  } finally {
    await server.close()
  }
})

test("amounts outside the server's bounds give the spec's messages, keeping the form", async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const { server, card } = await setUp({ page, launchRelay, openApp, world })
  try {
    await card.getByRole('button', { name: 'Zap', exact: true }).click()
    const zap = dialog(page, 'Zap')
    await zap.getByRole('button', { name: '5000', exact: true }).click()
    await zap.getByLabel('Comment (optional)').fill('Too much?')
    await zap.getByRole('button', { name: 'Zap 5000 sats' }).click()
    await expect(zap.getByRole('alert')).toHaveText('Amount above maximum: 1000 sats')
    await expect(zap.getByLabel('Comment (optional)')).toHaveValue('Too much?')
    await page.screenshot({ path: test.info().outputPath('zap-above-maximum.png') })

    await zap.getByLabel('Custom amount (sats)').fill('5')
    await zap.getByRole('button', { name: 'Zap 5 sats' }).click()
    await expect(zap.getByRole('alert')).toHaveText('Amount below minimum: 10 sats')
    expect(server.receipts()).toHaveLength(0)
  } finally {
    await server.close()
  }
})

test('with the test wallet connected, the zap is paid through it and its balance falls', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const { relay, server, seededSats, card } = await setUp({ page, launchRelay, openApp, world })
  const wallet = await startNwcWallet({ relayUrl: relay.url, balanceMsat: 50_000_000 })
  try {
    await page.getByRole('button', { name: 'Settings' }).click()
    const section = page.getByRole('region', { name: 'Lightning Wallet' })
    await section.getByRole('button', { name: 'Connect Wallet' }).click()
    const connect = dialog(page, 'Connect Wallet')
    await connect.getByLabel('Connection string (nostr+walletconnect://…)').fill(wallet.pairingCode)
    await connect.getByLabel('Save for future use').uncheck()
    await connect.getByRole('button', { name: 'Connect' }).click()
    const balance = page.getByTestId('wallet-balance')
    await expect(balance).toHaveText('50,000 sats')
    await page.getByRole('button', { name: 'Back', exact: true }).click()

    const total = card.locator('[data-zap-total]')
    await expect(total).toHaveText(`${seededSats.toLocaleString('en-US')} sats`)
    const zap = await zapFrom(card, page, '100')
    await expect(zap.getByRole('status')).toHaveText('Zapped 100 sats')
    await page.screenshot({ path: test.info().outputPath('zap-wallet-paid.png') })
    expect(wallet.balanceMsat()).toBe(49_900_000)
    await expect(total).toHaveText(`${(seededSats + 100).toLocaleString('en-US')} sats`)
    expect(server.receipts()).toHaveLength(1)

    await zap.getByRole('button', { name: 'Done' }).click()
    await page.getByRole('button', { name: 'Settings' }).click()
    await section.getByRole('button', { name: 'Refresh Balance' }).click()
    await expect(balance).toHaveText('49,900 sats')
  } finally {
    await wallet.close()
    await server.close()
  }
})

test('a lightning address changed after the note was shown: the zap asks the new one', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const { relay, server, card } = await setUp({ page, launchRelay, openApp, world })
  const { author } = zappedNote(world)
  const moved = await startLnurlServer({
    nostrSecretKey: hexToBytes(zapper.secretKeyHex),
    names: [author.name],
    minSendable: MIN_MSAT,
    maxSendable: 100_000,
    ledger: fakeLightning,
  })
  try {
    // The card has the old profile; the author moves to a server that takes at most 100 sats.
    await expect(card.locator('[data-zap-total]')).toBeVisible()
    await pointLightningAddress(relay, author, moved)
    const zap = await zapFrom(card, page, '500')
    await expect(zap.getByRole('alert')).toHaveText('Amount above maximum: 100 sats')
    expect(server.receipts()).toHaveLength(0)
  } finally {
    await moved.close()
    await server.close()
  }
})

test('the zap modal lives in ?zap={id}: Back closes it, a reload or a shared link opens it', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const { server, note, card, name } = await setUp({ page, launchRelay, openApp, world })
  try {
    const zap = dialog(page, `Zap ${name}`)
    await card.getByRole('button', { name: 'Zap', exact: true }).click()
    await expect(zap.getByLabel('Custom amount (sats)')).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`[?&]zap=${note.id}`))
    await page.goBack()
    await expect(zap).toHaveCount(0)
    await expect(page).not.toHaveURL(/zap=/)
    await page.goForward()
    await expect(zap.getByLabel('Custom amount (sats)')).toBeVisible()
    await page.reload()
    await expect(zap.getByLabel('Custom amount (sats)')).toBeVisible()

    // A shared link names the note as /note/ does, or in hex.
    const origin = new URL(page.url()).origin
    for (const value of [
      noteEncode(note.id),
      neventEncode({ id: note.id, author: note.pubkey }),
      note.id,
    ]) {
      await page.goto(`${origin}/?zap=${value}`)
      await expect(zap.getByLabel('Custom amount (sats)')).toBeVisible()
    }
    await page.goto(`${origin}/?zap=nope`)
    await expect(dialog(page, 'Zap').getByRole('alert')).toHaveText('Invalid note id')
    await expect(page.getByText('Component Error')).toHaveCount(0)
  } finally {
    await server.close()
  }
})

test('the zap total stands as far from Zap as the actions stand from each other', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  // The total counts receipts signed by the recipient's LNURL server: it needs the server.
  const { server, card } = await setUp({ page, launchRelay, openApp, world })
  try {
    const bar = card.locator('.note-actions')
    await expect(bar.locator('[data-zap-total]')).toBeVisible()
    // From the end of one's content (icon and label, inside the padding) to the start of the next.
    const gaps = await bar.evaluate((footer) => {
      const content = (selector: string) => {
        const element = footer.querySelector(selector)!
        const box = element.getBoundingClientRect()
        const style = getComputedStyle(element)
        return {
          left: box.left + Number.parseFloat(style.paddingLeft),
          right: box.right - Number.parseFloat(style.paddingRight),
        }
      }
      const gap = (a: string, b: string) => Math.round(content(b).left - content(a).right)
      return {
        actions: gap('[data-action="reply"]', '[data-action="repost"]'),
        total: gap('[data-action="zap"]', '[data-zap-total]'),
      }
    })
    expect(gaps.total).toBe(gaps.actions)
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 })
      await card.screenshot({ path: test.info().outputPath(`zap-total-${width}.png`) })
    }
  } finally {
    await server.close()
  }
})

test('a visitor who clicks Zap logs in first; the zap modal then opens in the URL', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const { note } = zappedNote(world)
  await openApp([relay], `/note/${noteEncode(note.id)}`)
  const card = page.locator(`.thread-focused [data-note-id="${note.id}"]`)
  await card.getByRole('button', { name: 'Zap', exact: true }).click()
  await dialog(page, 'Log in to zap').getByRole('button', { name: 'Nsec Secret Key' }).click()
  const nsecDialog = dialog(page, 'Nsec Secret Key')
  await nsecDialog.getByLabel('Secret key').fill(world.demoAccount.nsec)
  await nsecDialog.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('dialog', { name: /^Zap/ })).toBeVisible()
  await expect(nsecDialog).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`[?&]zap=${note.id}$`))
  await expect(page).not.toHaveURL(/nsecLogin/)
})

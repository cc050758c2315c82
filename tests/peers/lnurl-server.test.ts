/**
 * The zap peers against the app's own LNURL and zap code: our LUD-16 + NIP-57 server through a
 * whole zap (parameters, request, invoice, payment on the fake ledger, receipt on a real relay,
 * counted by the app's validation), and the `lnurl` package's LUD-06 server resolved by the app.
 */
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { afterEach, describe, expect, it } from 'vitest'
import { fetchPayParams, fetchZapInvoice } from '../../src/actors/lightning/lnurl-http.ts'
import { lnurlPayTarget, zapAmountProblem } from '../../src/core/lightning/lnurl-pay.ts'
import {
  descriptionHashOf,
  invoiceProblem,
  zapCallbackUrl,
  zapRequestTemplate,
} from '../../src/core/lightning/zap-request.ts'
import { zapTotal } from '../../src/core/lightning/zap-totals.ts'
import { createFakeLightning } from './fake-lightning.ts'
import { freePort } from './free-port.ts'
import { type LnurlServer, startLnurlServer } from './lnurl-server.ts'
import { type RelayHandle, startRelay } from './relay.ts'

const closers: Array<() => Promise<unknown>> = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

const sender = generateSecretKey()
const recipient = getPublicKey(generateSecretKey())
const NOTE = 'ab'.repeat(32)

async function start(): Promise<{ server: LnurlServer; relay: RelayHandle }> {
  const relay = await startRelay()
  const server = await startLnurlServer({
    nostrSecretKey: generateSecretKey(),
    names: ['ann'],
    minSendable: 10_000,
    maxSendable: 5_000_000,
    ledger: createFakeLightning(),
  })
  closers.push(
    () => relay.close(),
    () => server.close(),
  )
  return { server, relay }
}

async function until<T>(probe: () => T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('our LUD-16 + NIP-57 server', () => {
  it('serves parameters, an invoice committing to the zap request, and the receipt once paid', async () => {
    const { server, relay } = await start()
    const target = lnurlPayTarget({ lud16: server.address('ann') })
    expect(target.url).toBe(`${server.url}/.well-known/lnurlp/ann`)
    const params = await fetchPayParams({ url: target.url, proxy: null })
    expect(params).toMatchObject({
      minSendable: 10_000,
      maxSendable: 5_000_000,
      allowsNostr: true,
      nostrPubkey: server.nostrPubkey,
    })
    expect(zapAmountProblem(params, 9, '')).toBe('Amount below minimum: 10 sats')
    expect(zapAmountProblem(params, 5001, '')).toBe('Amount above maximum: 5000 sats')

    const template = zapRequestTemplate(
      { recipientPubkey: recipient, amountSats: 21, comment: 'Nice', eventId: NOTE },
      { lnurl: target.lnurl, relays: [relay.url] },
    )
    const request = finalizeEvent(
      { ...template, created_at: Math.floor(Date.now() / 1000) },
      sender,
    )
    const json = JSON.stringify(request)
    const invoice = await fetchZapInvoice({
      url: zapCallbackUrl(
        params.callback,
        { json, amountMsat: 21_000, lnurl: target.lnurl, comment: 'Nice' },
        0,
      ),
      proxy: null,
    })
    expect(invoice.startsWith('lnbcrt210n1')).toBe(true)
    expect(
      invoiceProblem(invoice, { amountMsat: 21_000, descriptionHash: descriptionHashOf(json) }),
    ).toBeNull()

    server.markPaid(invoice)
    const receipt = await until(() => relay.events().find((event) => event.kind === 9735))
    expect(receipt.pubkey).toBe(server.nostrPubkey)
    expect(receipt.tags).toContainEqual(['P', getPublicKey(sender)])
    expect(receipt.tags).toContainEqual(['e', NOTE])
    expect(zapTotal([receipt], { eventId: NOTE, nostrPubkey: server.nostrPubkey })).toEqual({
      msat: 21_000,
      sats: 21,
      count: 1,
    })
  })

  it('refuses amounts out of bounds and bad zap requests with a reason the app shows', async () => {
    const { server } = await start()
    const params = await fetchPayParams({
      url: `${server.url}/.well-known/lnurlp/ann`,
      proxy: null,
    })
    const request = finalizeEvent(
      {
        kind: 9734,
        created_at: 1,
        content: '',
        tags: [
          ['p', recipient],
          ['relays', 'ws://127.0.0.1:1'],
        ],
      },
      sender,
    )
    const call = (amountMsat: number, json: string) =>
      fetchZapInvoice({
        url: zapCallbackUrl(params.callback, { json, amountMsat, lnurl: '', comment: '' }, 0),
        proxy: null,
      })
    await expect(call(1000, JSON.stringify(request))).rejects.toThrow('Amount out of bounds')
    await expect(call(21_000, JSON.stringify({ ...request, content: 'forged' }))).rejects.toThrow(
      'Invalid zap request signature',
    )
    await expect(
      fetchPayParams({ url: `${server.url}/.well-known/lnurlp/bob`, proxy: null }),
    ).rejects.toThrow('Unknown user')
  })

  it("reports an unreachable service as 'Failed to resolve Lightning address'", async () => {
    const port = await freePort()
    await expect(
      fetchPayParams({ url: `http://127.0.0.1:${port}/.well-known/lnurlp/ann`, proxy: null }),
    ).rejects.toThrow('Failed to resolve Lightning address')
  })
})

describe('the lnurl package LUD-06 server', () => {
  it('resolves by bech32 LNURL, and its endpoint does not allow Nostr zaps', async () => {
    const { default: lnurl } = await import('lnurl')
    const port = await freePort()
    const server = lnurl.createServer({
      host: '127.0.0.1',
      port,
      url: `http://127.0.0.1:${port}`,
      lightning: { backend: 'dummy', config: {} },
      store: { backend: 'memory', config: {} },
    })
    closers.push(() => server.close({ force: true }))
    await server.onReady()
    const { encoded } = await server.generateNewUrl('payRequest', {
      minSendable: 1000,
      maxSendable: 2_000_000,
      metadata: '[["text/plain", "lnurl-node"]]',
    })
    const target = lnurlPayTarget({ lud06: encoded })
    expect(target.url.startsWith(`http://127.0.0.1:${port}/lnurl?q=`)).toBe(true)
    const params = await fetchPayParams({ url: target.url, proxy: null })
    expect(params).toMatchObject({ minSendable: 1000, maxSendable: 2_000_000, allowsNostr: false })
    expect(zapAmountProblem(params, 21, '')).toBe('This LNURL endpoint does not allow Nostr zaps')
  })
})

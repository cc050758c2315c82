// Spec §8 "Mint and transport": the texts a failing mint gives the user, produced by the wallet's
// own code against the real test mint behind a fault proxy (tests/peers/mint/faults.ts), and what
// must survive each failure: the proofs of a failed send or payment stay in the book, a deposit
// keeps its quote while the mint answers garbage. Last, spec §5's swap at a mint that charges
// input fees: a send pays its receiver's fee too, and what cannot be paid is refused up front.
import 'fake-indexeddb/auto'
import { injectWebSocketImpl } from '@cashu/cashu-ts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { loadMint, walletFor } from '../../../../src/actors/ecash/cashu-mint-loader.ts'
import { startCashuWallet } from '../../../../src/actors/ecash/cashu-wallet.ts'
import { MINT_ERRORS } from '../../../../src/core/ecash/cashu-mint.ts'
import { proofsIn } from '../../../../src/core/ecash/cashu-proof-book.ts'
import { createFakeLightning } from '../../../peers/fake-lightning.ts'
import { type FaultyMint, startFaultyMint } from '../../../peers/mint/faults.ts'
import { type MintHandle, startMint } from '../../../peers/mint/server.ts'
import { deposit, failure, freshStore, until, user } from './cashu-fixtures.ts'

// Node 20 has no global WebSocket; cashu-ts reads it at import time.
injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket)

const lightning = createFakeLightning()
let mint: MintHandle
let proxy: FaultyMint
beforeAll(async () => {
  mint = await startMint({ lightning, name: 'Faulty Mint' })
  proxy = await startFaultyMint(mint.url)
})
afterEach(() => proxy.clear())
afterAll(async () => {
  await proxy.stop()
  await mint.stop()
})

/** A wallet with the mint (behind the proxy) added and `amount` sats deposited. */
async function funded(amount: number) {
  const who = user()
  const store = freshStore('cashu-transport')
  const wallet = startCashuWallet({ ...who, store })
  await wallet.open()
  await wallet.createSeed()
  await wallet.addMint(proxy.url)
  await deposit(wallet, lightning, proxy.url, amount)
  return { ...who, store, wallet }
}

/** The book holds `amount` sats available and no operation is open: nothing was lost. */
async function expectIntact(who: Awaited<ReturnType<typeof funded>>, amount: number) {
  const { book } = await who.store.read(who.pubkey)
  expect(book.journal).toEqual([])
  expect(proofsIn(book, 'available', proxy.url).reduce((sum, p) => sum + p.amount, 0)).toBe(amount)
  expect(who.wallet.view().total).toBe(amount)
}

const SWAP = '/v1/swap'
const MELT = '/v1/melt/bolt11'
const MELT_QUOTE = '/v1/melt/quote/bolt11'
const MINT_QUOTE = '/v1/mint/quote/bolt11'
const QUOTE_CHECK = /^\/v1\/mint\/quote\/bolt11\/[^/]+$/

describe('a mint that refuses with { code, detail }', () => {
  it('reaches the caller as a MintOperationError carrying both', async () => {
    const payer = await funded(200)
    proxy.fail(MELT_QUOTE, {
      kind: 'json',
      status: 400,
      body: { code: 20006, detail: 'Invoice has an unsupported amount' },
    })
    const error = (await failure(
      payer.wallet.quotePayment(lightning.create(50_000, '51'.repeat(32))),
    )) as Error & { code?: number; status?: number }
    expect(error.name).toBe('MintOperationError')
    expect(error.message).toBe('Invoice has an unsupported amount')
    expect(error.code).toBe(20006)
    expect(error.status).toBe(400)
    await expectIntact(payer, 200)
  })

  it('fails a send with the detail and gives the proofs back (a refusal spent nothing)', async () => {
    const sender = await funded(300)
    proxy.fail(SWAP, {
      kind: 'json',
      status: 400,
      body: { code: 11005, detail: 'Transaction is not balanced' },
    })
    const error = await failure(sender.wallet.send(proxy.url, 100))
    expect(error.message).toBe('Transaction is not balanced')
    // Released at once: 11005 proves nothing was spent (NUT-03), no checkstate is needed.
    expect(proxy.hits('/v1/checkstate')).toBe(0)
    await expectIntact(sender, 300)
  })
})

describe('a mint that answers a code proving nothing', () => {
  it("'proofs are pending' (11002): the proofs are asked about (NUT-07), returned once unspent", async () => {
    const sender = await funded(300)
    const checks = proxy.hits('/v1/checkstate')
    proxy.fail(SWAP, {
      kind: 'json',
      status: 400,
      body: { code: 11002, detail: 'proofs are pending' },
    })
    const error = await failure(sender.wallet.send(proxy.url, 100))
    expect(error.message).toBe('proofs are pending')
    expect(proxy.hits('/v1/checkstate')).toBeGreaterThan(checks)
    await expectIntact(sender, 300)
  })
})

describe('other HTTP failures', () => {
  it("give 'HTTP request failed' with the status when the answer has no error text", async () => {
    const payer = await funded(200)
    proxy.fail(MELT_QUOTE, { kind: 'json', status: 502, body: {} })
    const error = (await failure(
      payer.wallet.quotePayment(lightning.create(50_000, '52'.repeat(32))),
    )) as Error & { status?: number }
    expect(error.name).toBe('HttpResponseError')
    expect(error.message).toBe('HTTP request failed')
    expect(error.status).toBe(502)
  })

  it("give the server's own text (a 500 text/plain page); a failed send keeps its proofs", async () => {
    const sender = await funded(300)
    const checks = proxy.hits('/v1/checkstate')
    proxy.fail(SWAP, { kind: 'text', status: 500, body: 'upstream exploded' })
    const error = await failure(sender.wallet.send(proxy.url, 100))
    expect(error.message).toBe('upstream exploded')
    // A 500 leaves the outcome unknown: the mint was asked, said unspent, the proofs came back.
    expect(proxy.hits('/v1/checkstate')).toBeGreaterThan(checks)
    await expectIntact(sender, 300)
    // And the wallet still works once the mint does.
    proxy.clear()
    await sender.wallet.send(proxy.url, 100)
    expect(sender.wallet.view().total).toBe(200)
  })
})

describe("an unparseable body: 'bad response'", () => {
  it('fails a payment, leaving the invoice unpaid and the proofs in the book', async () => {
    const payer = await funded(500)
    const invoice = lightning.create(100_000, '53'.repeat(32))
    const quote = await payer.wallet.quotePayment(invoice)
    proxy.fail(MELT, { kind: 'garbage' })
    const error = await failure(payer.wallet.pay(quote.id))
    expect(error.message).toBe('bad response')
    expect(lightning.lookup(invoice)?.paid).toBe(false)
    await expectIntact(payer, 500)
  })

  it('fails a deposit whose quote came back as garbage, with the text in its view', async () => {
    const who = await funded(100)
    proxy.fail(MINT_QUOTE, { kind: 'garbage' })
    const id = who.wallet.deposit(proxy.url, 50)
    const view = () => who.wallet.view().deposits.find((d) => d.id === id)
    await until(() => view()?.outcome === 'failed', 'the failed deposit')
    expect(view()?.error).toBe('bad response')
    expect((await who.store.read(who.pubkey)).quotes).toEqual([])
    await expectIntact(who, 100)
  })

  it('keeps a deposit and its quote while the quote check answers garbage', async () => {
    const who = await funded(100)
    // Polling only (no NUT-17), so every look at the quote goes through the faulted path.
    proxy.refuseWebSocket()
    proxy.fail(QUOTE_CHECK, { kind: 'garbage' })
    const id = who.wallet.deposit(proxy.url, 64)
    const view = () => who.wallet.view().deposits.find((d) => d.id === id)
    await until(() => view()?.invoice != null, 'the invoice')
    lightning.pay(view()?.invoice as string)
    const before = proxy.hits(QUOTE_CHECK)
    await until(() => proxy.hits(QUOTE_CHECK) >= before + 2, 'two garbage checks')

    expect(view()?.step).toMatch(/^awaitingPayment/)
    expect(view()?.outcome).toBeNull()
    const stored = (await who.store.read(who.pubkey)).quotes
    expect(stored.map((q) => [q.mint, q.amount, q.request])).toEqual([
      [proxy.url, 64, view()?.invoice],
    ])

    // The mint answers again: the next check finds the quote paid.
    proxy.clear()
    proxy.refuseWebSocket()
    await until(() => view()?.outcome === 'minted' && view()?.step === 'done', 'the deposit')
    expect(who.wallet.view().total).toBe(164)
    expect((await who.store.read(who.pubkey)).quotes).toEqual([])
  })
})

describe('a network failure', () => {
  it('reaches the caller as a NetworkError; a send cut off keeps its proofs', async () => {
    const sender = await funded(300)
    proxy.fail(MELT_QUOTE, { kind: 'drop' })
    const error = await failure(
      sender.wallet.quotePayment(lightning.create(50_000, '54'.repeat(32))),
    )
    expect(error.name).toBe('NetworkError')
    // Node's fetch says 'fetch failed' (a browser: 'Failed to fetch'); cashu-ts keeps its text.
    expect(error.message).toBe('fetch failed')

    proxy.fail(SWAP, { kind: 'drop' })
    const sent = await failure(sender.wallet.send(proxy.url, 100))
    expect(sent.message).toBe('fetch failed')
    await expectIntact(sender, 300)
  })
})

describe('mint loading through a mint that stalls on one path', () => {
  it("gives up with 'timeout loading mint', reported as 'unable to load wallet for mint {url}'", async () => {
    proxy.fail('/v1/keysets', { kind: 'hang' })
    const error = await failure(loadMint(proxy.url, 300))
    expect(error.message).toBe(MINT_ERRORS.unableToLoad(proxy.url))
    expect((error.cause as Error).message).toBe(MINT_ERRORS.timeout)
  })
})

describe('the NUT-17 websocket refused', () => {
  it("fails the subscription with 'Failed to connect to WebSocket...' ('Failed to open WebSocket')", async () => {
    const wallet = walletFor(await loadMint(proxy.url))
    const quote = await wallet.createMintQuoteBolt11(10)
    proxy.refuseWebSocket()
    const error = await failure(
      wallet.on.mintQuotePaid(
        quote.quote,
        () => {},
        () => {},
      ),
    )
    expect(error.message).toBe('Failed to connect to WebSocket...')
    expect((error.cause as Error).message).toBe('Failed to open WebSocket')
  })

  it('does not stop a deposit: it falls back to polling and mints', async () => {
    const who = await funded(10)
    proxy.refuseWebSocket()
    const checks = proxy.hits(QUOTE_CHECK)
    await deposit(who.wallet, lightning, proxy.url, 20)
    expect(proxy.hits(QUOTE_CHECK)).toBeGreaterThan(checks)
    expect(who.wallet.view().total).toBe(30)
  })
})

describe('a send at a mint that charges input fees (spec §5)', () => {
  let feeMint: MintHandle
  beforeAll(async () => {
    feeMint = await startMint({ lightning, name: 'Fee Mint', keysets: [{ inputFeePpk: 1000 }] })
  })
  afterAll(() => feeMint.stop())

  async function fundedAtFeeMint(amount: number) {
    const who = user()
    const store = freshStore('cashu-fees')
    const wallet = startCashuWallet({ ...who, store })
    await wallet.open()
    await wallet.createSeed()
    await wallet.addMint(feeMint.url)
    await deposit(wallet, lightning, feeMint.url, amount)
    return { ...who, store, wallet }
  }

  it("picks enough for the receiver's fee too: the receiver gets the whole amount", async () => {
    const sender = await fundedAtFeeMint(100) // 64 + 32 + 4, 1 sat per input
    const token = await sender.wallet.send(feeMint.url, 30)
    const receiver = await fundedAtFeeMint(1)
    expect(await receiver.wallet.receive(token)).toMatchObject({ amount: 30 })
    expect(receiver.wallet.view().total).toBe(31)
    const { book } = await sender.store.read(sender.pubkey)
    expect(book.journal).toEqual([])
    expect(sender.wallet.view().total).toBeLessThan(70)
  })

  it("refuses more than the balance net of fees with 'Not enough funds available to send'", async () => {
    const sender = await fundedAtFeeMint(100)
    const error = await failure(sender.wallet.send(feeMint.url, 97))
    expect(error.message).toBe(MINT_ERRORS.notEnough)
    expect(sender.wallet.view().total).toBe(100)
    expect((await sender.store.read(sender.pubkey)).book.journal).toEqual([])
  })
})

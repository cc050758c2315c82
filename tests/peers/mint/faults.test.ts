/**
 * The mint fault proxy's 'after-*' faults: the request reaches the mint, which acts on it (a
 * swap spends and signs, a mint issues, a melt pays, checkstate and restore answer), then the
 * answer is lost (after-drop, after-hang) or replaced by a coded error (after-json).
 */
import { injectWebSocketImpl, type Proof, Wallet } from '@cashu/cashu-ts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createFakeLightning } from '../fake-lightning.ts'
import { type FaultyMint, startFaultyMint } from './faults.ts'
import { type MintHandle, startMint } from './server.ts'
import { proofY } from './signing.ts'

injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket)

const lightning = createFakeLightning()
let mint: MintHandle
let proxy: FaultyMint
let wallet: Wallet
beforeAll(async () => {
  mint = await startMint({ lightning })
  proxy = await startFaultyMint(mint.url)
  wallet = new Wallet(proxy.url)
  await wallet.loadMint()
})
afterEach(() => proxy.clear())
afterAll(async () => {
  await proxy.stop()
  await mint.stop()
})

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: Error & { code?: number }) => error,
  )

async function minted(amount: number): Promise<Proof[]> {
  const quote = await wallet.createMintQuoteBolt11(amount)
  lightning.pay(quote.request)
  return wallet.mintProofsBolt11(amount, quote)
}

const stateAtMint = (proofs: Proof[]) =>
  proofs.map((p) => mint.ledger.state(proofY(p.secret)).state)

describe('faults after the mint acted', () => {
  it('after-drop on a swap: the client gets a network error, the mint spent the inputs', async () => {
    const proofs = await minted(8)
    proxy.fail('/v1/swap', { kind: 'after-drop' })
    const error = await rejection(wallet.receive({ mint: proxy.url, unit: 'sat', proofs }))
    expect(error.name).toBe('NetworkError')
    expect(stateAtMint(proofs)).toEqual(proofs.map(() => 'SPENT'))
  })

  it('after-json on a mint: the client gets the coded error, the mint issued the quote', async () => {
    const quote = await wallet.createMintQuoteBolt11(4)
    lightning.pay(quote.request)
    proxy.fail('/v1/mint/bolt11', {
      kind: 'after-json',
      status: 400,
      body: { code: 11000, detail: 'lost' },
    })
    const error = await rejection(wallet.mintProofsBolt11(4, quote))
    expect([error.code, error.message]).toEqual([11000, 'lost'])
    expect(mint.quotes.mintQuote(quote.quote).state).toBe('ISSUED')
  })

  it('after-json on a melt: the coded error, while the mint paid the invoice', async () => {
    const proofs = await minted(64)
    const invoice = lightning.create(10_000, '71'.repeat(32))
    const quote = await wallet.createMeltQuoteBolt11(invoice)
    proxy.fail('/v1/melt/bolt11', {
      kind: 'after-json',
      status: 400,
      body: { code: 20005, detail: 'quote is pending' },
    })
    const error = await rejection(wallet.meltProofsBolt11(quote, proofs))
    expect(error.code).toBe(20005)
    expect(lightning.lookup(invoice)?.paid).toBe(true)
    expect(mint.quotes.meltQuote(quote.quote).state).toBe('PAID')
  })

  it('after-drop on checkstate and restore: counted, answered by the mint, lost', async () => {
    const proofs = await minted(2)
    const [checks, restores] = [proxy.hits('/v1/checkstate'), proxy.hits('/v1/restore')]
    proxy.fail('/v1/checkstate', { kind: 'after-drop' })
    proxy.fail('/v1/restore', { kind: 'after-drop' })
    expect((await rejection(wallet.checkProofsStates(proofs))).name).toBe('NetworkError')
    const seeded = new Wallet(proxy.url, { bip39seed: new Uint8Array(64).fill(3) })
    await seeded.loadMint()
    expect((await rejection(seeded.restore(0, 4))).name).toBe('NetworkError')
    expect(proxy.hits('/v1/checkstate')).toBe(checks + 1)
    expect(proxy.hits('/v1/restore')).toBe(restores + 1)
  })

  it('after-hang: the mint acted and the client is still waiting', async () => {
    const proofs = await minted(4)
    proxy.fail('/v1/swap', { kind: 'after-hang' })
    let settled = false
    const done = () => {
      settled = true
    }
    // Cut when the proxy stops, after this test.
    wallet.receive({ mint: proxy.url, unit: 'sat', proofs }).then(done, done)
    const start = Date.now()
    while (stateAtMint(proofs).some((s) => s !== 'SPENT') && Date.now() - start < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    expect(stateAtMint(proofs)).toEqual(proofs.map(() => 'SPENT'))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(settled).toBe(false)
  })
})

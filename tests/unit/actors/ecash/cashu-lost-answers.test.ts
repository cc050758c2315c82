// Answers lost after the mint acted (spec §4, §8; NUT-07, NUT-09, NUT-13), against the real test
// mint behind the fault proxy's 'after-*' faults (tests/peers/mint/faults.ts): the mint does the
// swap or the melt, then the wallet gets no answer or a coded error instead. No sat is lost and
// the balance is right once the wallet has recovered (at once where the mint can be asked, when
// the wallet opens again where it cannot). Also every mint request's timeout.
import 'fake-indexeddb/auto'
import { injectWebSocketImpl, Wallet } from '@cashu/cashu-ts'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import { MELT_ERRORS, PENDING_MELT } from '../../../../src/actors/ecash/cashu-melt.ts'
import { loadMint, walletFor } from '../../../../src/actors/ecash/cashu-mint-loader.ts'
import { startCashuWallet } from '../../../../src/actors/ecash/cashu-wallet.ts'
import { RECOVERY_ERRORS } from '../../../../src/core/ecash/cashu-errors.ts'
import { MINT_REQUEST_TIMEOUT_MS } from '../../../../src/core/ecash/cashu-mint.ts'
import { proofsIn } from '../../../../src/core/ecash/cashu-proof-book.ts'
import { createFakeLightning } from '../../../peers/fake-lightning.ts'
import { type FaultyMint, startFaultyMint } from '../../../peers/mint/faults.ts'
import { type MintHandle, startMint } from '../../../peers/mint/server.ts'
import { deposit, failure, freshStore, switchable, until, user } from './cashu-fixtures.ts'

// Node 20 has no global WebSocket; cashu-ts reads it at import time.
injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket)

const lightning = createFakeLightning()
let mint: MintHandle
let proxy: FaultyMint
/** A wallet straight at the mint, to ask it what it holds (NUT-07). */
let auditor: Wallet
beforeAll(async () => {
  mint = await startMint({ lightning, name: 'Lossy Mint' })
  proxy = await startFaultyMint(mint.url)
  auditor = new Wallet(mint.url)
  await auditor.loadMint()
})
afterEach(() => proxy.clear())
afterAll(async () => {
  await proxy.stop()
  await mint.stop()
})

const SWAP = '/v1/swap'
const MELT = '/v1/melt/bolt11'
const CHECKSTATE = '/v1/checkstate'
const RESTORE = '/v1/restore'

/** A wallet with a seed and the mint (behind the proxy); `amount` sats deposited if above 0. */
async function opened(amount = 0, who: ReturnType<typeof user> = user()) {
  const store = freshStore('cashu-lost')
  const wallet = startCashuWallet({ ...who, store })
  await wallet.open()
  await wallet.createSeed()
  await wallet.addMint(proxy.url)
  if (amount > 0) await deposit(wallet, lightning, proxy.url, amount)
  return { ...who, store, wallet }
}

/**
 * The book holds `amount` sats available, every one of them unspent at the mint, and no
 * operation is open: nothing lost, nothing counted that the mint has spent.
 */
async function expectSound(who: Awaited<ReturnType<typeof opened>>, amount: number) {
  const { book, opCounters } = await who.store.read(who.pubkey)
  expect(book.journal).toEqual([])
  expect(opCounters).toEqual({})
  const available = proofsIn(book, 'available', proxy.url)
  expect(available.reduce((sum, p) => sum + p.amount, 0)).toBe(amount)
  const states = await auditor.checkProofsStates(available)
  expect(states.map((s) => s.state)).toEqual(available.map(() => 'UNSPENT'))
  expect(who.wallet.view().total).toBe(amount)
}

describe('a receive whose answer is lost after the mint swapped', () => {
  it('restores the new proofs at once from the noted counters', async () => {
    const sender = await opened(100)
    const token = await sender.wallet.send(proxy.url, 40)
    const receiver = await opened()
    proxy.fail(SWAP, { kind: 'after-drop' })
    expect(await receiver.wallet.receive(token)).toEqual({ mint: proxy.url, amount: 40 })
    expect(receiver.wallet.view().history[0]).toMatchObject({ kind: 'receive', amount: 40 })
    await expectSound(receiver, 40)
  })

  it(`says '${RECOVERY_ERRORS.receive}' when the mint cannot be asked, and recovers when the wallet opens again`, async () => {
    const sender = await opened(100)
    const token = await sender.wallet.send(proxy.url, 25)
    const receiver = await opened()
    proxy.fail(SWAP, { kind: 'after-drop' })
    proxy.fail(RESTORE, { kind: 'drop' })
    const error = await failure(receiver.wallet.receive(token))
    expect(error.message).toBe(RECOVERY_ERRORS.receive)
    // The counters stay noted: what the mint signed can still be found.
    expect(Object.keys((await receiver.store.read(receiver.pubkey)).opCounters)).toHaveLength(1)
    proxy.clear()
    const reopened = startCashuWallet({ ...receiver, store: receiver.store.reopen() })
    await reopened.open()
    await until(() => reopened.view().total === 25, 'the recovered receive')
    await expectSound({ ...receiver, wallet: reopened }, 25)
  })
})

describe('a deposit whose answer is lost after the mint issued', () => {
  it("restores the minted proofs from the noted counters (the retry hears 'already issued')", async () => {
    const who = await opened()
    proxy.fail('/v1/mint/bolt11', { kind: 'after-drop' }, 1)
    const id = who.wallet.deposit(proxy.url, 50)
    const view = () => who.wallet.view().deposits.find((d) => d.id === id)
    await until(() => view()?.invoice != null, 'the invoice')
    lightning.pay(view()?.invoice as string)
    await until(() => who.wallet.view().total === 50, 'the recovered deposit')
    expect(who.wallet.view().history[0]).toMatchObject({ kind: 'deposit', amount: 50 })
    await until(() => view()?.step === 'done', 'the deposit done')
    await expectSound(who, 50)
  })
})

describe('a send whose answer is lost after the mint swapped', () => {
  it('answered by a code no NUT proves a refusal: checkstate, then its outputs restored', async () => {
    const sender = await opened(300)
    proxy.fail(SWAP, {
      kind: 'after-json',
      status: 400,
      body: { code: 11000, detail: 'upstream said no' },
    })
    const error = await failure(sender.wallet.send(proxy.url, 100))
    expect(error.message).toBe('upstream said no')
    // Every sat is back (the token never reached anyone), as proofs the mint holds unspent.
    await expectSound(sender, 300)
  })
})

describe('a send whose answer and checkstate are both lost', () => {
  it(`says '${RECOVERY_ERRORS.send}', keeps the proofs reserved, and settles when the wallet opens again`, async () => {
    const sender = await opened(300)
    proxy.fail(SWAP, { kind: 'after-drop' })
    proxy.fail(CHECKSTATE, { kind: 'drop' })
    const error = await failure(sender.wallet.send(proxy.url, 120))
    expect(error.message).toBe(RECOVERY_ERRORS.send)
    expect((await sender.store.read(sender.pubkey)).book.journal).toHaveLength(1)
    proxy.clear()
    const reopened = startCashuWallet({ ...sender, store: sender.store.reopen() })
    await reopened.open()
    await until(() => reopened.view().total === 300, 'the settled send')
    await expectSound({ ...sender, wallet: reopened }, 300)
  })
})

describe('a payment whose answer is lost after the mint paid', () => {
  it("answered 'quote is pending' (20005): not released; settled as paid, its change restored", async () => {
    const payer = await opened(500)
    const invoice = lightning.create(100_000, '61'.repeat(32))
    const quote = await payer.wallet.quotePayment(invoice)
    proxy.fail(MELT, {
      kind: 'after-json',
      status: 400,
      body: { code: 20005, detail: 'quote is pending' },
    })
    expect(await payer.wallet.pay(quote.id)).toMatchObject({ amount: 100 })
    expect(lightning.lookup(invoice)?.paid).toBe(true)
    expect(payer.wallet.view().history[0]).toMatchObject({ kind: 'pay', amount: 100 })
    await expectSound(payer, 400)
  })

  it('with the connection dropped: settled as paid, its change restored', async () => {
    const payer = await opened(500)
    const invoice = lightning.create(60_000, '62'.repeat(32))
    const quote = await payer.wallet.quotePayment(invoice)
    proxy.fail(MELT, { kind: 'after-drop' })
    expect(await payer.wallet.pay(quote.id)).toMatchObject({ amount: 60 })
    await expectSound(payer, 440)
  })

  it(`says '${RECOVERY_ERRORS.payment}' when checkstate fails too (it used to wait for ever); settled when the wallet opens again`, async () => {
    const payer = await opened(500)
    const invoice = lightning.create(70_000, '63'.repeat(32))
    const quote = await payer.wallet.quotePayment(invoice)
    proxy.fail(MELT, { kind: 'after-drop' })
    proxy.fail(CHECKSTATE, { kind: 'drop' })
    const error = await failure(payer.wallet.pay(quote.id))
    expect(error.message).toBe(RECOVERY_ERRORS.payment)
    // Reserved, not released: the mint may have spent them.
    const { book } = await payer.store.read(payer.pubkey)
    expect(book.journal).toHaveLength(1)
    expect(payer.wallet.view().total).toBeLessThan(500)
    proxy.clear()
    const reopened = startCashuWallet({ ...payer, store: payer.store.reopen() })
    await reopened.open()
    await until(() => reopened.view().total === 430, 'the settled payment')
    await expectSound({ ...payer, wallet: reopened }, 430)
  })
})

describe('a payment pending at the mint', () => {
  /**
   * The mint holds every proof of the payer PENDING (another melt of theirs paying) and answers
   * a payment of 90 sats 'quote is pending' (20005); returns the quote and the held proofs.
   */
  async function pendingPayment(payer: Awaited<ReturnType<typeof opened>>, hash: string) {
    const quote = await payer.wallet.quotePayment(lightning.create(90_000, hash))
    const held = proofsIn((await payer.store.read(payer.pubkey)).book, 'available', proxy.url)
    mint.ledger.reserve(held)
    proxy.fail(MELT, {
      kind: 'json',
      status: 400,
      body: { code: 20005, detail: 'quote is pending' },
    })
    expect((await failure(payer.wallet.pay(quote.id))).message).toBe(MELT_ERRORS.pending)
    return { quote, held }
  }

  it(`says '${MELT_ERRORS.pending}' and keeps its proofs reserved (not released, not spent) until the mint settles them`, async () => {
    const payer = await opened(500)
    const { quote, held } = await pendingPayment(payer, '64'.repeat(32))
    const reserved = await payer.store.read(payer.pubkey)
    expect(reserved.book.journal).toHaveLength(1)
    expect(proofsIn(reserved.book, 'reserved').length).toBeGreaterThan(0)
    expect(proofsIn(reserved.book, 'deleted')).toEqual([])
    expect(Object.values(reserved.opCounters)).toEqual([
      expect.objectContaining({ operation: 'melt', quote: quote.id }),
    ])
    // The mint lets them go: the next look at the quote (NUT-05) settles them from checkstate.
    proxy.clear()
    mint.ledger.release(held)
    await until(() => payer.wallet.view().total === 500, 'the settled payment')
    await expectSound(payer, 500)
  })

  it('is not watched while the wallet is closed, and is settled when it opens again', async () => {
    const who = switchable(user())
    const payer = await opened(500, who)
    const { held } = await pendingPayment(payer, '65'.repeat(32))
    // The page closes (the login ends); meanwhile the mint lets the proofs go. A closed wallet
    // asks nothing: past a poll's interval the reservation is still open.
    who.set(null)
    proxy.clear()
    mint.ledger.release(held)
    await new Promise((resolve) => setTimeout(resolve, PENDING_MELT.pollMs + 1000))
    expect((await payer.store.read(payer.pubkey)).book.journal).toHaveLength(1)
    // The next open settles it from the journal (NUT-07: UNSPENT, released).
    who.set(payer.pubkey)
    const reopened = startCashuWallet({ ...who, store: payer.store.reopen() })
    await reopened.open()
    await until(() => reopened.view().total === 500, 'the settled payment')
    await expectSound({ ...payer, wallet: reopened }, 500)
  })
})

describe('every mint request', () => {
  it(`gives up after MINT_REQUEST_TIMEOUT_MS (${MINT_REQUEST_TIMEOUT_MS} ms), not before`, async () => {
    const wallet = walletFor(await loadMint(proxy.url))
    proxy.fail(CHECKSTATE, { kind: 'after-hang' })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let outcome: Promise<Error> | undefined
    let settled = false
    try {
      outcome = failure(wallet.checkProofsStates([{ secret: 'ab'.repeat(32) }]))
      void outcome.finally(() => {
        settled = true
      })
      await vi.advanceTimersByTimeAsync(MINT_REQUEST_TIMEOUT_MS - 1)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
    } finally {
      vi.useRealTimers()
    }
    const error = await outcome
    expect(error.name).toBe('NetworkError')
    expect(error.message).toBe(`Request timed out after ${MINT_REQUEST_TIMEOUT_MS}ms`)
  })
})

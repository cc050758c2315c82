// Paying an invoice when the wallet's book is behind (spec §8 Payment): the mint refuses the
// melt as 'already spent', the reservation settles the proofs it reserved, and 2500 ms later a
// consolidation checks the rest of the proofs at that mint and deletes the spent ones, so the
// balance is true again. Other errors reach the caller and leave the proofs as they were.
import 'fake-indexeddb/auto'
import { Amount, injectWebSocketImpl, type Proof } from '@cashu/cashu-ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { CONSOLIDATE_DELAY_MS } from '../../../../src/actors/ecash/cashu-melt.ts'
import { loadMint, walletFor } from '../../../../src/actors/ecash/cashu-mint-loader.ts'
import { startCashuWallet } from '../../../../src/actors/ecash/cashu-wallet.ts'
import { proofsIn, type StoredProof } from '../../../../src/core/ecash/cashu-proof-book.ts'
import { encodeToken } from '../../../../src/core/ecash/cashu-token.ts'
import { createFakeLightning } from '../../../peers/fake-lightning.ts'
import { type MintHandle, startMint } from '../../../peers/mint/server.ts'
import { deposit, freshStore, until, user } from './cashu-fixtures.ts'

// Node 20 has no global WebSocket; cashu-ts reads it at import time.
injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket)

const lightning = createFakeLightning()
let mint: MintHandle
beforeAll(async () => {
  mint = await startMint({ lightning, name: 'Melt Mint' })
})
afterAll(() => mint.stop())

/** Another device with the same seed spends `proofs` (swaps them away): this book does not know. */
async function spendElsewhere(proofs: StoredProof[]) {
  const elsewhere = walletFor(await loadMint(mint.url))
  const asProofs: Proof[] = proofs.map((p) => ({ ...p, amount: Amount.from(p.amount) }))
  await elsewhere.receive(encodeToken({ mint: mint.url, proofs: asProofs, unit: 'sat' }))
}

async function funded(amount: number) {
  const who = user()
  const store = freshStore('cashu-melt')
  const wallet = startCashuWallet({ ...who, store })
  await wallet.open()
  await wallet.createSeed()
  await wallet.addMint(mint.url)
  await deposit(wallet, lightning, mint.url, amount)
  return { ...who, store, wallet }
}

describe('paying with a stale book', () => {
  it("consolidates 2500 ms after an 'already spent' refusal: the spent proofs leave the book", async () => {
    expect(CONSOLIDATE_DELAY_MS).toBe(2500)
    const payer = await funded(1000)

    const book = (await payer.store.read(payer.pubkey)).book
    await spendElsewhere(proofsIn(book, 'available', mint.url))
    expect(payer.wallet.view().total).toBe(1000)

    const invoice = lightning.create(100_000, '33'.repeat(32))
    const quote = await payer.wallet.quotePayment(invoice)
    await expect(payer.wallet.pay(quote.id)).rejects.toThrow(/already spent/i)
    const failedAt = Date.now()
    expect(lightning.lookup(invoice)?.paid).toBe(false)

    // The melt's own proofs are settled at once (deleted); the others wait for the consolidation.
    const settled = await payer.store.read(payer.pubkey)
    expect(settled.book.journal).toEqual([])
    const left = payer.wallet.view().total
    expect(left).toBeGreaterThan(0)
    expect(left).toBeLessThan(1000)

    await until(() => payer.wallet.view().total === 0, 'the consolidation', 10_000)
    expect(Date.now() - failedAt).toBeGreaterThanOrEqual(CONSOLIDATE_DELAY_MS - 50)
    const after = (await payer.store.read(payer.pubkey)).book
    expect(after.entries.every((e) => e.state === 'deleted')).toBe(true)
  })

  it('lets other errors propagate, with the proofs back and no consolidation', async () => {
    const payer = await funded(500)
    // Spent elsewhere, but only the 4-sat proof: a melt of 250 sats (253 with the reserve)
    // takes the 256 one, since all the others together make 244.
    const book = (await payer.store.read(payer.pubkey)).book
    const small = proofsIn(book, 'available', mint.url).filter((p) => p.amount === 4)
    expect(small).toHaveLength(1)
    await spendElsewhere(small)

    // An invoice no node of this ledger issued: the mint cannot pay it and says so.
    const outside = createFakeLightning().create(250_000, '44'.repeat(32))
    const quote = await payer.wallet.quotePayment(outside)
    const error = (await payer.wallet.pay(quote.id).catch((e: Error) => e)) as Error
    expect(error).toBeInstanceOf(Error)
    expect(error.message).not.toMatch(/already spent/i)

    await new Promise((resolve) => setTimeout(resolve, CONSOLIDATE_DELAY_MS + 500))
    // Nothing checked the book: the spent 4 sats still count, the rest came back.
    expect(payer.wallet.view().total).toBe(500)
    expect((await payer.store.read(payer.pubkey)).book.journal).toEqual([])
  })
})

/**
 * The deposit and proof reservation machines driven through cashu-ts against the test mint,
 * with the local proof book as storage: what src/actors will provide, end to end.
 */
import type { MeltQuoteBolt11Response, MintQuoteBolt11Response, Wallet } from '@cashu/cashu-ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, toPromise } from 'xstate'
import { CASHU } from '../../../src/core/ecash/cashu-constants.ts'
import {
  addProofs,
  balance,
  commit,
  emptyBook,
  inBatches,
  type MintProofState,
  type ProofBook,
  proofsIn,
  release,
  reserve,
  settle,
  toStoredProof,
} from '../../../src/core/ecash/cashu-proof-book.ts'
import { cashuProofSelector } from '../../../src/core/ecash/cashu-select.ts'
import {
  type DepositEvent,
  type DepositQuote,
  depositMachine,
} from '../../../src/machines/deposit.machine.ts'
import { proofReservationMachine } from '../../../src/machines/proof-reservation.machine.ts'
import { createFakeLightning, type FakeLightning } from '../../peers/fake-lightning.ts'
import { startMintWallet } from '../../peers/mint/mint-wallet.ts'
import type { MintHandle } from '../../peers/mint/server.ts'

let lightning: FakeLightning
let mint: MintHandle
let wallet: Wallet
const store: { book: ProofBook } = { book: emptyBook() }
const quotesById = new Map<string, MintQuoteBolt11Response>()
/** Quotes the deposits polled (a deposit told by NUT-17 never polls). */
const checks: string[] = []

beforeAll(async () => {
  ;({ lightning, mint, wallet } = await startMintWallet({
    mint: { keysets: [{ inputFeePpk: 100 }] },
    wallet: { selectProofs: cashuProofSelector(() => performance.now(), Math.random) },
  }))
})
afterAll(() => mint.stop())

/** The effects of a deposit, by cashu-ts, into the proof book. */
function depositWith(onQuote: (quote: DepositQuote) => void, deleted: string[]) {
  return depositMachine.provide({
    actors: {
      createQuote: fromPromise(async ({ input }) => {
        const quote = await wallet.createMintQuoteBolt11(input.amount)
        quotesById.set(quote.quote, quote)
        const made = {
          quote: quote.quote,
          request: quote.request,
          amount: input.amount,
          expiry: quote.expiry ?? null,
        }
        onQuote(made)
        return made
      }),
      watchQuote: fromCallback<DepositEvent, { mint: string; quote: DepositQuote }>(
        ({ input, sendBack }) => {
          const cancel = wallet.on.mintQuotePaid(
            input.quote.quote,
            () => sendBack({ type: 'deposit.paid' }),
            () => {},
          )
          return () => void cancel.then((stop) => stop())
        },
      ),
      checkQuote: fromPromise(
        async ({ input }) => (await wallet.checkMintQuoteBolt11(input.quote.quote)).state,
      ),
      mintProofs: fromPromise(async ({ input }) =>
        (await wallet.mintProofsBolt11(input.quote.amount, input.quote.quote)).map(toStoredProof),
      ),
      saveProofs: fromPromise(async ({ input }) => {
        store.book = addProofs(store.book, input.mint, input.proofs, Date.now())
      }),
      deleteQuote: fromPromise(async ({ input }) => {
        deleted.push(input.quote.quote)
      }),
    },
  })
}

/** A melt through the reservation machine: the book's proofs, the mint's word on them. */
function meltWith(meltQuote: MeltQuoteBolt11Response) {
  return proofReservationMachine.provide({
    actors: {
      reserve: fromPromise(async ({ input }) => {
        store.book = reserve(store.book, input, Date.now())
      }),
      operation: fromPromise(async ({ input }) => {
        const inputs = proofsIn(store.book, 'reserved').filter((p) =>
          input.secrets.includes(p.secret),
        )
        const { change } = await wallet.meltProofsBolt11(meltQuote, inputs)
        return { spent: input.secrets, change: change.map(toStoredProof) }
      }),
      commit: fromPromise(async ({ input }) => {
        store.book = commit(
          store.book,
          input.opId,
          input.result.spent,
          input.result.change,
          Date.now(),
        )
      }),
      release: fromPromise(async ({ input }) => {
        store.book = release(store.book, input.opId, Date.now())
      }),
      checkState: fromPromise(async ({ input }) => {
        const proofs = store.book.entries
          .map((e) => e.proof)
          .filter((p) => input.secrets.includes(p.secret))
        const states = await wallet.checkProofsStates(proofs)
        return Object.fromEntries(
          proofs.map((p, i) => [p.secret, states[i]?.state as MintProofState]),
        )
      }),
      settle: fromPromise(async ({ input }) => {
        store.book = settle(store.book, input.opId, (s) => input.states[s], Date.now())
      }),
    },
  })
}

describe('ecash flows against the test mint', () => {
  it('deposits 1000 sats: quote, paid (heard over NUT-17), minted, saved, quote event deleted', async () => {
    const deleted: string[] = []
    const machine = depositWith((quote) => lightning.pay(quote.request), deleted)
    const actor = createActor(machine, { input: { mint: mint.url, amount: 1000 } }).start()
    const output = await toPromise(actor)
    expect(output.outcome).toBe('minted')
    expect(output.proofs.reduce((s, p) => s + p.amount, 0)).toBe(1000)
    expect(balance(store.book, mint.url)).toBe(1000)
    expect(deleted).toHaveLength(1)
    expect(checks, 'paid was heard over the websocket, not by polling').toEqual([])
  })

  it('resumed after a reload, a quote already minted ends as issued, counting nothing twice', async () => {
    const [quoteId] = quotesById.keys()
    const quote = quotesById.get(quoteId as string) as MintQuoteBolt11Response
    const deleted: string[] = []
    const resumed = { quote: quote.quote, request: quote.request, amount: 1000, expiry: null }
    const actor = createActor(
      depositWith(() => {}, deleted),
      {
        input: { mint: mint.url, amount: 1000, quote: resumed },
      },
    ).start()
    const output = await toPromise(actor)
    expect(output).toEqual({ outcome: 'issued', proofs: [], error: null })
    expect(deleted).toEqual([quote.quote])
    expect(balance(store.book, mint.url)).toBe(1000)
  })

  it('pays an invoice with reserved proofs and keeps the change', async () => {
    const invoice = lightning.create(100_000, '00'.repeat(32))
    const meltQuote = await wallet.createMeltQuoteBolt11(invoice)
    const needed = meltQuote.amount.add(meltQuote.fee_reserve)
    const { send } = wallet.selectProofsToSend(
      proofsIn(store.book, 'available', mint.url),
      needed,
      true,
    )
    const secrets = send.map((p) => p.secret)
    const actor = createActor(meltWith(meltQuote), {
      input: { opId: 'pay-1', kind: 'melt', mint: mint.url, secrets },
    }).start()
    const output = await toPromise(actor)
    expect(output).toEqual({ outcome: 'succeeded', error: null })
    const fee = Math.ceil((send.length * 100) / 1000)
    expect(balance(store.book, mint.url)).toBe(1000 - 100 - fee)
    expect(store.book.journal).toEqual([])
    // The book agrees with the mint: every available proof is unspent there.
    const states = await wallet.checkProofsStates(proofsIn(store.book, 'available', mint.url))
    expect(new Set(states.map((s) => s.state))).toEqual(new Set(['UNSPENT']))
  })

  it('returns the proofs once checkstate says unspent when the mint cannot pay an invoice (20004 proves nothing: NUT-05)', async () => {
    const before = balance(store.book, mint.url)
    const outside = createFakeLightning().create(10_000, '11'.repeat(32))
    const meltQuote = await wallet.createMeltQuoteBolt11(outside)
    const needed = meltQuote.amount.add(meltQuote.fee_reserve)
    const { send } = wallet.selectProofsToSend(
      proofsIn(store.book, 'available', mint.url),
      needed,
      true,
    )
    const actor = createActor(meltWith(meltQuote), {
      input: { opId: 'pay-2', kind: 'melt', mint: mint.url, secrets: send.map((p) => p.secret) },
    }).start()
    const output = await toPromise(actor)
    expect(output.outcome).toBe('reconciled')
    expect(output.error).toContain('lightning payment failed')
    expect(store.book.journal).toEqual([])
    expect(balance(store.book, mint.url)).toBe(before)
  })

  it('after a reload mid-payment, checkstate settles what the mint spent', async () => {
    const before = balance(store.book, mint.url)
    const invoice = lightning.create(50_000, '22'.repeat(32))
    const meltQuote = await wallet.createMeltQuoteBolt11(invoice)
    const needed = meltQuote.amount.add(meltQuote.fee_reserve)
    const { send } = wallet.selectProofsToSend(
      proofsIn(store.book, 'available', mint.url),
      needed,
      true,
    )
    const secrets = send.map((p) => p.secret)
    // The page reserved the proofs, the mint paid, then the page went away before committing.
    store.book = reserve(
      store.book,
      { opId: 'pay-3', kind: 'melt', mint: mint.url, secrets },
      Date.now(),
    )
    await wallet.meltProofsBolt11(meltQuote, send)
    // One batch here; 250 proofs in three: tests/unit/actors/ecash/proof-reservation.effects.test.ts
    expect(inBatches(secrets, CASHU.checkstateBatch)).toHaveLength(1)
    const actor = createActor(meltWith(meltQuote), {
      input: { opId: 'pay-3', kind: 'melt', mint: mint.url, secrets, resume: true },
    }).start()
    const output = await toPromise(actor)
    expect(output.outcome).toBe('reconciled')
    expect(store.book.journal).toEqual([])
    expect(proofsIn(store.book, 'reserved')).toEqual([])
    const spentValue = send.reduce((s, p) => s + p.amount.toNumber(), 0)
    // The inputs are gone from the balance; their change needs a NUT-13 restore (not here).
    expect(balance(store.book, mint.url)).toBe(before - spentValue)
  })
})

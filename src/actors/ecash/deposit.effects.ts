/**
 * The deposit machine with real effects: cashu-ts against the mint, the wallet record in
 * IndexedDB. The quote is stored as soon as the mint makes it, so a reload resumes the deposit;
 * the minted proofs, the history entry and the quote's removal land in one write. The counters
 * minting takes are noted first: when a reload lost the mint's answer, the resumed deposit
 * finds the quote issued and restores (NUT-13) the proofs from them instead of losing them.
 */
import type { Wallet } from '@cashu/cashu-ts'
import { fromCallback, fromPromise } from 'xstate'
import { addProofs, toStoredProof } from '../../core/ecash/cashu-proof-book.ts'
import {
  type DepositEvent,
  type DepositQuote,
  depositMachine,
} from '../../machines/deposit.machine.ts'
import { forgetCounters, noteCounters, recoverOutputs } from './cashu-recover.ts'
import type { CashuStore } from './cashu-store.ts'

export interface DepositDeps {
  store: CashuStore
  pubkey: string
  walletOf(mint: string): Promise<Wallet>
  now(): number
  newId(): string
}

/** The key under which a deposit notes its counters. */
const opKey = (quote: string) => `deposit:${quote}`

export function depositLogic({ store, pubkey, walletOf, now, newId }: DepositDeps) {
  return depositMachine.provide({
    actors: {
      createQuote: fromPromise(async ({ input }) => {
        const wallet = await walletOf(input.mint)
        const made = await wallet.createMintQuoteBolt11(input.amount)
        const quote: DepositQuote = {
          quote: made.quote,
          request: made.request,
          amount: input.amount,
          expiry: made.expiry ?? null,
        }
        await store.update(pubkey, (record) => ({
          ...record,
          quotes: [...record.quotes, { ...quote, mint: input.mint }],
        }))
        return quote
      }),
      watchQuote: fromCallback<DepositEvent, { mint: string; quote: DepositQuote }>(
        ({ input, sendBack }) => {
          let stopped = false
          let cancel: (() => void) | undefined
          walletOf(input.mint)
            .then((wallet) =>
              // A mint without NUT-17 reports an error here: polling carries on regardless.
              wallet.on.mintQuotePaid(
                input.quote.quote,
                () => sendBack({ type: 'deposit.paid' }),
                () => {},
              ),
            )
            .then(
              (stop) => {
                if (stopped) stop()
                else cancel = stop
              },
              () => {},
            )
          return () => {
            stopped = true
            cancel?.()
          }
        },
      ),
      checkQuote: fromPromise(async ({ input }) => {
        const wallet = await walletOf(input.mint)
        return (await wallet.checkMintQuoteBolt11(input.quote.quote)).state
      }),
      mintProofs: fromPromise(async ({ input }) => {
        const wallet = await walletOf(input.mint)
        const keysetId = wallet.keysetId
        await store.update(pubkey, (record) =>
          noteCounters(record, opKey(input.quote.quote), { keysetId, mint: input.mint, at: now() }),
        )
        const proofs = await wallet.mintProofsBolt11(input.quote.amount, input.quote.quote)
        return proofs.map(toStoredProof)
      }),
      saveProofs: fromPromise(async ({ input }) => {
        const at = now()
        const amount = input.proofs.reduce((sum, p) => sum + p.amount, 0)
        await store.update(pubkey, (record) => ({
          ...record,
          book: addProofs(record.book, input.mint, input.proofs, at),
          history: [
            { id: newId(), kind: 'deposit', mint: input.mint, amount, at },
            ...record.history,
          ],
          quotes: record.quotes.filter((q) => q.quote !== input.quote.quote),
          opCounters: forgetCounters(record, opKey(input.quote.quote)),
        }))
      }),
      deleteQuote: fromPromise(async ({ input }) => {
        const key = opKey(input.quote.quote)
        const record = await store.read(pubkey)
        const recovered = record.opCounters[key]
          ? await recoverOutputs(await walletOf(input.mint), record, key)
          : []
        const amount = recovered.reduce((sum, p) => sum + p.amount, 0)
        const at = now()
        await store.update(pubkey, (latest) => ({
          ...latest,
          book: addProofs(latest.book, input.mint, recovered, at),
          history:
            amount > 0
              ? [{ id: newId(), kind: 'deposit', mint: input.mint, amount, at }, ...latest.history]
              : latest.history,
          quotes: latest.quotes.filter((q) => q.quote !== input.quote.quote),
          opCounters: forgetCounters(latest, key),
        }))
      }),
    },
  })
}

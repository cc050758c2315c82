/**
 * The proof reservation machine with real effects (spec §4): reserving, committing and
 * releasing are writes of the wallet record; checkstate asks the mint. Settling after a reload
 * also restores (NUT-13) the outputs the interrupted operation may have had signed, from the
 * counters it reserved, so that change (and an unsent token) come back instead of being lost.
 */
import type { Wallet } from '@cashu/cashu-ts'
import { fromPromise } from 'xstate'
import {
  addProofs,
  commit,
  type MintProofState,
  type ProofBook,
  release,
  reserve,
  type StoredProof,
  settle,
} from '../../core/ecash/cashu-proof-book.ts'
import {
  type OperationResult,
  proofReservationMachine,
} from '../../machines/proof-reservation.machine.ts'
import { forgetCounters, noteCounters, recoverOutputs } from './cashu-recover.ts'
import type { CashuStore, HistoryEntry, WalletRecord } from './cashu-store.ts'

export interface ReservationDeps {
  store: CashuStore
  pubkey: string
  walletOf(mint: string): Promise<Wallet>
  now(): number
}

type Operation = (
  wallet: Wallet,
  reserved: StoredProof[],
) => Promise<OperationResult & { history?: HistoryEntry }>

/**
 * The reservation machine for one operation (or for settling one a reload interrupted); `noted`
 * joins the operation's pending recovery record (a melt's quote).
 */
export function reservationLogic(
  deps: ReservationDeps,
  operation?: Operation,
  noted: { quote?: string } = {},
) {
  const { store, pubkey, walletOf, now } = deps
  let history: HistoryEntry | undefined
  const update = (change: (record: WalletRecord) => WalletRecord) => store.update(pubkey, change)
  const setBook = (record: WalletRecord, book: ProofBook): WalletRecord => ({ ...record, book })
  return proofReservationMachine.provide({
    actors: {
      reserve: fromPromise(async ({ input }) => {
        const wallet = await walletOf(input.mint)
        const keysetId = wallet.keysetId
        const at = now()
        await update((record) =>
          noteCounters({ ...record, book: reserve(record.book, input, at) }, input.opId, {
            keysetId,
            mint: input.mint,
            at,
            operation: input.kind,
            ...noted,
          }),
        )
      }),
      operation: fromPromise(async ({ input }) => {
        if (!operation) throw new Error('Nothing to run')
        const wallet = await walletOf(input.mint)
        const wanted = new Set(input.secrets)
        const reserved = (await store.read(pubkey)).book.entries
          .filter((e) => e.state === 'reserved' && wanted.has(e.proof.secret))
          .map((e) => e.proof)
        const result = await operation(wallet, reserved)
        history = result.history
        return { spent: result.spent, change: result.change }
      }),
      commit: fromPromise(async ({ input }) => {
        await update((record) => ({
          ...setBook(
            record,
            commit(record.book, input.opId, input.result.spent, input.result.change, now()),
          ),
          history: history ? [history, ...record.history] : record.history,
          opCounters: forgetCounters(record, input.opId),
        }))
      }),
      release: fromPromise(async ({ input }) => {
        await update((record) => ({
          ...setBook(record, release(record.book, input.opId, now())),
          opCounters: forgetCounters(record, input.opId),
        }))
      }),
      checkState: fromPromise(async ({ input }) => {
        const wallet = await walletOf(input.mint)
        const record = await store.read(pubkey)
        const wanted = new Set(input.secrets)
        const proofs = record.book.entries.map((e) => e.proof).filter((p) => wanted.has(p.secret))
        const states = await wallet.checkProofsStates(proofs)
        return Object.fromEntries(
          proofs.map((p, i) => [p.secret, states[i]?.state as MintProofState]),
        )
      }),
      settle: fromPromise(async ({ input }) => {
        const record = await store.read(pubkey)
        const mint = record.book.journal.find((j) => j.opId === input.opId)?.mint
        const anySpent = Object.values(input.states).includes('SPENT')
        const recovered =
          mint && anySpent ? await recoverOutputs(await walletOf(mint), record, input.opId) : []
        await update((latest) => {
          const book = settle(latest.book, input.opId, (s) => input.states[s], now())
          const open = book.journal.some((j) => j.opId === input.opId)
          return {
            ...latest,
            book: mint ? addProofs(book, mint, recovered, now()) : book,
            opCounters: open ? latest.opCounters : forgetCounters(latest, input.opId),
          }
        })
      }),
    },
  })
}

/**
 * Sending and receiving ecash (spec §3 token, §5): a send reserves proofs through the proof
 * reservation machine and swaps them into a cashuB token (kept in the history); a receive
 * checks the token (version, single mint, DLEQ where present) and swaps it into new proofs.
 * A receive notes the counters it takes first: when the mint's answer is lost (the connection
 * drops, a timeout, a reply that does not parse, an unknown code) its outputs are restored from
 * them at once (NUT-09, NUT-07), or when the wallet opens again if the mint cannot be asked now.
 */
import { getTokenMetadata, stripDleq, type Wallet } from '@cashu/cashu-ts'
import { createActor } from 'xstate'
import { operationFailure, RECOVERY_ERRORS } from '../../core/ecash/cashu-errors.ts'
import { MINT_ERRORS, normalizeMintUrl } from '../../core/ecash/cashu-mint.ts'
import { addProofs, proofsIn, toStoredProof } from '../../core/ecash/cashu-proof-book.ts'
import {
  decodeToken,
  encodeToken,
  stripTokenPrefix,
  TOKEN_ERRORS,
} from '../../core/ecash/cashu-token.ts'
import { checkDleqOffThread, startDleqWorker } from './cashu-dleq-check.ts'
import { type LoadedMint, UNIT } from './cashu-mint-loader.ts'
import { completeReceiveSwap } from './cashu-receive-swap.ts'
import { forgetCounters, noteCounters, recoverNow } from './cashu-recover.ts'
import { runReservation } from './cashu-reservation-run.ts'
import { sendTarget } from './cashu-send-target.ts'
import type {
  CashuStore,
  HistoryEntry,
  MintEntry,
  NutzapNote,
  WalletRecord,
} from './cashu-store.ts'
import { reservationLogic } from './proof-reservation.effects.ts'

export interface TransferDeps {
  store: CashuStore
  pubkey: string
  loadedMint(url: string): Promise<LoadedMint>
  walletOf(url: string): Promise<Wallet>
  now(): number
  newId(): string
  /** An operation left unresolved or pending: the open wallet's settling takes it over. */
  settleLater?(): void
}

/** Sends `amount` sats from `mint` as a cashuB token, or throws why not. */
export async function sendToken(deps: TransferDeps, mint: string, amount: number) {
  const { store, pubkey, now } = deps
  const wallet = await deps.walletOf(mint)
  const available = proofsIn((await store.read(pubkey)).book, 'available', mint)
  const { send: picked } = wallet.selectProofsToSend(available, sendTarget(wallet, amount), true)
  if (picked.length === 0) throw new Error(MINT_ERRORS.notEnough)
  const opId = deps.newId()
  const logic = reservationLogic(deps, async (w, reserved) => {
    const { keep, send } = await w.send(amount, reserved, { includeFees: true })
    const token = encodeToken({ mint, proofs: send, unit: UNIT })
    return {
      spent: reserved.map((p) => p.secret),
      change: keep.map(toStoredProof),
      history: {
        id: opId,
        kind: 'send',
        mint,
        amount,
        at: now(),
        token,
        secrets: send.map((p) => p.secret),
      },
    }
  })
  const actor = createActor(logic, {
    input: { opId, kind: 'send', mint, secrets: picked.map((p) => p.secret) },
  })
  const output = await runReservation(actor, deps)
  const token = (await store.read(pubkey)).history.find((h) => h.id === opId)?.token
  if (output.outcome === 'succeeded' && token) return token
  // The mint could not be asked what became of the proofs: they stay reserved (settling).
  if (output.outcome === 'unresolved') throw new Error(RECOVERY_ERRORS.send)
  throw new Error(output.error ?? 'The send did not complete')
}

/** The token's mint, read before its keysets are known; a bad token gets the spec's message. */
function tokenMint(text: string): string {
  const body = stripTokenPrefix(text)
  if (!/^cashu[AB]/.test(body)) throw new Error(TOKEN_ERRORS.version)
  try {
    return getTokenMetadata(body).mint
  } catch (error) {
    decodeToken(body, []) // throws the spec's message where there is one
    throw error
  }
}

const withMint = (record: WalletRecord, entry: MintEntry): MintEntry[] =>
  record.mints.some((m) => m.url === entry.url) ? record.mints : [...record.mints, entry]

/** Receives a pasted token into the wallet; its mint is added when new. */
export async function receiveToken(deps: TransferDeps, text: string) {
  const { store, pubkey, now } = deps
  startDleqWorker()
  // The mint first: decoding version 01 short keyset ids needs the mint's keyset ids.
  const mint = normalizeMintUrl(tokenMint(text))
  const loaded = await deps.loadedMint(mint)
  const token = decodeToken(
    text,
    loaded.keysets.map((k) => k.id),
  )
  await checkDleqOffThread(token.proofs, loaded.keys, { require: false })
  const wallet = await deps.walletOf(mint)
  const entry: MintEntry = { url: mint, name: loaded.info.name || mint }
  const opKey = `receive:${deps.newId()}`
  await store.update(pubkey, (record) => ({
    ...noteCounters(record, opKey, {
      keysetId: wallet.keysetId,
      mint,
      at: now(),
      operation: 'receive',
    }),
    mints: withMint(record, entry),
  }))
  let proofs: ReturnType<typeof toStoredProof>[]
  try {
    // Checked above, in the worker: without them cashu-ts would check every DLEQ again, here.
    const checked = { ...token, proofs: stripDleq(token.proofs) }
    const preview = await wallet.prepareSwapToReceive(checked)
    proofs = (await completeReceiveSwap(wallet, preview)).map(toStoredProof)
  } catch (error) {
    const failure = operationFailure(error)
    if (failure === 'refused' || failure === 'spent') {
      // Refused (spent, bad token): nothing was signed, the noted counters have nothing to find.
      await store.update(pubkey, (record) => ({
        ...record,
        opCounters: forgetCounters(record, opKey),
      }))
      throw error
    }
    // The mint may have signed before its answer was lost: what it signed is restored now.
    const amount = await recoverReceive(deps, opKey).catch((cause) => {
      throw new Error(RECOVERY_ERRORS.receive, { cause })
    })
    if (amount === 0) throw error
    return { mint, amount }
  }
  const amount = proofs.reduce((sum, p) => sum + p.amount, 0)
  await store.update(pubkey, (record) => ({
    ...record,
    book: addProofs(record.book, mint, proofs, now()),
    history: [{ id: deps.newId(), kind: 'receive', mint, amount, at: now() }, ...record.history],
    opCounters: forgetCounters(record, opKey),
  }))
  return { mint, amount }
}

/** A receive's history entry; a nutzap's names it (NIP-61), which marks it redeemed here. */
export const receiveEntry = (
  deps: Pick<TransferDeps, 'newId' | 'now'>,
  mint: string,
  amount: number,
  nutzap?: NutzapNote,
): HistoryEntry => ({
  id: deps.newId(),
  kind: 'receive',
  mint,
  amount,
  at: deps.now(),
  ...(nutzap ? { nutzap } : {}),
})

/**
 * One receive's outputs restored into the book, with its history entry (naming the nutzap its
 * counters were noted for, if any); 0 when none.
 */
export const recoverReceive = (deps: TransferDeps, opKey: string) =>
  recoverNow(deps, opKey, (amount, noted) => receiveEntry(deps, noted.mint, amount, noted.nutzap))

/** Receives a reload interrupted: what the mint signed for them, restored into the book. */
export async function recoverReceives(deps: TransferDeps): Promise<void> {
  const record = await deps.store.read(deps.pubkey)
  for (const opKey of Object.keys(record.opCounters)) {
    if (opKey.startsWith('receive:')) await recoverReceive(deps, opKey)
  }
}

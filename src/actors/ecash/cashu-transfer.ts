/**
 * Sending and receiving ecash (spec §3 token, §5): a send reserves proofs through the proof
 * reservation machine and swaps them into a cashuB token (kept in the history); a receive
 * checks the token (version, single mint, DLEQ where present) and swaps it into new proofs.
 * A receive notes the counters it takes first, so a reload that lost the mint's answer is
 * recovered by a NUT-13 restore when the wallet opens again.
 */
import { getTokenMetadata, stripDleq, type Wallet } from '@cashu/cashu-ts'
import { createActor } from 'xstate'
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
import { forgetCounters, noteCounters, recoverOutputs } from './cashu-recover.ts'
import { sendTarget } from './cashu-send-target.ts'
import type { CashuStore, MintEntry, WalletRecord } from './cashu-store.ts'
import { reservationLogic } from './proof-reservation.effects.ts'

export interface TransferDeps {
  store: CashuStore
  pubkey: string
  loadedMint(url: string): Promise<LoadedMint>
  walletOf(url: string): Promise<Wallet>
  now(): number
  newId(): string
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
  const done = new Promise<void>((resolve) => actor.subscribe({ complete: resolve }))
  actor.start()
  await done
  const output = actor.getSnapshot().output
  const token = (await store.read(pubkey)).history.find((h) => h.id === opId)?.token
  if (output?.outcome === 'succeeded' && token) return token
  throw new Error(output?.error ?? 'The send did not complete')
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
    ...noteCounters(record, opKey, { keysetId: wallet.keysetId, mint, at: now() }),
    mints: withMint(record, entry),
  }))
  let proofs: ReturnType<typeof toStoredProof>[]
  try {
    // Checked above, in the worker: without them cashu-ts would check every DLEQ again, here.
    const checked = { ...token, proofs: stripDleq(token.proofs) }
    const preview = await wallet.prepareSwapToReceive(checked)
    proofs = (await completeReceiveSwap(wallet, preview)).map(toStoredProof)
  } catch (error) {
    // Refused (spent, bad token): nothing was signed, the noted counters have nothing to find.
    await store.update(pubkey, (record) => ({
      ...record,
      opCounters: forgetCounters(record, opKey),
    }))
    throw error
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

/** Receives a reload interrupted: what the mint signed for them, restored into the book. */
export async function recoverReceives(deps: TransferDeps): Promise<void> {
  const { store, pubkey, now } = deps
  const record = await store.read(pubkey)
  for (const [opKey, noted] of Object.entries(record.opCounters)) {
    if (!opKey.startsWith('receive:')) continue
    const { mint } = noted
    const recovered = await recoverOutputs(await deps.walletOf(mint), record, opKey)
    const amount = recovered.reduce((sum, p) => sum + p.amount, 0)
    await store.update(pubkey, (latest) => ({
      ...latest,
      book: addProofs(latest.book, mint, recovered, now()),
      history:
        amount > 0
          ? [{ id: deps.newId(), kind: 'receive', mint, amount, at: now() }, ...latest.history]
          : latest.history,
      opCounters: forgetCounters(latest, opKey),
    }))
  }
}

/**
 * A nutzap between the mint's swap and its publication (NIP-61 send): the locked outputs are
 * random (P2PK secrets cannot be derived from the seed), so their blinding data is written down
 * before the mint sees them, and the signed 9321 as soon as it exists. After a reload, what the
 * mint signed is restored from those outputs (NUT-09) and the nutzap is signed and published
 * then, with its history entry: the sats meant for the recipient are not lost. The sender's
 * inputs and change are settled by the proof reservation machine, as for any send.
 */
import {
  Amount,
  normalizeProofAmounts,
  OutputData,
  type OutputDataLike,
  type Wallet,
} from '@cashu/cashu-ts'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import type { NostrEvent } from 'nostr-tools/pure'
import { type StoredProof, toStoredProof } from '../../core/ecash/cashu-proof-book.ts'
import { encodeToken } from '../../core/ecash/cashu-token.ts'
import { NUTZAP_UNIT, nutzapTemplate } from '../../core/ecash/nip61.ts'
import type { CashuStore, HistoryEntry, PendingNutzap, WalletRecord } from './cashu-store.ts'

export const serializeOutputs = (outputs: readonly OutputDataLike[]): PendingNutzap['outputs'] =>
  outputs.map((o) => ({
    amount: o.blindedMessage.amount.toNumber(),
    id: o.blindedMessage.id,
    B_: o.blindedMessage.B_,
    r: o.blindingFactor.toString(16).padStart(64, '0'),
    secret: bytesToHex(o.secret),
  }))

const pendingOf = (record: WalletRecord) => record.nutzapsPending ?? []

export const savePending = (store: CashuStore, pubkey: string, pending: PendingNutzap) =>
  store.update(pubkey, (r) => ({
    ...r,
    nutzapsPending: [...pendingOf(r).filter((p) => p.opId !== pending.opId), pending],
  }))

export const dropPending = (store: CashuStore, pubkey: string, opId: string) =>
  store.update(pubkey, (r) => ({
    ...r,
    nutzapsPending: pendingOf(r).filter((p) => p.opId !== opId),
  }))

/** The locked proofs the mint signed for these outputs (none: the swap never happened). */
async function restoreLocked(
  wallet: Wallet,
  pending: PendingNutzap,
  keys: (id: string) => Parameters<OutputData['toProof']>[1] | undefined,
): Promise<StoredProof[]> {
  const blinded = pending.outputs.map((o) => ({
    amount: Amount.from(o.amount),
    id: o.id,
    B_: o.B_,
  }))
  const { outputs, signatures } = await wallet.mint.restore({ outputs: blinded })
  return outputs.flatMap((output, i) => {
    const data = pending.outputs.find((o) => o.B_ === output.B_)
    const signature = signatures[i]
    const keyset = data && keys(data.id)
    if (!data || !signature || !keyset) return []
    const message = { amount: Amount.from(data.amount), id: data.id, B_: data.B_ }
    const made = new OutputData(message, BigInt(`0x${data.r}`), hexToBytes(data.secret))
    return [toStoredProof(made.toProof(signature, keyset))]
  })
}

export interface FinishDeps {
  store: CashuStore
  pubkey: string
  now(): number
  walletOf(mint: string): Promise<Wallet>
  keysOf(mint: string): Promise<(id: string) => Parameters<OutputData['toProof']>[1] | undefined>
  sign(template: ReturnType<typeof nutzapTemplate>): Promise<NostrEvent>
  publish(event: NostrEvent, relays: readonly string[]): Promise<unknown>
}

/** The history entry of a sent nutzap. */
export function sentEntry(pending: PendingNutzap, proofs: StoredProof[], at: number): HistoryEntry {
  return {
    id: pending.opId,
    kind: 'send',
    mint: pending.mint,
    amount: pending.amount,
    at,
    token: encodeToken({
      mint: pending.listed,
      proofs: normalizeProofAmounts(proofs),
      unit: NUTZAP_UNIT,
    }),
    secrets: proofs.map((p) => p.secret),
    nutzap: {
      peer: pending.recipient,
      event: pending.signed?.id ?? '',
      ...(pending.comment ? { comment: pending.comment } : {}),
    },
  }
}

/**
 * Finishes a nutzap a reload interrupted: publishes the signed 9321, or restores the locked
 * proofs, signs and publishes one. The history gets the entry the interrupted send would have
 * written. Throws (and keeps the pending nutzap) when the mint or the relays are not reachable.
 */
export async function finishPending(deps: FinishDeps, pending: PendingNutzap): Promise<void> {
  const { store, pubkey, now } = deps
  let event = pending.signed
  let proofs: StoredProof[] | null = null
  if (!event) {
    const wallet = await deps.walletOf(pending.mint)
    proofs = await restoreLocked(wallet, pending, await deps.keysOf(pending.mint))
    if (proofs.length === 0) {
      await dropPending(store, pubkey, pending.opId) // the mint never swapped: nothing was spent
      return
    }
    const template = nutzapTemplate(
      {
        recipient: pending.recipient,
        mint: pending.listed,
        proofs,
        comment: pending.comment,
        ...(pending.event ? { event: pending.event } : {}),
      },
      Math.floor(now() / 1000),
    )
    event = await deps.sign(template)
    await savePending(store, pubkey, { ...pending, signed: event })
  }
  await deps.publish(event, pending.relays)
  const signed = { ...pending, signed: event }
  await store.update(pubkey, (r) => {
    const known = r.history.some((h) => h.id === pending.opId)
    const history = known
      ? r.history.map((h) =>
          h.id === pending.opId && h.nutzap
            ? { ...h, nutzap: { ...h.nutzap, event: event.id } }
            : h,
        )
      : [sentEntry(signed, proofs ?? proofsOf(event), now()), ...r.history]
    return { ...r, history, nutzapsPending: pendingOf(r).filter((p) => p.opId !== pending.opId) }
  })
}

/** The proofs a signed 9321 carries. */
function proofsOf(event: NostrEvent): StoredProof[] {
  return event.tags
    .filter((t) => t[0] === 'proof' && t[1])
    .map((t) => toStoredProof(JSON.parse(t[1] as string) as StoredProof))
}

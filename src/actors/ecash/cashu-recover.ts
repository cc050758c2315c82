/**
 * Outputs an interrupted operation may have had signed (a swap or a mint whose answer a reload
 * lost): restored (NUT-13) from the counters it reserved, kept when the mint says they are
 * unspent and this wallet neither holds them nor handed them out in a token since.
 */
import type { Proof, Wallet } from '@cashu/cashu-ts'
import { addProofs, type StoredProof, toStoredProof } from '../../core/ecash/cashu-proof-book.ts'
import type { CashuStore, HistoryEntry, OpCounters, WalletRecord } from './cashu-store.ts'

/** Secrets handed out in sent tokens since `since`: a restore must not count them again. */
export function sentSecrets(history: readonly HistoryEntry[], since: number): Set<string> {
  const secrets = new Set<string>()
  for (const entry of history) {
    if (entry.kind === 'send' && entry.at >= since) {
      for (const secret of entry.secrets ?? []) secrets.add(secret)
    }
  }
  return secrets
}

export async function recoverOutputs(
  wallet: Wallet,
  record: WalletRecord,
  opKey: string,
): Promise<StoredProof[]> {
  const reserved = record.opCounters[opKey]
  if (!reserved) return []
  const end = record.counters[reserved.keysetId] ?? reserved.start
  if (end <= reserved.start) return []
  const { proofs } = await wallet.restore(reserved.start, end - reserved.start, {
    keysetId: reserved.keysetId,
  })
  if (proofs.length === 0) return []
  const states = await wallet.checkProofsStates(proofs)
  const held = new Set(record.book.entries.map((e) => e.proof.secret))
  const sent = sentSecrets(record.history, reserved.at)
  return proofs
    .filter(
      (p: Proof, i) => states[i]?.state === 'UNSPENT' && !held.has(p.secret) && !sent.has(p.secret),
    )
    .map(toStoredProof)
}

export interface RecoverDeps {
  store: CashuStore
  pubkey: string
  walletOf(mint: string): Promise<Wallet>
  now(): number
}

/**
 * Recovers one operation's outputs at once (NUT-09 restore over its noted counters, NUT-07
 * checkstate), adds the unspent ones to the book with `history` for their amount (when above
 * zero; a nutzap's redemption then no longer waits), and forgets the counters. Throws when the
 * mint cannot be asked: the counters stay noted, and the next open of the wallet (or login
 * change) tries again. Two recoveries of the same operation at once (settling and a nutzap's
 * retry) record it once.
 */
export async function recoverNow(
  deps: RecoverDeps,
  opKey: string,
  history: (amount: number, noted: OpCounters) => HistoryEntry,
): Promise<number> {
  const { store, pubkey, now } = deps
  const record = await store.read(pubkey)
  const noted = record.opCounters[opKey]
  if (!noted) return 0
  const recovered = await recoverOutputs(await deps.walletOf(noted.mint), record, opKey)
  const amount = recovered.reduce((sum, p) => sum + p.amount, 0)
  const redeemed = amount > 0 ? noted.nutzap?.event : undefined
  await store.update(pubkey, (latest) => {
    if (!latest.opCounters[opKey]) return latest // recovered meanwhile
    return {
      ...latest,
      book: addProofs(latest.book, noted.mint, recovered, now()),
      history: amount > 0 ? [history(amount, noted), ...latest.history] : latest.history,
      opCounters: forgetCounters(latest, opKey),
      ...(redeemed && latest.nutzapsWaiting
        ? { nutzapsWaiting: latest.nutzapsWaiting.filter((e) => e.id !== redeemed) }
        : {}),
    }
  })
  return amount
}

/** The record with the operation's first counter noted (kept as is when already noted). */
export function noteCounters(
  record: WalletRecord,
  opKey: string,
  noted: Omit<OpCounters, 'start'>,
): WalletRecord {
  if (record.opCounters[opKey]) return record
  const start = record.counters[noted.keysetId] ?? 0
  return { ...record, opCounters: { ...record.opCounters, [opKey]: { ...noted, start } } }
}

export function forgetCounters(record: WalletRecord, opKey: string): WalletRecord['opCounters'] {
  const { [opKey]: _, ...rest } = record.opCounters
  return rest
}

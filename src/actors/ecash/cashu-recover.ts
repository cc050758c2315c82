/**
 * Outputs an interrupted operation may have had signed (a swap or a mint whose answer a reload
 * lost): restored (NUT-13) from the counters it reserved, kept when the mint says they are
 * unspent and this wallet neither holds them nor handed them out in a token since.
 */
import type { Proof, Wallet } from '@cashu/cashu-ts'
import { type StoredProof, toStoredProof } from '../../core/ecash/cashu-proof-book.ts'
import type { HistoryEntry, WalletRecord } from './cashu-store.ts'

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

/** The record with the operation's first counter noted (kept as is when already noted). */
export function noteCounters(
  record: WalletRecord,
  opKey: string,
  noted: { keysetId: string; mint: string; at: number },
): WalletRecord {
  if (record.opCounters[opKey]) return record
  const start = record.counters[noted.keysetId] ?? 0
  return { ...record, opCounters: { ...record.opCounters, [opKey]: { ...noted, start } } }
}

export function forgetCounters(record: WalletRecord, opKey: string): WalletRecord['opCounters'] {
  const { [opKey]: _, ...rest } = record.opCounters
  return rest
}

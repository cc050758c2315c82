/**
 * What a wallet record still has unfinished (spec §4, NUT-07, NUT-09, NUT-13): operations whose
 * proofs are reserved (a send, a payment, a swap not yet settled with the mint), operations
 * whose outputs may be signed but not yet restored (a receive or a deposit whose answer was
 * lost: their counters are still noted), and deposit quotes not yet minted. Deleting the
 * record (or its seed) while any is listed can lose sats.
 */
import type { OperationKind, ProofBook } from './cashu-proof-book.ts'

export type UnfinishedKind = OperationKind | 'deposit' | 'recovery'

export interface UnfinishedOperation {
  /** The journal's operation id, the noted counters' key, or the deposit quote's id. */
  id: string
  kind: UnfinishedKind
  mint: string
}

/** The parts of a wallet record this reads (the record itself lives in actors/ecash). */
export interface UnfinishedSource {
  book: ProofBook
  opCounters: Record<string, { mint: string; operation?: string }>
  quotes: readonly { quote: string; mint: string }[]
}

const kindOf = (key: string, operation?: string): UnfinishedKind => {
  if (key.startsWith('receive:')) return 'receive'
  if (key.startsWith('deposit:')) return 'deposit'
  const known = ['send', 'melt', 'swap', 'receive', 'deposit']
  return operation && known.includes(operation) ? (operation as UnfinishedKind) : 'recovery'
}

/** Every unfinished operation in `record`, each once. */
export function unfinishedOperations(record: UnfinishedSource): UnfinishedOperation[] {
  const found: UnfinishedOperation[] = record.book.journal.map((j) => ({
    id: j.opId,
    kind: j.kind,
    mint: j.mint,
  }))
  const seen = new Set(found.map((f) => f.id))
  for (const [key, noted] of Object.entries(record.opCounters)) {
    if (seen.has(key)) continue
    // A deposit's counters are noted under its quote: listed once, as the quote below.
    if (key.startsWith('deposit:') && record.quotes.some((q) => `deposit:${q.quote}` === key)) {
      continue
    }
    seen.add(key)
    found.push({ id: key, kind: kindOf(key, noted.operation), mint: noted.mint })
  }
  for (const quote of record.quotes) {
    found.push({ id: quote.quote, kind: 'deposit', mint: quote.mint })
  }
  return found
}

/**
 * The wallet's local proofs (spec §3, local proof entry and journal; §4, local proof states).
 * A proof is available, reserved (by one operation, while a payment or send runs) or deleted.
 * Reserving writes a journal entry; success deletes the inputs and adds the change; failure
 * returns them. An entry left in the journal (a reload in the middle) is settled from the
 * mint's checkstate: spent proofs are deleted, unspent ones returned, pending ones kept.
 */

export type LocalProofState = 'available' | 'reserved' | 'deleted'
export type MintProofState = 'UNSPENT' | 'PENDING' | 'SPENT'

/** A proof in storage: JSON-safe, amount a number. */
export interface StoredProof {
  id: string
  amount: number
  secret: string
  C: string
  dleq?: { e: string; s: string; r?: string }
  witness?: string
}

/** A proof as cashu-ts returns it (amount an Amount, witness maybe an object) made storable. */
export function toStoredProof(proof: {
  id: string
  amount: { toNumber(): number } | number
  secret: string
  C: string
  dleq?: { e: string; s: string; r?: string }
  witness?: string | object
}): StoredProof {
  const amount = typeof proof.amount === 'number' ? proof.amount : proof.amount.toNumber()
  return {
    id: proof.id,
    amount,
    secret: proof.secret,
    C: proof.C,
    ...(proof.dleq ? { dleq: { ...proof.dleq } } : {}),
    ...(proof.witness === undefined
      ? {}
      : {
          witness:
            typeof proof.witness === 'string' ? proof.witness : JSON.stringify(proof.witness),
        }),
  }
}

export interface ProofEntry {
  proof: StoredProof
  mint: string
  state: LocalProofState
  /** The NIP-60 token event holding the proof, once published. */
  tokenId?: string
  /** Milliseconds, when the entry last changed. */
  timestamp: number
}

export type OperationKind = 'send' | 'melt' | 'swap' | 'receive'

export interface JournalEntry {
  opId: string
  kind: OperationKind
  mint: string
  /** Secrets of the proofs the operation reserved. */
  secrets: string[]
  startedAt: number
}

export interface ProofBook {
  entries: ProofEntry[]
  journal: JournalEntry[]
}

export const PROOF_BOOK_ERRORS = {
  unavailable: 'Some of these proofs are no longer available',
  busy: (opId: string) => `Operation ${opId} is already running`,
} as const

export const emptyBook = (): ProofBook => ({ entries: [], journal: [] })

const secretsOf = (book: ProofBook, opId: string): Set<string> =>
  new Set(book.journal.find((j) => j.opId === opId)?.secrets ?? [])

/** Proofs received or minted become available. A proof already known is left alone. */
export function addProofs(
  book: ProofBook,
  mint: string,
  proofs: readonly StoredProof[],
  now: number,
): ProofBook {
  const known = new Set(book.entries.map((e) => e.proof.secret))
  const fresh = proofs
    .filter((p) => !known.has(p.secret))
    .map((proof): ProofEntry => ({ proof, mint, state: 'available', timestamp: now }))
  return { ...book, entries: [...book.entries, ...fresh] }
}

export function reserve(
  book: ProofBook,
  op: Omit<JournalEntry, 'startedAt'>,
  now: number,
): ProofBook {
  if (book.journal.some((j) => j.opId === op.opId)) throw new Error(PROOF_BOOK_ERRORS.busy(op.opId))
  const wanted = new Set(op.secrets)
  const found = book.entries.filter(
    (e) => wanted.has(e.proof.secret) && e.state === 'available' && e.mint === op.mint,
  )
  if (found.length !== wanted.size) throw new Error(PROOF_BOOK_ERRORS.unavailable)
  return {
    entries: book.entries.map((e) =>
      wanted.has(e.proof.secret) ? { ...e, state: 'reserved', timestamp: now } : e,
    ),
    journal: [...book.journal, { ...op, startedAt: now }],
  }
}

/** Success: the spent inputs are deleted, the rest of the reservation returned, change added. */
export function commit(
  book: ProofBook,
  opId: string,
  spent: readonly string[],
  change: readonly StoredProof[],
  now: number,
): ProofBook {
  const mine = secretsOf(book, opId)
  const gone = new Set(spent)
  const mint = book.journal.find((j) => j.opId === opId)?.mint ?? ''
  const settled: ProofBook = {
    entries: book.entries.map((e) => {
      if (!mine.has(e.proof.secret)) return e
      return { ...e, state: gone.has(e.proof.secret) ? 'deleted' : 'available', timestamp: now }
    }),
    journal: book.journal.filter((j) => j.opId !== opId),
  }
  return addProofs(settled, mint, change, now)
}

/** Failure the mint confirms (it refused): the reservation returns to available. */
export function release(book: ProofBook, opId: string, now: number): ProofBook {
  return settle(book, opId, () => 'UNSPENT', now)
}

/**
 * Settles a reservation from the mint's proof states: SPENT → deleted, UNSPENT → available,
 * PENDING (or unknown) → still reserved, and the journal entry kept until none is left.
 */
export function settle(
  book: ProofBook,
  opId: string,
  stateOf: (secret: string) => MintProofState | undefined,
  now: number,
): ProofBook {
  const mine = secretsOf(book, opId)
  const entries = book.entries.map((e): ProofEntry => {
    if (!mine.has(e.proof.secret) || e.state !== 'reserved') return e
    const state = stateOf(e.proof.secret)
    if (state === 'SPENT') return { ...e, state: 'deleted', timestamp: now }
    if (state === 'UNSPENT') return { ...e, state: 'available', timestamp: now }
    return e
  })
  const stillReserved = entries.some((e) => mine.has(e.proof.secret) && e.state === 'reserved')
  return {
    entries,
    journal: stillReserved ? book.journal : book.journal.filter((j) => j.opId !== opId),
  }
}

export const proofsIn = (book: ProofBook, state: LocalProofState, mint?: string): StoredProof[] =>
  book.entries
    .filter((e) => e.state === state && (mint === undefined || e.mint === mint))
    .map((e) => e.proof)

export const balance = (book: ProofBook, mint?: string): number =>
  proofsIn(book, 'available', mint).reduce((sum, p) => sum + p.amount, 0)

/** Lists cut into batches (checkstate asks about 100 proofs at a time). */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = []
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size))
  return batches
}

/**
 * Sats that exist only in this browser: proofs not spent and not yet in a NIP-60 token event on
 * relays, and operations still open in the journal (their change may be among them).
 */
export function unbackedSats(book: ProofBook): { sats: number; openOperations: number } {
  const sats = book.entries
    .filter((entry) => entry.state !== 'deleted' && entry.tokenId === undefined)
    .reduce((sum, entry) => sum + entry.proof.amount, 0)
  return { sats, openOperations: book.journal.length }
}

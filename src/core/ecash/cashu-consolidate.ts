/**
 * Consolidation (spec §8 Payment): after a payment failed with 'already spent', the wallet's
 * proofs at that mint are checked and those the mint reports spent are deleted from the book,
 * so the balance is true again. Only available proofs are touched: reserved ones belong to an
 * operation whose reservation settles them.
 */
import type { MintProofState, ProofBook } from './cashu-proof-book.ts'

/** The book with the available proofs at `mint` the mint reported SPENT marked deleted. */
export function dropSpent(
  book: ProofBook,
  mint: string,
  stateOf: (secret: string) => MintProofState | undefined,
  now: number,
): ProofBook {
  return {
    ...book,
    entries: book.entries.map((e) =>
      e.mint === mint && e.state === 'available' && stateOf(e.proof.secret) === 'SPENT'
        ? { ...e, state: 'deleted', timestamp: now }
        : e,
    ),
  }
}

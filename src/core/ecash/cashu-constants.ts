/**
 * Ecash constants (spec §9, lightning-and-ecash) used so far; the others (payment headroom,
 * restore batches, mint load timeout, ...) join as the pieces that use them are built.
 */
export const CASHU = {
  selection: { timeLimitMs: 1000, trials: 60 },
  checkstateBatch: 100,
  /**
   * An operation whose proofs the mint could not be asked about tries again this often while the
   * wallet is open: a mint away for a while settles without the user doing anything, and one away
   * for good costs a checkstate request per operation every half minute.
   */
  unresolvedRetryMs: 30_000,
  minting: { retries: 3, delayStepMs: 1500 },
  deposit: { firstIntervalMs: 2500, growthMs: 500, rateLimitPenaltyMs: 5000 },
} as const

/**
 * Proof selection for a payment or a send (spec §9): choose proofs worth at least the amount
 * (exactly, for an offline send) plus their own input fees when asked, overshooting as little
 * as possible, then with as few proofs as possible. Trials are time-boxed: at most 60, within
 * 1000 ms of the clock passed in, keeping the best found. The first trial is deterministic
 * (largest first); the others shuffle with the random source passed in.
 */
import {
  Amount,
  type AmountLike,
  type KeyChain,
  normalizeProofAmounts,
  type Proof,
  type ProofLike,
  type SelectProofs,
} from '@cashu/cashu-ts'
import { CASHU } from './cashu-constants.ts'

export interface Candidate<T> {
  proof: T
  amount: number
  /** The input fee of the proof's keyset, parts per thousand. */
  feePpk: number
}

export interface SelectionOptions {
  includeFees?: boolean
  exactMatch?: boolean
  /** Milliseconds, monotonic enough to time the trials (performance.now or Date.now). */
  now: () => number
  /** In [0, 1), for shuffling. */
  random: () => number
  timeLimitMs?: number
  trials?: number
}

export interface Selection<T> {
  send: T[]
  keep: T[]
}

type Pick<T> = Candidate<T>[]

function netOf<T>(picked: Pick<T>, includeFees: boolean): number {
  let amount = 0
  let ppk = 0
  for (const c of picked) {
    amount += c.amount
    ppk += c.feePpk
  }
  return amount - (includeFees ? Math.ceil(ppk / 1000) : 0)
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}

/** A running total, so a trial stays linear in the number of proofs. */
class Tally {
  amount = 0
  ppk = 0
  constructor(private readonly fees: boolean) {}
  netWith(c?: { amount: number; feePpk: number }): number {
    const amount = this.amount + (c?.amount ?? 0)
    const ppk = this.ppk + (c?.feePpk ?? 0)
    return amount - (this.fees ? Math.ceil(ppk / 1000) : 0)
  }
  add(c: { amount: number; feePpk: number }, sign = 1): void {
    this.amount += sign * c.amount
    this.ppk += sign * c.feePpk
  }
}

/** One trial: take what fits in order, then the smallest proof that covers what is missing. */
function trial<T>(order: Pick<T>, target: number, fees: boolean, exact: boolean): Pick<T> | null {
  const tally = new Tally(fees)
  const picked: Pick<T> = []
  const rest: Pick<T> = []
  for (const c of order) {
    if (tally.netWith() < target && tally.netWith(c) <= target) {
      picked.push(c)
      tally.add(c)
    } else rest.push(c)
  }
  if (tally.netWith() === target) return picked
  if (exact) return null
  let cover: Candidate<T> | undefined
  for (const c of rest) {
    if (tally.netWith(c) >= target && (!cover || c.amount < cover.amount)) cover = c
  }
  const extra = cover ? [cover] : [...rest].sort((a, b) => b.amount - a.amount)
  for (const c of extra) {
    if (tally.netWith() >= target) break
    picked.push(c)
    tally.add(c)
  }
  if (tally.netWith() < target) return null
  // Drop proofs the amount no longer needs, smallest first.
  for (const c of [...picked].sort((a, b) => a.amount - b.amount)) {
    tally.add(c, -1)
    if (tally.netWith() >= target) picked.splice(picked.indexOf(c), 1)
    else tally.add(c)
  }
  return picked
}

export function selectProofs<T>(
  candidates: readonly Candidate<T>[],
  amount: number,
  options: SelectionOptions,
): Selection<T> {
  const fees = options.includeFees ?? false
  const exact = options.exactMatch ?? false
  const none = { send: [], keep: candidates.map((c) => c.proof) }
  // With fees, a proof worth no more than its own fee only costs.
  const usable = candidates.filter((c) => !fees || c.amount > c.feePpk / 1000)
  if (amount <= 0 || netOf(usable, fees) < amount) return none
  const start = options.now()
  const limit = options.timeLimitMs ?? CASHU.selection.timeLimitMs
  const trials = options.trials ?? CASHU.selection.trials
  const largestFirst = [...usable].sort((a, b) => b.amount - a.amount)
  let best: Pick<T> | null = null
  const score = (p: Pick<T>) => [netOf(p, fees) - amount, p.length] as const
  for (let i = 0; i < trials; i++) {
    const order = i === 0 ? largestFirst : shuffled(usable, options.random)
    const picked = trial(order, amount, fees, exact)
    if (picked) {
      const [over, count] = score(picked)
      const [bestOver, bestCount] = best ? score(best) : [Number.POSITIVE_INFINITY, 0]
      if (over < bestOver || (over === bestOver && count < bestCount)) best = picked
    }
    if ((best && score(best)[0] === 0) || options.now() - start >= limit) break
  }
  if (!best) return none
  const chosen = new Set(best)
  return {
    send: best.map((c) => c.proof),
    keep: candidates.filter((c) => !chosen.has(c)).map((c) => c.proof),
  }
}

/** selectProofs as cashu-ts's `selectProofs` wallet option, with fees from its keychain. */
export function cashuProofSelector(now: () => number, random: () => number): SelectProofs {
  return (
    proofs: ProofLike[],
    amountToSelect: AmountLike,
    keyChain: KeyChain,
    includeFees?: boolean,
    exactMatch?: boolean,
  ) => {
    const candidates: Candidate<Proof>[] = normalizeProofAmounts(proofs).map((proof) => ({
      proof,
      amount: proof.amount.toNumber(),
      feePpk: keyChain.getKeyset(proof.id).fee,
    }))
    const target = Amount.from(amountToSelect).toNumber()
    return selectProofs(candidates, target, { includeFees, exactMatch, now, random })
  }
}

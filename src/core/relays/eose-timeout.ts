/**
 * The adaptive end-of-stored-events wait (spec §9, relay connectivity: base 4400 ms, history of
 * 100 durations). A history holds how long a relay took from REQ to EOSE; keep one per relay.
 * The wait only decides when loading is over: a relay slower than it still delivers its events
 * afterwards on the live subscription, so a short wait costs a late note, never a lost one.
 *
 * The formula: the larger of the 95th percentile of the recorded durations (nearest rank) and the
 * longest of the last 5, times 1.5, rounded up, kept between 1000 ms and the 4400 ms base. The
 * percentile ignores a stall long past, the last five make a relay that turns slow (a phone moved
 * to a poor network, a relay under load) waited for at once, the margin absorbs ordinary jitter,
 * the floor spares a fast relay from being cut off by one slow moment, and the base stays the
 * ceiling, as the spec names it. A wait that ran out is recorded too, as the time waited (it took
 * at least that long): a relay that keeps running over has its wait grow by half each time until
 * it answers, where with only answers recorded a relay that had turned slower than its wait would
 * time out for ever (a one-shot query closes before its late EOSE comes). Until 5 durations are
 * known the wait is the base: one lucky answer is not a history.
 */
export const EOSE_BASE_TIMEOUT_MS = 4400
export const EOSE_HISTORY = 100
export const EOSE_MIN_TIMEOUT_MS = 1000
export const EOSE_MIN_SAMPLES = 5
/** The last durations whose longest always counts. */
export const EOSE_RECENT = 5
export const EOSE_PERCENTILE = 0.95
export const EOSE_MARGIN = 1.5
/**
 * However busy a relay is streaming, its stored events are over this long after the REQ: three
 * base waits. A relay that streams matching events for ever must not keep a query open, and a
 * real answer (a page of the feed, a thread) streams well within it.
 */
export const EOSE_DEADLINE_MS = 3 * EOSE_BASE_TIMEOUT_MS

/** The history with one more duration, keeping the last 100; nonsense durations are ignored. */
export function recordEoseDuration(history: readonly number[], ms: number): number[] {
  if (!Number.isFinite(ms) || ms < 0) return [...history]
  return [...history, ms].slice(-EOSE_HISTORY)
}

/** The wait for a relay with this history of REQ-to-EOSE durations. */
export function eoseTimeout(history: readonly number[]): number {
  const recent = history.slice(-EOSE_HISTORY).filter((ms) => Number.isFinite(ms) && ms >= 0)
  if (recent.length < EOSE_MIN_SAMPLES) return EOSE_BASE_TIMEOUT_MS
  const sorted = [...recent].sort((a, b) => a - b)
  const rank = Math.ceil(EOSE_PERCENTILE * sorted.length) - 1
  const longestRecent = Math.max(...recent.slice(-EOSE_RECENT))
  const wait = Math.ceil(Math.max(sorted[rank]!, longestRecent) * EOSE_MARGIN)
  return Math.min(EOSE_BASE_TIMEOUT_MS, Math.max(EOSE_MIN_TIMEOUT_MS, wait))
}

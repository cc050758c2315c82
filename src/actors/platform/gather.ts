/**
 * Asks made one key at a time, answered a batch at a time: rows each ask for their author's
 * profile, their quoted note and their zap receipts, and the asks of one moment go out together
 * (row-loader.ts, zap-totals.ts). A moment lasts while asks keep coming, each within
 * GATHER_QUIET_MS of the last (a first screen's rows mount over several frames, the overscan
 * growing a row at a time), and at most GATHER_MAX_MS from the first, so a long stream of rows
 * still gets answers.
 *
 * A row can take longer than 50 ms to mount on a slow machine: with 50 ms and 250 ms the rows of
 * a first visit asked in up to 13 REQs in its first 5 s (the budget is 10; bench "REQs", worst
 * of 7), with these 6 to 8.
 */

export const GATHER_QUIET_MS = 100
export const GATHER_MAX_MS = 400

export interface GatherOptions<V> {
  /** Keys per batch: relays commonly cap filter sizes. */
  maxBatch: number
  /** A moment's quiet and longest span, for asks that can wait longer than a row's profile. */
  quietMs?: number
  maxMs?: number
  /** The answer for each key, in the order of `keys`. A failure fails every ask in the batch. */
  load(keys: readonly string[]): Promise<readonly V[]>
}

interface Waiter<V> {
  resolve(value: V): void
  reject(error: unknown): void
}

export function createGatherer<V>({
  maxBatch,
  quietMs = GATHER_QUIET_MS,
  maxMs = GATHER_MAX_MS,
  load,
}: GatherOptions<V>): (key: string) => Promise<V> {
  let waiting = new Map<string, Waiter<V>[]>()
  let firstAt = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  async function send(batch: readonly [string, Waiter<V>[]][]) {
    try {
      const values = await load(batch.map(([key]) => key))
      for (const [i, [, waiters]] of batch.entries()) {
        for (const waiter of waiters) waiter.resolve(values[i] as V)
      }
    } catch (error) {
      for (const [, waiters] of batch) for (const waiter of waiters) waiter.reject(error)
    }
  }

  function flush() {
    timer = undefined
    const all = [...waiting]
    waiting = new Map()
    for (let i = 0; i < all.length; i += maxBatch) void send(all.slice(i, i + maxBatch))
  }

  return (key) =>
    new Promise<V>((resolve, reject) => {
      const now = Date.now()
      if (waiting.size === 0) firstAt = now
      waiting.set(key, [...(waiting.get(key) ?? []), { resolve, reject }])
      clearTimeout(timer)
      timer = setTimeout(flush, Math.min(quietMs, firstAt + maxMs - now))
    })
}

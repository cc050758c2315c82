/**
 * A verify worker that cannot hold the app up. A worker that hangs, or dies without an error
 * (which Comlink does not report), would leave its batch unsettled, and every subscription
 * waiting on those events without its end of stored events. So a batch not answered within
 * VERIFY_DEADLINE_MS, or whose worker reports an error, terminates that worker and goes once to
 * a fresh one; failing there too, its events are answered as not verified: dropped, never shown
 * unchecked.
 */
import { type Endpoint, wrap } from 'comlink'
import type { VerifyApi } from '../../workers/verify-api.ts'

/**
 * A fresh worker's first batch of 256 (worker start, WebAssembly, batch code, and one forgery
 * sending the batch to single checks) took up to 354 ms in Chromium here, its HTTP cache empty
 * (20 runs): some 4.8 s on a slow phone (Lighthouse's calibrated slowdown, 13.58x), to which a
 * slow network adds the WebAssembly's 97 KiB. About three times 4.8 s, so that a worker that is
 * only slow is not taken for a hung one.
 */
export const VERIFY_DEADLINE_MS = 15_000

/** What the watchdog uses of a worker: Comlink's endpoint, its `error` event, terminate. */
export type VerifyWorker = Endpoint & Pick<Worker, 'terminate'>

export interface WatchdogTimers {
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(timer: unknown): void
}

export interface WatchdogOptions {
  /** A worker already started (the head start's); else the first batch starts one. */
  first?: VerifyWorker
  timers?: WatchdogTimers
}

const globalTimers: WatchdogTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}

interface Running {
  api: Pick<VerifyApi, 'verify'>
  /** Aborted by the worker's error event, or when it is stopped. */
  broken: AbortSignal
  /** Terminates the worker: every batch still on it fails at once. */
  stop(): void
}

const running = (worker: VerifyWorker): Running => {
  const broken = new AbortController()
  worker.addEventListener('error', () => broken.abort(), { once: true })
  return {
    api: wrap<VerifyApi>(worker),
    broken: broken.signal,
    stop() {
      worker.terminate()
      broken.abort()
    },
  }
}

/**
 * One verify worker behind the watchdog, started by `start` when needed. An answer that rejects
 * (the worker threw) passes through, as a worker's answer.
 */
export function watchedVerifyWorker(
  start: () => VerifyWorker,
  { first, timers = globalTimers }: WatchdogOptions = {},
): Pick<VerifyApi, 'verify'> {
  let current = first && running(first)

  /** The answer, or undefined when the worker failed (terminated then). */
  const attempt = async (
    events: readonly unknown[],
    alone?: boolean,
  ): Promise<boolean[] | undefined> => {
    current ??= running(start())
    const used = current
    const { api, broken } = used
    let fail = () => {}
    const failed = new Promise<undefined>((failure) => {
      fail = () => failure(undefined)
    })
    const timer = timers.setTimeout(fail, VERIFY_DEADLINE_MS)
    // A listener per batch, removed after: a promise of the worker's raced by every batch kept
    // each answer (11.8 MiB over 5,000 batches of 256, Node 20).
    broken.addEventListener('abort', fail)
    if (broken.aborted) fail()
    try {
      const answer = await Promise.race([api.verify(events, alone), failed])
      if (answer) return answer
    } finally {
      timers.clearTimeout(timer)
      broken.removeEventListener('abort', fail)
    }
    used.stop()
    if (current === used) current = undefined
    return undefined
  }

  return {
    async verify(events, alone) {
      const answer = (await attempt(events, alone)) ?? (await attempt(events, alone))
      if (answer) return answer
      console.warn(
        `Plume: two verify workers in turn gave no answer for a batch of ${events.length} events; they are dropped as not verified`,
      )
      return events.map(() => false)
    },
  }
}

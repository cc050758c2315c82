/**
 * Signature checks per second: the app's verify worker pool (BIP-340 batch verification, nostr-wasm
 * finding the bad events of a batch that fails, as the hub uses it) against nostr-tools
 * `verifyEvent` on the main thread, and a pool of one worker (the figure per core) against
 * nostr-wasm's single checks on the main thread, all in the same Chromium page of the running app, on the same 2,000 signed notes,
 * interleaved run by run after one discarded warm-up each (the worker's WebAssembly loads on first
 * use). Each run gets fresh event objects: nostr-tools remembers the objects it checked.
 */
import { fileURLToPath } from 'node:url'
import type { VerifyKind as Kind } from './app-tap.ts'
import type { Measure } from './context.ts'
import { ingestEvents } from './ingest-events.ts'
import { median, round } from './stats.ts'
import { openTappedApp } from './tapped-app.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const EVENTS = 2000
const RUNS = 5
/** The target: the worker pool at least 5 times as fast, i.e. at most 20 % of the time. */
const TARGET_SHARE_PERCENT = 20

function parseTiming(value: unknown): { ms: number; valid: number } {
  const record = (value ?? {}) as { ms?: unknown; valid?: unknown }
  if (typeof record.ms !== 'number' || typeof record.valid !== 'number') {
    throw new Error(`unexpected verify timing: ${JSON.stringify(value)}`)
  }
  return { ms: record.ms, valid: record.valid }
}

export const verifyThroughput: Measure = {
  name: 'verify throughput',
  async run(context) {
    const events = (await ingestEvents(ROOT)).slice(0, EVENTS)
    const app = await openTappedApp(context, [context.relay.url])
    try {
      const { page } = app
      await page.evaluate(
        `globalThis.__plumeBench.setEvents(${JSON.stringify(JSON.stringify(events))})`,
      )
      const workers = Number(await page.evaluate('globalThis.__plumeBench.poolSize()'))
      const cores = Number(await page.evaluate('navigator.hardwareConcurrency'))
      const verify = async (kind: Kind) => {
        const timing = parseTiming(
          await page.evaluate(`globalThis.__plumeBench.verify(${JSON.stringify(kind)})`),
        )
        if (timing.valid !== EVENTS) {
          throw new Error(`${kind}: ${timing.valid} of ${EVENTS} signatures held`)
        }
        return timing.ms
      }
      const kinds = ['worker', 'main', 'wasm-main', 'one-worker'] as const
      for (const kind of kinds) await verify(kind)
      const ms: Record<Kind, number[]> = {
        worker: [],
        main: [],
        'wasm-main': [],
        'one-worker': [],
      }
      for (let run = 0; run < RUNS; run++) {
        for (const kind of kinds) ms[kind].push(round(await verify(kind)))
      }
      const perSecond = (runs: number[]) => round(EVENTS / (median(runs) / 1000), 0)
      const worker = perSecond(ms.worker)
      const main = perSecond(ms.main)
      const wasm = perSecond(ms['wasm-main'])
      const one = perSecond(ms['one-worker'])
      const plural = workers === 1 ? 'worker' : 'workers'
      return [
        {
          name: `Verified events per second, verify pool (${workers} ${plural}, BIP-340 batches; ref: nostr-tools verifyEvent on the main thread; median of ${RUNS})`,
          unit: '/s',
          value: worker,
          reference: main,
          target: null,
          details: {
            events: EVENTS,
            msPerRun: ms,
            workers,
            hardwareConcurrency: cores,
            speedup: round(worker / main, 1),
            problems: app.problems,
          },
        },
        {
          // The pool batches (BIP-340 batch verification); nostr-wasm checks one at a time.
          name: `  one worker (ref: nostr-wasm single checks on the main thread, same runs)`,
          unit: '/s',
          value: one,
          reference: wasm,
          target: null,
        },
        {
          name: `  pool time as a share of main-thread nostr-tools time (≤ ${TARGET_SHARE_PERCENT} % is ≥ 5× faster)`,
          unit: '%',
          value: round((100 * median(ms.worker)) / median(ms.main)),
          reference: null,
          target: { max: TARGET_SHARE_PERCENT, inclusive: true },
        },
      ]
    } finally {
      await app.close()
    }
  },
}

/**
 * The longest main-thread block while the app ingests 10,000 events from three relays: three
 * local relays hold a third each (distinct signed notes, bench/ingest-events.ts); the running app
 * (tapped build, bench/tap-build.ts) is pointed at them, and once connected and quiet it pulls
 * every note through its own path: sockets, pool, hub (dedupe, filters, verify workers), then
 * the query cache (toNote, newest-first merge). Long tasks overlapping that window are read from
 * the page's PerformanceObserver ('longtask': any task over 50 ms); a setTimeout heartbeat
 * cross-checks. Each run in a fresh browser context; the budget holds on every run: worst run.
 */
import { fileURLToPath } from 'node:url'
import { type RelayHandle, startRelay } from '../tests/peers/relay.ts'
import type { IngestTiming } from './app-tap.ts'
import { type BareReceive, bareReceive } from './bare-receive.ts'
import type { Measure } from './context.ts'
import { type CpuWindow, cpuMark, cpuSince } from './cpu-time.ts'
import {
  dealAcrossRelays,
  filtersCovering,
  INGEST_EVENT_COUNT,
  INGEST_RELAY_COUNT,
  ingestEvents,
} from './ingest-events.ts'
import { median, round } from './stats.ts'
import { type LongTask, openTappedApp } from './tapped-app.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const RUNS = 3
/** After the notes are in the cache: long tasks are reported late, and a render may follow. */
const AFTER_MS = 500

interface RunResult {
  longestTaskMs: number
  taskDurations: string[]
  longTasks: number
  heartbeatGapMs: number
  /** The same heartbeat in the quiet second before: what the machine alone costs. */
  idleGapMs: number
  timing: IngestTiming
  /** The cores while the app ingested, seen from the bench's process (cpu-time.ts). */
  cpu: CpuWindow
  /** The same REQs from a bare page, in this run (bench/bare-receive.ts). */
  bare: BareReceive
  quietBefore: boolean
  problems: string[]
}

const overlaps = (task: LongTask, from: number, to: number): boolean =>
  task.start < to && task.start + task.duration > from

function longestGap(ticks: number[], from: number, to: number): number {
  let longest = 0
  for (let i = 1; i < ticks.length; i++) {
    if (ticks[i]! > from && ticks[i - 1]! < to)
      longest = Math.max(longest, ticks[i]! - ticks[i - 1]!)
  }
  return longest
}

function parseTiming(value: unknown): IngestTiming {
  const record = (value ?? {}) as Partial<Record<keyof IngestTiming, unknown>>
  const keys = ['startedAt', 'finishedAt', 'queryMs', 'cacheMs', 'events', 'distinct', 'verified']
  if (!keys.every((key) => typeof record[key as keyof IngestTiming] === 'number')) {
    throw new Error(`unexpected ingest timing: ${JSON.stringify(value)}`)
  }
  return record as IngestTiming
}

export const ingestBlocking: Measure = {
  name: 'ingest main-thread block',
  async run(context) {
    const events = await ingestEvents(ROOT)
    const filters = filtersCovering(events)
    const relays: RelayHandle[] = await Promise.all(
      dealAcrossRelays(events).map((seed) => startRelay({ seed })),
    )
    try {
      const runs: RunResult[] = []
      const relayUrls = relays.map((relay) => relay.url)
      for (let run = 0; run < RUNS; run++) {
        const app = await openTappedApp(context, relayUrls)
        let result: Omit<RunResult, 'bare'>
        try {
          const mark = cpuMark()
          const timing = parseTiming(
            await app.page.evaluate(`globalThis.__plumeBench.ingest(${JSON.stringify(filters)})`),
          )
          const cpu = cpuSince(mark)
          if (timing.distinct !== INGEST_EVENT_COUNT) {
            throw new Error(
              `run ${run + 1}: ${timing.distinct} of ${INGEST_EVENT_COUNT} notes reached the query cache`,
            )
          }
          await app.page.waitForTimeout(AFTER_MS)
          const { longTasks, ticks } = await app.readTasks()
          const during = longTasks.filter((task) =>
            overlaps(task, timing.startedAt, timing.finishedAt),
          )
          result = {
            longestTaskMs: Math.max(0, ...during.map((task) => task.duration)),
            // "duration@start", start in ms after the REQs: where in the ingestion it fell.
            taskDurations: during.map(
              (task) => `${round(task.duration)}@${round(task.start - timing.startedAt, 0)}`,
            ),
            longTasks: during.length,
            heartbeatGapMs: longestGap(ticks, timing.startedAt, timing.finishedAt),
            idleGapMs: longestGap(ticks, timing.startedAt - 1000, timing.startedAt),
            timing,
            cpu,
            quietBefore: app.quietBefore,
            problems: app.problems,
          }
        } finally {
          await app.close()
        }
        // After the app's run, so its teardown does not fall in the app's window.
        runs.push({ ...result, bare: await bareReceive(context, relayUrls, filters) })
      }
      const worst = (pick: (run: RunResult) => number) => round(Math.max(...runs.map(pick)))
      const perRun = (pick: (run: RunResult) => number) => runs.map((run) => round(pick(run)))
      const label = `ingesting ${INGEST_EVENT_COUNT.toLocaleString('en-US')} events from ${INGEST_RELAY_COUNT} relays`
      return [
        {
          name: `Longest main-thread task ${label} (worst of ${RUNS})`,
          unit: 'ms',
          value: worst((run) => run.longestTaskMs),
          reference: null,
          target: { max: 50, inclusive: false },
          details: {
            perRun: perRun((run) => run.longestTaskMs),
            longTasksPerRun: perRun((run) => run.longTasks),
            reqToEoseMs: perRun((run) => run.timing.queryMs),
            toQueryCacheMs: perRun((run) => run.timing.cacheMs),
            eventsPerSecond: perRun(
              (run) =>
                run.timing.distinct / ((run.timing.finishedAt - run.timing.startedAt) / 1000),
            ),
            verifiedByWorkers: perRun((run) => run.timing.verified),
            longTaskMsPerRun: runs.map((run) => run.taskDurations),
            quietBefore: runs.map((run) => run.quietBefore),
            problems: [...new Set(runs.flatMap((run) => run.problems))],
          },
        },
        {
          name: `  cross-check: longest setTimeout heartbeat gap, ${label}`,
          unit: 'ms',
          value: worst((run) => run.heartbeatGapMs),
          reference: null,
          target: null,
          details: {
            perRun: perRun((run) => run.heartbeatGapMs),
            quietSecondBeforePerRun: perRun((run) => run.idleGapMs),
          },
        },
        {
          name: `  ${label}: REQ to every note in the query cache (worst of ${RUNS}; ref: a bare page only receiving them)`,
          unit: 'ms',
          value: worst((run) => run.timing.finishedAt - run.timing.startedAt),
          reference: worst((run) => run.bare.ms),
          target: { max: 1000, inclusive: true },
          details: {
            perRun: perRun((run) => run.timing.finishedAt - run.timing.startedAt),
            barePerRun: perRun((run) => run.bare.ms),
            // Wall time against the cores' busy time in it: a window that kept every core busy
            // was bound by the CPU (the relays, the browser, the workers), not by waiting.
            cores: runs[0]?.cpu.cores,
            busyCoreMsPerRun: perRun((run) => run.cpu.busyCoreMs ?? Number.NaN),
            busySharePerRun: runs.map((run) => run.cpu.busyShare),
            relaysCoreMsPerRun: perRun((run) => run.cpu.benchCoreMs),
            bareBusyCoreMsPerRun: perRun((run) => run.bare.cpu.busyCoreMs ?? Number.NaN),
            bareBusySharePerRun: runs.map((run) => run.bare.cpu.busyShare),
            bareRelaysCoreMsPerRun: perRun((run) => run.bare.cpu.benchCoreMs),
          },
        },
        {
          name: `  the same windows: busy time of the ${runs[0]?.cpu.cores ?? '?'} cores, every process (median of ${RUNS}; ref: the bare page's)`,
          unit: 'core-ms',
          value: median(runs.map((run) => run.cpu.busyCoreMs ?? Number.NaN)),
          reference: median(runs.map((run) => run.bare.cpu.busyCoreMs ?? Number.NaN)),
          target: null,
          details: {},
        },
      ]
    } finally {
      await Promise.all(relays.map((relay) => relay.close()))
    }
  },
}

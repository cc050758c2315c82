/**
 * Hostile relays: the longest main-thread task of the app while a hostile relay sits in its pool
 * beside a healthy one, for each case of the hostile-relay spec (tests/peers/hostile-relay-cases.ts:
 * a 50 MB frame, 10,000 NOTICEs, streaming for ever without EOSE, an event flood, future dates,
 * malformed JSON and wrong shapes) and for the control (the healthy relay alone). The product's
 * requirement: with each hostile case, no main-thread task over 200 ms; the spec only records the
 * time, this row measures it.
 *
 * Each run, every case in turn (so the control sees the same machine noise), each with its own
 * pair of relays, started as the spec starts them: the healthy relay seeded with the bench's world
 * (the bench relay's events) and two mentions of a fresh user, the hostile one with the case's
 * faults. The built app is served listing both, in a fresh browser context, and walks the spec's
 * journey (bench/hostile-journey.ts). The world's media and NIP-05 name the bench's own app
 * server, and its relay lists and hints the bench relay, which hold the same world (in the spec the
 * healthy relay is the one they name). One control journey first warms the browser, the server and
 * the relay code, and is discarded, as the cold loads' warm-up is.
 *
 * A 'longtask' observer installed before the app's first script gives the longest task that
 * started before the journey's end. It reports only tasks over 50 ms, so a run with none counts
 * its longest as 50 ms (every task was at most that): the control's median, and the ratios against
 * it, stay defined, and a ratio errs low.
 *
 * Rows: the control's median, then each case's median against it (the ratio says what the hostile
 * relay adds on this machine), with its range over the runs in the name. A run whose journey
 * failed is left out of the median and counted in the row's name (the reasons in latest.json).
 */
import { loadavg } from 'node:os'
import { npubEncode } from 'nostr-tools/nip19'
import { generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { localRuntimeConfig } from '../src/core/platform/runtime-config.ts'
import { startAppServer } from '../tests/peers/app-server.ts'
import { type Case, cases, mentionsOf } from '../tests/peers/hostile-relay-cases.ts'
import { type RelayHandle, startRelay } from '../tests/peers/relay.ts'
import type { BenchContext, Measure } from './context.ts'
import { walkJourney } from './hostile-journey.ts'
import { watchProblems } from './load.ts'
import { PLAIN_FEED } from './probe.ts'
import { median, round } from './stats.ts'
import type { Row } from './table.ts'

/** The product's requirement: each case's longest task at most this long. */
const TARGET_MS = 200
const TIMEOUT_MS = 30_000
/** After the journey's end: a long task is reported once it has ended, by a later task. */
const AFTER_MS = 500
/** The observer's threshold: a 'longtask' is a task over this long. */
const LONG_TASK_MS = 50
/** Distinct problems kept per case in latest.json (10,000 NOTICEs can say a lot). */
const PROBLEMS_KEPT = 20

/** Every long task of the page, from before its first script. A string: see bench/probe.ts. */
const LONG_TASKS = `(() => {
  const tasks = []
  window.__benchLongTasks = tasks
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      tasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
})()`

interface LongTask {
  start: number
  duration: number
}

interface Walked {
  /** The longest long task, or 0 when the page reported none. */
  longestMs: number
  /** When the longest task started, ms after navigation. */
  startMs: number
  /** When the journey ended, ms after navigation. */
  journeyMs: number
  problems: string[]
}

interface CaseRuns {
  label: string
  /** The case's own description (the control has none). */
  name: string | null
  longestMs: number[]
  startMs: number[]
  journeyMs: number[]
  load1: number[]
  /** Runs whose page reported no long task (counted as LONG_TASK_MS). */
  noLongTask: number
  failures: string[]
  problems: Set<string>
}

function parseTasks(value: unknown): LongTask[] {
  const ok = (task: unknown): task is LongTask =>
    typeof task === 'object' &&
    task !== null &&
    typeof (task as LongTask).start === 'number' &&
    typeof (task as LongTask).duration === 'number'
  if (!Array.isArray(value) || !value.every(ok)) {
    throw new Error(`unexpected long tasks: ${JSON.stringify(value)?.slice(0, 200)}`)
  }
  return value
}

/** The notes and reposts of a relay's seed: what the feed's first rows must be. */
const rowIds = (events: NostrEvent[]): string[] =>
  events.filter((event) => event.kind === 1 || event.kind === 6).map((event) => event.id)

/** One journey with one case (null: the control), on relays and an app server of its own. */
async function walkOnce(
  context: BenchContext,
  world: NostrEvent[],
  made: Case | null,
): Promise<Walked> {
  const user = getPublicKey(generateSecretKey())
  const mentions = mentionsOf(user)
  const seed = [...world, ...mentions]
  const relays: RelayHandle[] = []
  try {
    relays.push(await startRelay({ seed }))
    if (made) relays.push(await startRelay({ seed: [], faults: made.faults(user) }))
    const app = await startAppServer({
      distDir: context.distDir,
      config: localRuntimeConfig(relays.map((relay) => relay.url)),
    })
    const browserContext = await context.browser.newContext()
    try {
      const page = await browserContext.newPage()
      page.setDefaultTimeout(TIMEOUT_MS)
      const problems: string[] = []
      watchProblems(page, problems)
      await page.addInitScript(LONG_TASKS)
      await page.addInitScript(PLAIN_FEED)
      await page.goto(`${app.url}/`)
      await walkJourney(page, {
        npub: npubEncode(user),
        healthyRows: rowIds(seed),
        mentions: mentions.map((mention) => mention.content.slice(-9)),
        ...(made?.reading ? { reading: made.reading } : {}),
      })
      const journeyMs = Number(await page.evaluate('performance.now()'))
      await page.waitForTimeout(AFTER_MS)
      const tasks = parseTasks(await page.evaluate('window.__benchLongTasks'))
      const longest = tasks
        .filter((task) => task.start < journeyMs)
        .reduce((a, b) => (b.duration > a.duration ? b : a), { start: 0, duration: 0 })
      return { longestMs: longest.duration, startMs: longest.start, journeyMs, problems }
    } finally {
      // The browser first: its sockets closing end a streaming relay's timers.
      await browserContext.close()
      await app.close()
    }
  } finally {
    await Promise.all(relays.map((relay) => relay.close()))
  }
}

/** A Playwright error's first line, without its call log. */
const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''

const spread = (values: number[]): string =>
  values.length === 0
    ? 'no run'
    : `median of ${values.length}, ${round(Math.min(...values), 0)}–${round(Math.max(...values), 0)} ms`

const failed = (runs: CaseRuns): string =>
  runs.failures.length > 0 ? `; ${runs.failures.length} run(s) failed` : ''

function caseRow(runs: CaseRuns, control: number | null): Row {
  return {
    name: `  hostile relay: ${runs.label} (${spread(runs.longestMs)}${failed(runs)}; ref: the control)`,
    unit: 'ms',
    value: median(runs.longestMs),
    reference: control,
    target: { max: TARGET_MS, inclusive: true },
    details: details(runs),
  }
}

const details = (runs: CaseRuns): Record<string, unknown> => ({
  case: runs.name,
  longestTaskMsPerRun: runs.longestMs,
  longestTaskStartMsPerRun: runs.startMs,
  journeyEndMsPerRun: runs.journeyMs,
  runsWithNoLongTask: runs.noLongTask,
  loadAverage1mPerRun: runs.load1,
  failures: runs.failures,
  problems: [...runs.problems].slice(0, PROBLEMS_KEPT),
})

export const hostileRelays: Measure = {
  name: 'hostile relays',
  async run(context) {
    const world = context.relay.events()
    const warmUp = await walkOnce(context, world, null).then(() => null, firstLine)
    const all: CaseRuns[] = cases.map(([label]) => ({
      label,
      name: null,
      longestMs: [],
      startMs: [],
      journeyMs: [],
      load1: [],
      noLongTask: 0,
      failures: [],
      problems: new Set(),
    }))
    for (let run = 1; run <= context.runs; run++) {
      const said: string[] = []
      for (const [index, [label, make]] of cases.entries()) {
        const runs = all[index]!
        const made = make()
        runs.name = made?.name ?? null
        try {
          runs.load1.push(round(loadavg()[0] ?? 0))
          const walked = await walkOnce(context, world, made)
          runs.longestMs.push(round(Math.max(LONG_TASK_MS, walked.longestMs)))
          if (walked.longestMs === 0) runs.noLongTask++
          runs.startMs.push(round(walked.startMs, 0))
          runs.journeyMs.push(round(walked.journeyMs, 0))
          for (const problem of walked.problems) runs.problems.add(problem)
          said.push(`${label} ${walked.longestMs ? `${round(walked.longestMs, 0)} ms` : 'none'}`)
        } catch (error) {
          runs.failures.push(`run ${run}: ${firstLine(error)}`)
          said.push(`${label} failed`)
        }
      }
      console.error(`hostile relays run ${run}/${context.runs}: ${said.join(', ')}`)
    }
    const [control, ...hostile] = all as [CaseRuns, ...CaseRuns[]]
    const reference = control.longestMs.length > 0 ? median(control.longestMs) : null
    return [
      {
        name: `Hostile relays: longest main-thread task, app start to journey end, the control: no hostile relay (${spread(control.longestMs)}${failed(control)}; none over ${LONG_TASK_MS} ms counts ${LONG_TASK_MS}; target: each case's longest task ≤ ${TARGET_MS} ms)`,
        unit: 'ms',
        value: median(control.longestMs),
        reference: null,
        target: null,
        details: { ...details(control), warmUpFailure: warmUp },
      },
      ...hostile.map((runs) => caseRow(runs, reference)),
    ]
  },
}

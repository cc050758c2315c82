/**
 * Lighthouse (issue 10): the performance score of the built app on Lighthouse's mobile profile
 * (its default: a mid-range phone, simulated slow 4G and 4x CPU slowdown), served as in production
 * against the seeded demo relay, a fresh profile each run, as a first visit sees it. Debian's
 * Chromium, started by chrome-launcher. Target: a score of at least 0.95.
 *
 * The table's targets are ceilings, so the row counts the points short of 100 (score 0.95 → 5
 * points, at most 5 passes); the score itself is in the details and the row's name.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts'
import type { Measure } from './context.ts'
import { median, round } from './stats.ts'

export const LIGHTHOUSE_TARGET_SCORE = 0.95
/**
 * Each run takes half a minute here. The score swings by a tenth from run to run on this 2-core
 * machine (Lighthouse scales the main thread's observed task times by four), so five runs give
 * the median.
 */
const MAX_RUNS = 5

interface LighthouseRun {
  score: number
  metrics: Record<string, number | null>
  /**
   * Lighthouse's measure of the host's CPU (its docs: the default 4x slowdown is calibrated for
   * 1500-2000); on this 2-core machine it swings between about 1200 and 2300 within an hour,
   * and blocking time with it.
   */
  benchmarkIndex: number
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const

async function runLighthouse(url: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    })
    const lhr = result?.lhr
    const score = lhr?.categories.performance?.score
    if (!lhr || typeof score !== 'number') {
      throw new Error(
        `Lighthouse gave no performance score: ${lhr?.runtimeError?.message ?? 'no result'}`,
      )
    }
    const metrics = Object.fromEntries(
      METRICS.map((id) => [id, lhr.audits[id]?.numericValue ?? null]),
    )
    return { score, metrics, benchmarkIndex: lhr.environment.benchmarkIndex }
  } finally {
    await chrome.kill()
  }
}

export const lighthouseScore: Measure = {
  name: 'lighthouse',
  async run(context) {
    const runs: LighthouseRun[] = []
    for (let i = 0; i < Math.min(context.runs, MAX_RUNS); i++) {
      runs.push(await runLighthouse(context.plumeUrl))
    }
    const score = median(runs.map((run) => run.score))
    const host = median(runs.map((run) => run.benchmarkIndex))
    return [
      {
        name: `Lighthouse mobile performance, points short of 100 (score ${score.toFixed(2)}; target score ≥ ${LIGHTHOUSE_TARGET_SCORE}; host benchmarkIndex ${Math.round(host)})`,
        unit: 'points',
        value: round(100 - score * 100),
        reference: null,
        target: { max: round(100 - LIGHTHOUSE_TARGET_SCORE * 100), inclusive: true },
        details: { score, runs },
      },
    ]
  },
}

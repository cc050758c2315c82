/**
 * Proof of work (NIP-13), three rows on the same 547-byte note (bench/pow-event.ts):
 *
 * - `pow worker`: hashes per second of one of the app's mining workers against nostr-tools
 *   `minePow` in a worker, in one Chromium page, both mining the note to 10 bits again and again,
 *   timed by the workers' clocks, interleaved run by run after a discarded warm-up each. Target:
 *   at least 6 times as fast.
 * - `pow two workers`: two of the app's workers at once against one, same page. Target: at least
 *   1.8 times the hashes per second (the machine must have two free cores for that).
 * - `pow node core`: the mining core (src/core/publish/pow-miner.ts) in Node against Node's native
 *   SHA-256 (OpenSSL) hashing the same bytes. Target: at least 0.2 of native.
 *
 * The table's targets are ceilings, so each "at least N times" is checked as the time per hash
 * being at most 1/N of the other's.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { build } from 'vite'
import { mine, planMining } from '../src/core/publish/pow-miner.ts'
import { startAppServer } from '../tests/peers/app-server.ts'
import type { BenchContext, Measure } from './context.ts'
import { waitForGlobal } from './page-wait.ts'
import { POW_EVENT, POW_EVENT_BYTES, serialised } from './pow-event.ts'
import type { PowTiming } from './pow-page/main.ts'
import { median, round } from './stats.ts'
import type { Row } from './table.ts'

const PAGE_ROOT = fileURLToPath(new URL('./pow-page/', import.meta.url))
/**
 * Difficulty of the worker row: about 1,000 hashes a search. minePow restarts its count when the
 * second changes, and runs that do are left out; at 16 bits its runs take longer than a second.
 */
const BITS = 10
const RUN_MS = 2000
const HASHES_EACH = 2 ** 20
const NODE_HASHES = 2 ** 20
const TARGET_SPEEDUP = 6
const TARGET_SCALING = 1.8
const TARGET_OF_NATIVE = 0.2

if (serialised(POW_EVENT).length !== POW_EVENT_BYTES) {
  throw new Error(`the bench note is ${serialised(POW_EVENT).length} bytes, not ${POW_EVENT_BYTES}`)
}

let built: Promise<string> | undefined

/** The page and its workers, built once per bench run into a temporary directory. */
function buildPage(): Promise<string> {
  built ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'plume-bench-pow-'))
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }))
    await build({
      configFile: false,
      root: PAGE_ROOT,
      publicDir: false,
      logLevel: 'warn',
      worker: { format: 'es' },
      build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false },
    })
    return outDir
  })()
  return built
}

async function withPage<T>(context: BenchContext, use: (page: Page) => Promise<T>): Promise<T> {
  const server = await startAppServer({ distDir: await buildPage(), config: null })
  const browserContext = await context.browser.newContext()
  try {
    const page = await browserContext.newPage()
    page.setDefaultTimeout(120_000)
    await page.goto(`${server.url}/`)
    await waitForGlobal(page, '__benchPow')
    return await use(page)
  } finally {
    await browserContext.close()
    await server.close()
  }
}

function parseTiming(value: unknown): PowTiming {
  const record = (value ?? {}) as Partial<Record<keyof PowTiming, unknown>>
  const { hashes, ms, runs } = record
  if (typeof hashes !== 'number' || typeof ms !== 'number' || typeof runs !== 'number') {
    throw new Error(`unexpected mining timing: ${JSON.stringify(value)}`)
  }
  if (hashes <= 0 || ms <= 0) throw new Error(`no mining measured: ${JSON.stringify(value)}`)
  return { hashes, ms, runs }
}

const perSecond = (timing: PowTiming): number => timing.hashes / (timing.ms / 1000)

const call = async (page: Page, expression: string): Promise<PowTiming> =>
  parseTiming(await page.evaluate(expression))

/** "at least `times` as fast" as a ceiling on the other's share of the time per hash. */
function speedupRow(name: string, ours: number, theirs: number, times: number): Row {
  return {
    name: `  time per hash as a share of the reference's (≤ ${round(100 / times)} % is ≥ ${times}× as fast)`,
    unit: '%',
    value: round((100 * theirs) / ours),
    reference: null,
    target: { max: 100 / times, inclusive: true },
    details: { speedup: round(ours / theirs, 2), of: name },
  }
}

export const powWorker: Measure = {
  name: 'pow worker',
  async run(context) {
    return withPage(context, async (page) => {
      const ours = () => call(page, `globalThis.__benchPow.mineOurs(${BITS}, ${RUN_MS})`)
      const theirs = () => call(page, `globalThis.__benchPow.mineReference(${BITS}, ${RUN_MS})`)
      await ours()
      await theirs()
      const rates = { ours: [] as number[], minePow: [] as number[] }
      const runs = { ours: [] as number[], minePow: [] as number[] }
      for (let run = 0; run < context.runs; run++) {
        const a = await ours()
        const b = await theirs()
        rates.ours.push(round(perSecond(a), 0))
        rates.minePow.push(round(perSecond(b), 0))
        runs.ours.push(a.runs)
        runs.minePow.push(b.runs)
      }
      console.error(
        `PoW hashes/s, our worker: ${rates.ours.join(', ')}; minePow: ${rates.minePow.join(', ')}`,
      )
      const value = median(rates.ours)
      const reference = median(rates.minePow)
      const name = `PoW hashes per second, one of our workers (ref: nostr-tools minePow in a worker; ${POW_EVENT_BYTES}-byte note, ${BITS} bits; median of ${context.runs})`
      return [
        {
          name,
          unit: '/s',
          value,
          reference,
          target: null,
          details: { perRun: rates, minedPerRun: runs, runMs: RUN_MS },
        },
        speedupRow(name, value, reference, TARGET_SPEEDUP),
      ]
    })
  },
}

export const powTwoWorkers: Measure = {
  name: 'pow two workers',
  async run(context) {
    return withPage(context, async (page) => {
      const cores = Number(await page.evaluate('navigator.hardwareConcurrency'))
      const parallel = (count: number) =>
        call(page, `globalThis.__benchPow.mineParallel(${count}, ${HASHES_EACH})`)
      await parallel(2)
      await parallel(1)
      const rates = { two: [] as number[], one: [] as number[] }
      for (let run = 0; run < context.runs; run++) {
        rates.two.push(round(perSecond(await parallel(2)), 0))
        rates.one.push(round(perSecond(await parallel(1)), 0))
      }
      console.error(
        `PoW hashes/s, two workers: ${rates.two.join(', ')}; one: ${rates.one.join(', ')}`,
      )
      const value = median(rates.two)
      const reference = median(rates.one)
      const name = `PoW hashes per second, two of our workers at once (ref: one; hardwareConcurrency ${cores}; median of ${context.runs})`
      return [
        {
          name,
          unit: '/s',
          value,
          reference,
          target: null,
          details: { perRun: rates, hashesEach: HASHES_EACH, hardwareConcurrency: cores },
        },
        speedupRow(name, value, reference, TARGET_SCALING),
      ]
    })
  },
}

export const powNodeCore: Measure = {
  name: 'pow node core',
  async run(context) {
    const plan = planMining(POW_EVENT, 60)
    // The bytes our core hashes: the note with its nonce tag, as the plan laid it out.
    const bytes = serialised({
      ...POW_EVENT,
      tags: [...POW_EVENT.tags, ['nonce', '0'.repeat(plan.digits), '60']],
    })
    if (bytes.length !== plan.bytes) throw new Error('the core and the bench disagree on the bytes')
    const ours = () => {
      const started = performance.now()
      const { hashes } = mine(plan, { maxHashes: NODE_HASHES })
      return hashes / ((performance.now() - started) / 1000)
    }
    const native = () => {
      const started = performance.now()
      for (let i = 0; i < NODE_HASHES; i++) createHash('sha256').update(bytes).digest()
      return NODE_HASHES / ((performance.now() - started) / 1000)
    }
    ours()
    native()
    const rates = { ours: [] as number[], native: [] as number[] }
    for (let run = 0; run < context.runs; run++) {
      rates.ours.push(round(ours(), 0))
      rates.native.push(round(native(), 0))
    }
    console.error(
      `PoW hashes/s in Node, core: ${rates.ours.join(', ')}; native: ${rates.native.join(', ')}`,
    )
    const value = median(rates.ours)
    const reference = median(rates.native)
    const name = `PoW hashes per second, mining core in Node (ref: node:crypto SHA-256 of the same ${plan.bytes} bytes; median of ${context.runs})`
    return [
      {
        name,
        unit: '/s',
        value,
        reference,
        target: null,
        details: { perRun: rates, chunksPerNonce: plan.chunksPerNonce, chunks: plan.chunks },
      },
      speedupRow(name, value, reference, TARGET_OF_NATIVE),
    ]
  },
}

/**
 * One bench run: fresh build if needed, peers, Chromium, every measure in order, the report.
 * The world comes from the caller so the entry point alone knows the seed module.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import type { AppWorld } from '../tests/peers/app-server.ts'
import { freePort } from '../tests/peers/free-port.ts'
import { launchChromium } from './browser.ts'
import { ensureFreshBuild, snapshotDist } from './build.ts'
import { type BenchAccount, type BenchContext, createContext } from './context.ts'
import { MEASURES } from './measures.ts'
import { startPeers } from './peers.ts'
import { printReport, type Report, saveReport, tallyProblems } from './report.ts'
import { REQ_WINDOW_MS } from './reqs.ts'
import { errorRow, type Row, score } from './table.ts'

export interface BenchWorld {
  events: NostrEvent[]
  world?: AppWorld
  /** The account the identity rows log in as (one with follows and notes in the world). */
  account?: BenchAccount
}

export interface BenchOptions {
  root: string
  runs: number
  /** Builds the seeded world: media URLs use origin, relay lists and hints name relayUrl. */
  makeWorld(origin: string, relayUrl: string): Promise<BenchWorld>
}

/** Every measure in order, then the report; the rows do not depend on how the peers started. */
async function measureAll(context: BenchContext, root: string): Promise<Report> {
  const rows: Row[] = []
  // BENCH_ONLY="warm start,verify throughput": just those measures, while working on one.
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim())
  for (const measure of MEASURES.filter((m) => !only || only.includes(m.name))) {
    rows.push(
      ...(await measure.run(context).catch((error: unknown) => [errorRow(measure.name, error)])),
    )
  }
  const samples = await context.samples()
  const report: Report = {
    generatedAt: new Date().toISOString(),
    chromium: context.browser.version(),
    node: process.versions.node,
    runs: context.runs,
    rows: rows.map(score),
    problems: tallyProblems(samples.plume.map((sample) => sample.problems)),
    failures: samples.failures,
  }
  printReport(report)
  console.log(`\nSaved ${saveReport(root, report)}`)
  return report
}

/** Runs every measure; resolves to false when a measure could not produce its row. */
export async function runBench(o: BenchOptions): Promise<boolean> {
  ensureFreshBuild(o.root)
  const dist = snapshotDist(o.root)
  const cleanups: (() => Promise<void> | void)[] = [dist.remove]
  try {
    // Ports first: the world names both, and relay lists must not point at a relay not ours.
    const appPort = await freePort()
    const relayPort = await freePort()
    const { events, world, account } = await o.makeWorld(
      `http://127.0.0.1:${appPort}`,
      `ws://127.0.0.1:${relayPort}`,
    )
    const peers = await startPeers({
      events,
      appPort,
      relayPort,
      distDir: dist.dir,
      ...(world ? { world } : {}),
    })
    cleanups.unshift(peers.close)
    const browser = await launchChromium()
    cleanups.unshift(() => browser.close())
    const context = createContext(
      {
        browser,
        relay: peers.relay,
        distDir: dist.dir,
        plumeUrl: `${peers.app.url}/`,
        referenceUrl: peers.reference.url,
        runs: o.runs,
        ...(account ? { account } : {}),
      },
      { plumeObserveMs: REQ_WINDOW_MS, timeoutMs: 30_000 },
    )
    const report = await measureAll(context, o.root)
    return report.rows.every((row) => row.verdict !== 'error')
  } finally {
    // Browser, then peers, then the copy of dist/.
    for (const cleanup of cleanups) await cleanup()
  }
}

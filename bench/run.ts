/**
 * `npm run bench`: Plume against a minimal reference client, cold, in Chromium, on a local relay
 * seeded with the demo world. BENCH_RUNS sets the number of runs (default 7); BENCH_ONLY a
 * comma-separated list of measure names to run alone.
 */
import { fileURLToPath } from 'node:url'
import { generateDemoWorld } from '../tests/peers/seed/index.ts'
import { runBench } from './bench.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const runs = Number(process.env.BENCH_RUNS ?? 7)
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`BENCH_RUNS must be a positive integer (got "${process.env.BENCH_RUNS}")`)
  process.exit(2)
}

try {
  const ok = await runBench({
    root,
    runs,
    makeWorld: async (origin, relayUrl) => {
      const world = await generateDemoWorld({ origin, relayUrl })
      return { events: world.events, world, account: world.demoAccount }
    },
  })
  process.exitCode = ok ? 0 : 1
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
}

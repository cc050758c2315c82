/**
 * What every measure gets: the running peers and the cold-load samples, collected once on first
 * use and shared, so adding a row that reads the same loads costs nothing.
 */
import type { Browser } from 'playwright-core'
import type { RelayHandle } from '../tests/peers/relay.ts'
import { collectSamples, type SampleOptions, type Samples } from './samples.ts'
import type { Row } from './table.ts'

/** A seeded account whose secret key the identity rows log in with. */
export interface BenchAccount {
  nsec: string
}

export interface BenchContext {
  browser: Browser
  relay: RelayHandle
  /** Absolute path of the built app. */
  distDir: string
  plumeUrl: string
  referenceUrl: string
  runs: number
  /** Absent: the identity rows log in with a fresh key. */
  account?: BenchAccount
  samples(): Promise<Samples>
}

/** A measure returns one or more rows; a throw becomes an error row. */
export interface Measure {
  name: string
  run(context: BenchContext): Promise<Row[]>
}

export function createContext(
  base: Omit<BenchContext, 'samples'>,
  load: Pick<SampleOptions, 'plumeObserveMs' | 'timeoutMs'>,
): BenchContext {
  let samples: Promise<Samples> | undefined
  return {
    ...base,
    samples: () => {
      samples ??= collectSamples(base.browser, {
        runs: base.runs,
        plumeUrl: base.plumeUrl,
        referenceUrl: base.referenceUrl,
        relay: base.relay,
        ...load,
      })
      return samples
    },
  }
}

/** Plume samples, or a throw that says why there are none. */
export async function plumeSamples(context: BenchContext): Promise<Samples> {
  const samples = await context.samples()
  if (samples.plume.length === 0) {
    throw new Error(`no Plume run showed a note: ${samples.failures.join('; ') || 'no runs'}`)
  }
  return samples
}

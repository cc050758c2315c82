/**
 * Cold loads of Plume and of the reference page, interleaved run by run so both see the same
 * machine noise, after one discarded warm-up each (Chromium, server and relay all start cold).
 */
import type { Browser } from 'playwright-core'
import type { RelayHandle } from '../tests/peers/relay.ts'
import { coldLoad, type LoadOptions, type LoadSample } from './load.ts'
import { PLAIN_FEED } from './probe.ts'

export interface Sample extends LoadSample {
  /** REQs the relay received while this page was open: a cross-check of the frame count. */
  relayReqs: number
}

export interface Samples {
  plume: Sample[]
  reference: Sample[]
  /** Runs that never showed a note, with the reason. */
  failures: string[]
}

export interface SampleOptions {
  runs: number
  plumeUrl: string
  referenceUrl: string
  relay: RelayHandle
  /** Plume is watched for its REQ budget window; the reference only until its note. */
  plumeObserveMs: number
  timeoutMs: number
}

async function sampleOnce(
  browser: Browser,
  relay: RelayHandle,
  url: string,
  options: LoadOptions,
): Promise<Sample> {
  const before = relay.stats().reqs
  const sample = await coldLoad(browser, url, options)
  return { ...sample, relayReqs: relay.stats().reqs - before }
}

export async function collectSamples(browser: Browser, o: SampleOptions): Promise<Samples> {
  const plumeLoad = { observeMs: o.plumeObserveMs, timeoutMs: o.timeoutMs, initScript: PLAIN_FEED }
  const referenceLoad = { observeMs: 0, timeoutMs: o.timeoutMs }
  const samples: Samples = { plume: [], reference: [], failures: [] }
  const attempt = async (
    label: string,
    url: string,
    options: LoadOptions,
  ): Promise<Sample | null> => {
    try {
      return await sampleOnce(browser, o.relay, url, options)
    } catch (error) {
      samples.failures.push(`${label}: ${error instanceof Error ? error.message : String(error)}`)
      return null
    }
  }

  await attempt('warm-up plume', o.plumeUrl, { ...plumeLoad, observeMs: 0 })
  await attempt('warm-up reference', o.referenceUrl, referenceLoad)
  for (let run = 1; run <= o.runs; run++) {
    const plume = await attempt(`plume run ${run}`, o.plumeUrl, plumeLoad)
    const reference = await attempt(`reference run ${run}`, o.referenceUrl, referenceLoad)
    if (plume) samples.plume.push(plume)
    if (reference) samples.reference.push(reference)
    const ms = (sample: Sample | null): string =>
      sample ? `${sample.firstNoteMs.toFixed(0)} ms` : 'failed'
    console.error(`run ${run}/${o.runs}: plume ${ms(plume)}, reference ${ms(reference)}`)
  }
  return samples
}

/**
 * Row 1: navigation to the first note on screen (painted: probe.ts), cold, median of the runs,
 * against the reference. The spec's splash (§2) is over it until 1,200 ms on a tab's first start;
 * the row times what the app controls, the note drawn and painted under it.
 * Its details say where Plume's time went: the median of each step the start-up script marks
 * (core/app/start-marks.ts), and when the app's own rows came.
 */
import { START_MARKS } from '../src/core/app/start-marks.ts'
import { type Measure, plumeSamples } from './context.ts'
import type { LoadSample } from './load.ts'
import { median, round } from './stats.ts'

export const firstNote: Measure = {
  name: 'first note',
  async run(context) {
    const samples = await plumeSamples(context)
    const plume = samples.plume.map((sample) => round(sample.firstNoteMs))
    const reference = samples.reference.map((sample) => round(sample.firstNoteMs))
    return [
      {
        name: `First note visible, cold (median of ${plume.length})`,
        unit: 'ms',
        value: median(plume),
        reference: reference.length > 0 ? median(reference) : null,
        target: null,
        details: {
          plumeRuns: plume,
          referenceRuns: reference,
          steps: startSteps(samples.plume),
          failures: samples.failures,
        },
      },
    ]
  },
}

/** Each step's median ms since navigation, over the runs that reached it (how many, when not all). */
export function startSteps(samples: readonly LoadSample[]): Record<string, string> {
  const steps: Record<string, string> = {}
  const at = (name: string, times: number[]) => {
    if (times.length === 0) return
    const runs = times.length < samples.length ? ` (${times.length} of ${samples.length} runs)` : ''
    steps[name] = `${round(median(times))} ms${runs}`
  }
  for (const [step, mark] of Object.entries(START_MARKS)) {
    at(
      step,
      samples.flatMap((sample) => sample.startMarks.get(mark) ?? []),
    )
  }
  at(
    'firstNoteInDom',
    samples.map((sample) => sample.firstNoteInDomMs),
  )
  at(
    'firstNote',
    samples.map((sample) => sample.firstNoteMs),
  )
  at(
    'appRows',
    samples.flatMap((sample) => sample.appRowsMs ?? []),
  )
  return steps
}

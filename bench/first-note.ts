/** Row 1: navigation to the first note visible, cold, median of the runs, against the reference. */
import { type Measure, plumeSamples } from './context.ts'
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
        details: { plumeRuns: plume, referenceRuns: reference, failures: samples.failures },
      },
    ]
  },
}

/**
 * Row 4: REQ messages the page sent in the first 5 s after navigation, counted from the
 * WebSocket frames Chromium saw leave, the relay-socket worker's included (bench/load.ts), and
 * cross-checked against the REQs the relay received while the page was open. The budget must
 * hold on every run, so the row reports the worst run.
 */
import { type Measure, plumeSamples } from './context.ts'
import type { Sample } from './samples.ts'

export const REQ_WINDOW_MS = 5000

const isReq = (payload: string): boolean => /^\s*\[\s*"REQ"/.test(payload)

const reqsInWindow = (sample: Sample, windowMs: number): string[] =>
  sample.framesSent
    .filter((frame) => frame.atMs <= windowMs && isReq(frame.payload))
    .map((frame) => frame.payload)

export const reqCount: Measure = {
  name: 'REQs',
  async run(context) {
    const samples = await plumeSamples(context)
    const plume = samples.plume.map((sample) => reqsInWindow(sample, REQ_WINDOW_MS).length)
    // The reference page is closed once its note shows: its one REQ is all it ever sends.
    const reference = samples.reference.map((sample) => reqsInWindow(sample, Infinity).length)
    const clip = (payload: string) => (payload.length > 160 ? `${payload.slice(0, 160)}…` : payload)
    const worst = samples.plume[plume.indexOf(Math.max(...plume))]!
    return [
      {
        name: `REQs sent in first ${REQ_WINDOW_MS / 1000} s (worst of ${plume.length})`,
        unit: '',
        value: Math.max(...plume),
        reference: reference.length > 0 ? Math.max(...reference) : null,
        target: { max: 10, inclusive: true },
        details: {
          perRun: plume,
          relayReqsPerRun: samples.plume.map((sample) => sample.relayReqs),
          worstRunReqs: reqsInWindow(worst, REQ_WINDOW_MS).map(clip),
        },
      },
    ]
  },
}

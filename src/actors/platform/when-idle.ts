/**
 * Runs `run` once the browser is idle, at most `timeoutMs` later when given. Safari has no
 * requestIdleCallback: a timer of `fallbackMs` stands in. Returns the cancel.
 */
export function whenIdle(
  run: () => void,
  { timeoutMs, fallbackMs = 0 }: { timeoutMs?: number; fallbackMs?: number } = {},
): () => void {
  if (typeof globalThis.requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, timeoutMs === undefined ? {} : { timeout: timeoutMs })
    return () => cancelIdleCallback(id)
  }
  const timer = setTimeout(run, fallbackMs)
  return () => clearTimeout(timer)
}

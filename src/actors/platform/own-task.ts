/**
 * Runs `run` in a task of its own, after the current one; returns the cancel. For work that
 * would otherwise lengthen a task already long: Lighthouse's slow phone counts every task past
 * 50 ms as blocking.
 */
export function inOwnTask(run: () => void): () => void {
  const timer = setTimeout(run)
  return () => clearTimeout(timer)
}

/** How a mining session's numbers read on screen: hash rate and time left, short and honest. */

/** 950 H/s, 123.4 kH/s, 1.23 MH/s. */
export function formatHashRate(hashesPerSecond: number): string {
  if (!(hashesPerSecond > 0)) return '0 H/s'
  if (hashesPerSecond < 1000) return `${Math.round(hashesPerSecond)} H/s`
  if (hashesPerSecond < 1e6) return `${(hashesPerSecond / 1000).toFixed(1)} kH/s`
  return `${(hashesPerSecond / 1e6).toFixed(2)} MH/s`
}

/**
 * The estimate in words: null while there is no rate yet; past the expected work, "any moment
 * now" (each nonce is a fresh chance, so nothing better can be said).
 */
export function formatTimeLeft(seconds: number | null): string {
  if (seconds === null) return 'estimating…'
  if (seconds < 1) return 'any moment now'
  if (seconds < 60) return `about ${Math.round(seconds)} s left`
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min left`
  return `about ${Math.round(seconds / 3600)} h left`
}

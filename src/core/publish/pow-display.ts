/**
 * How proof of work reads on screen: a mining session's hash rate and time left, short and
 * honest, and what the settings will mine to, and why.
 */
import { DEFAULT_POW_BITS, MAX_POW_BITS } from './nip13.ts'

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

/**
 * What the Proof of Work setting does (spec §2, §4): off, or the bits notes are mined to (`used`)
 * and why: a write relay that asks for more than the user's value or the default (capped at 24),
 * else that value.
 */
export function powExplanation(
  enabled: boolean,
  used: number,
  saved: number | null,
  relay: { bits: number; url: string } | null,
): string {
  if (!enabled) return 'Off: notes are published without proof of work.'
  const chosen = saved ?? DEFAULT_POW_BITS
  if (relay && relay.bits > chosen) {
    const capped = relay.bits > MAX_POW_BITS ? ` (capped at ${MAX_POW_BITS})` : ''
    return `Notes are mined to ${used} bits before publishing: ${relay.url} asks for ${relay.bits}${capped}.`
  }
  const why = saved === null ? 'the default' : 'your setting'
  return `Notes are mined to ${used} bits before publishing (${why}). Each bit doubles the work.`
}

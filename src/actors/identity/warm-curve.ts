/**
 * noble's secp256k1 builds its lookup tables on first use (25–45 ms on a slow machine). Doing that
 * once while the page is idle keeps it out of the unlock and login clicks, where it pushed the
 * main thread past 50 ms. Reading needs no curve: it loads when a screen that takes a key opens,
 * never ahead of the first note.
 */
import { whenIdle } from '../platform/when-idle.ts'

const WARM_KEY = new Uint8Array(32).fill(7)

let warmed = false

export function warmCurveWhenIdle(): void {
  if (warmed) return
  warmed = true
  const warm = () =>
    void import('nostr-tools/pure').then(({ getPublicKey }) => getPublicKey(WARM_KEY))
  whenIdle(warm, { timeoutMs: 5_000, fallbackMs: 500 })
}

/**
 * noble's secp256k1 builds its lookup tables on first use (25–45 ms on a slow machine). Doing that
 * once while the page is idle keeps it out of the unlock and login clicks, where it pushed the
 * main thread past 50 ms.
 */
import { getPublicKey } from 'nostr-tools/pure'

const WARM_KEY = new Uint8Array(32).fill(7)

export function warmCurveWhenIdle(): void {
  const warm = () => void getPublicKey(WARM_KEY)
  if ('requestIdleCallback' in globalThis) requestIdleCallback(warm, { timeout: 5_000 })
  else setTimeout(warm, 2_000)
}

/**
 * The page's first script, inline in the head before the start-up script's tag
 * (scripts/vite-head-start.ts), where the host put the config into the page (README, Hosting):
 * where the early feed is drawn, it sends the early page's request to the pool's read relays at
 * once, and compiles nostr-wasm's check from index.html's preload, for the start-up script to take
 * over (actors/feed/early-request.ts). Anything it cannot do, it leaves to the start-up script,
 * which then does it as it would have.
 */
import { NostrWasm } from 'nostr-wasm'
import { EARLY_SUB_ID } from '../actors/feed/early-page.ts'
import { handOverEarlyStart, sendEarlyRequest } from '../actors/feed/early-request.ts'
import { START_MARKS } from '../core/app/start-marks.ts'
import { parseRuntimeConfig } from '../core/platform/runtime-config.ts'
import type { VerifyOne } from '../core/relays/check-event.ts'
import { reqMessage } from '../core/relays/nip01.ts'
import { poolReadUrls } from '../core/relays/pool-urls.ts'
import { WARM_UP_EVENT } from '../core/relays/warm-up-event.ts'
import { earlyFeedStart } from './components/feed/early-start.ts'
import { inlineConfig } from './inline-config.ts'

/** index.html's preload of nostr-wasm's module, before this script. */
const WASM_PRELOAD = 'link[rel="preload"][href$=".wasm"]'

try {
  const config = inlineConfig()
  const start = config === null ? null : earlyFeedStart()
  const wasm = document.querySelector<HTMLLinkElement>(WASM_PRELOAD)?.href
  if (config !== null && start !== null && wasm !== undefined) {
    performance.mark(START_MARKS.start)
    const urls = poolReadUrls(parseRuntimeConfig(JSON.parse(config)).relays)
    performance.mark(START_MARKS.config)
    let asked = false
    const request = sendEarlyRequest({
      urls,
      req: reqMessage(EARLY_SUB_ID, start.filters),
      open: (url) => new WebSocket(url),
      asked: () => {
        if (!asked) performance.mark(START_MARKS.asked)
        asked = true
      },
      later: (run, ms) => void setTimeout(run, ms),
    })
    // Compiled while the page loads, and run once so its first real check is not its slowest
    // (core/relays/warm-up-event.ts).
    const verifyOne = NostrWasm(fetch(wasm)).then((nostr): VerifyOne => {
      const verify: VerifyOne = (event) => nostr.verifyEvent(event)
      verify(WARM_UP_EVENT)
      return verify
    })
    verifyOne.catch(() => undefined) // unchecked events are not drawn; the app says what failed
    handOverEarlyStart({ ...request, verifyOne })
  }
} catch {
  // A config that does not parse: the start-up script reads it again and the app says what failed.
}

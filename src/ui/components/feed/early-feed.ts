/**
 * The early feed (core/feed/early-feed.ts), started by the start-up script: the first page asked
 * for (actors/feed/early-page.ts) and its leading rows drawn as the feed's cards draw them
 * (early-cards.ts), before the app's scripts have run. They stay until the app's feed has drawn
 * its own rows, ended, failed, or the app went elsewhere (dropEarlyFeed).
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { NostrWasm } from 'nostr-wasm'
import { isStandalone } from '../../../actors/app/display-mode.ts'
import { askEarlyPage } from '../../../actors/feed/early-page.ts'
import { PUBKEY_KEY } from '../../../actors/identity/login-session.ts'
import { LAST_ROUTE_KEY, parseLastRoute, restorableRoute } from '../../../core/app/last-route.ts'
import { readStoredPreferences, withStored } from '../../../core/app/preferences.ts'
import { START_MARKS, type StartMark } from '../../../core/app/start-marks.ts'
import { earlyFeedFilters, earlyRows } from '../../../core/feed/early-feed.ts'
import { parseRepost } from '../../../core/feed/nip18.ts'
import { parseRuntimeConfig } from '../../../core/platform/runtime-config.ts'
import { checkEvent, type VerifyOne } from '../../../core/relays/check-event.ts'
import { poolReadUrls } from '../../../core/relays/pool-urls.ts'
import type { AsciiResult } from '../../../workers/ascii-api.ts'
import { drawEarlyFeed } from './early-cards.ts'

let dropped = false
let stopPage: (() => void) | null = null
let drawn: HTMLElement | null = null

/** A step of the start on the page's timeline. */
export const markStart = (step: StartMark): void => void performance.mark(START_MARKS[step])

/** The app's feed has drawn (or the app is elsewhere): the early one goes, or is never drawn. */
export function dropEarlyFeed(): void {
  dropped = true
  stopPage?.()
  stopPage = null
  drawn?.remove()
  drawn = null
}

/**
 * Asks for the page when the early feed applies here, once the config (the start-up script's
 * request, read from a copy) names the relays; its events are checked with nostr-wasm, compiled
 * from the start-up script's request for the module. Anything that goes wrong leaves it undrawn.
 * Settles once the rows are drawn or will not be; not when dropEarlyFeed stops the page, which
 * only the app does, once it has begun the head start itself.
 */
export function startEarlyFeed(config: Promise<Response>, wasm: Promise<Response>): Promise<void> {
  const filters = (() => {
    try {
      const read = (key: string) => localStorage.getItem(key)
      // An installed app about to go back to its last screen (ui/pwa/start.ts) is not on the feed.
      const saved = parseLastRoute(read(LAST_ROUTE_KEY))
      if (isStandalone() && restorableRoute(location, saved, Date.now()) !== null) return null
      return earlyFeedFilters({
        pathname: location.pathname,
        search: location.search,
        preferences: withStored(readStoredPreferences(read)),
        signedIn: read(PUBKEY_KEY) !== null,
      })
    } catch {
      return null // storage refused: the preferences are not known
    }
  })()
  if (!filters) return Promise.resolve()
  const verifyOne = NostrWasm(wasm).then(
    (wasm) => (event: Parameters<typeof wasm.verifyEvent>[0]) => wasm.verifyEvent(event),
  )
  verifyOne.catch(() => undefined) // unchecked events are not drawn; the app says what failed
  return config
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((json: unknown) => {
      if (json === null || dropped) return
      markStart('config')
      return new Promise<void>((settle) => {
        stopPage = askEarlyPage(
          {
            relays: poolReadUrls(parseRuntimeConfig(json).relays),
            filters,
            connect: (url, events) => {
              const socket = new WebSocket(url)
              socket.onopen = events.opened
              socket.onmessage = (message) => events.message(message.data)
              socket.onerror = events.ended
              socket.onclose = events.ended
              return {
                send: (data) => socket.send(data),
                close: () => socket.close(),
                isOpen: () => socket.readyState === WebSocket.OPEN,
              }
            },
            verifyOne,
            nowMs: Date.now,
            later: (run, ms) => {
              const timer = setTimeout(run, ms)
              return () => clearTimeout(timer)
            },
            mark: markStart,
          },
          (events) => {
            stopPage = null
            if (events === null) return settle()
            void drawPage(events, verifyOne).then(settle)
          },
        )
      })
    })
    .catch(() => undefined)
}

/** Draws the page's rows unless the app's feed came first; a failure leaves them undrawn. */
async function drawPage(events: readonly NostrEvent[], verifyOne: Promise<VerifyOne>) {
  try {
    const carried = await carriedNotes(events, verifyOne)
    const preferences = withStored(readStoredPreferences((key) => localStorage.getItem(key)))
    const rows = earlyRows(events, preferences, carried)
    const { useAscii, useColor } = preferences
    const art = useAscii ? (source: string) => drawArt(source, useColor) : null
    if (dropped || rows.length === 0) return
    drawn = drawEarlyFeed(rows, preferences.customHashtags, art)
    markStart('drawn')
  } catch {
    // The WebAssembly or the storage refused: the app draws the feed as it would have.
  }
}

/**
 * A picture drawn by the app's ASCII cache and its worker, asked for once the rows are drawn: its
 * code is the app's own (a chunk the page is loading), not the start-up script's.
 */
const drawArt = (source: string, color: boolean): Promise<AsciiResult> =>
  import('../../../actors/feed/ascii-cache.ts').then(
    ({ asciiCache }) => asciiCache().get(source, color),
    (error: unknown): AsciiResult => ({ ok: false, reason: String(error) }),
  )

/** The notes reposts carry whose signatures hold, by repost (the app's carriedNote). */
async function carriedNotes(
  events: readonly NostrEvent[],
  verifyOne: Promise<VerifyOne>,
): Promise<Map<string, NostrEvent>> {
  const check = await verifyOne
  const carried = new Map<string, NostrEvent>()
  for (const event of events) {
    const embedded = parseRepost(event)?.embedded
    if (embedded && checkEvent(embedded, check)) carried.set(event.id, embedded)
  }
  return carried
}

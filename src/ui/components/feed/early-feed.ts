/**
 * The early feed (core/feed/early-feed.ts), started by the start-up script: the first page asked
 * for (actors/feed/early-page.ts) and its leading rows drawn as the feed's cards draw them
 * (early-cards.ts), before the app's scripts have run. They stay until the app's feed has drawn
 * its own rows, ended, failed, or the app went elsewhere (dropEarlyFeed).
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { NostrWasm } from 'nostr-wasm'
import { isStandalone } from '../../../actors/app/display-mode.ts'
import { asciiCache, warmAsciiWorker } from '../../../actors/feed/ascii-cache.ts'
import { askEarlyPage, type EarlyPageListener } from '../../../actors/feed/early-page.ts'
import { PUBKEY_KEY } from '../../../actors/identity/login-session.ts'
import { LAST_ROUTE_KEY, parseLastRoute, restorableRoute } from '../../../core/app/last-route.ts'
import {
  type Preferences,
  readStoredPreferences,
  withStored,
} from '../../../core/app/preferences.ts'
import { START_MARKS, type StartMark } from '../../../core/app/start-marks.ts'
import { earlyFeedFilters, earlyRows } from '../../../core/feed/early-feed.ts'
import { parseRepost } from '../../../core/feed/nip18.ts'
import { parseRuntimeConfig } from '../../../core/platform/runtime-config.ts'
import { checkEvent } from '../../../core/relays/check-event.ts'
import { poolReadUrls } from '../../../core/relays/pool-urls.ts'
import { addEarlyRows, drawEarlyFeed } from './early-cards.ts'

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
 * from the start-up script's request for the module, and its rows drawn as they settle. Anything
 * that goes wrong draws no more. Calls `onDrawn` once the first rows are drawn. Settles once every
 * row is drawn or no more will be; not when dropEarlyFeed stops the page, which only the app does,
 * once it has begun the head start itself.
 */
export function startEarlyFeed(
  config: Promise<Response>,
  wasm: Promise<Response>,
  onDrawn: () => void,
): Promise<void> {
  const start = (() => {
    try {
      const read = (key: string) => localStorage.getItem(key)
      // An installed app about to go back to its last screen (ui/pwa/start.ts) is not on the feed.
      const saved = parseLastRoute(read(LAST_ROUTE_KEY))
      if (isStandalone() && restorableRoute(location, saved, Date.now()) !== null) return null
      const preferences = withStored(readStoredPreferences(read))
      const filters = earlyFeedFilters({
        pathname: location.pathname,
        search: location.search,
        preferences,
        signedIn: read(PUBKEY_KEY) !== null,
      })
      return filters && { filters, preferences }
    } catch {
      return null // storage refused: the preferences are not known
    }
  })()
  if (!start) return Promise.resolve()
  const verifyOne = NostrWasm(wasm).then(
    (wasm) => (event: Parameters<typeof wasm.verifyEvent>[0]) => wasm.verifyEvent(event),
  )
  verifyOne.catch(() => undefined) // unchecked events are not drawn; the app says what failed
  return config
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((json: unknown) => {
      if (json === null || dropped) return
      markStart('config')
      // The art's worker loads while the relays answer, not once the rows are drawn.
      if (start.preferences.useAscii) warmAsciiWorker()
      return new Promise<void>((settle) => {
        const listener = pageRows(start.preferences, onDrawn, () => {
          stopPage?.()
          stopPage = null
          settle()
        })
        stopPage = askEarlyPage(
          {
            relays: poolReadUrls(parseRuntimeConfig(json).relays),
            filters: start.filters,
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
          listener,
        )
      })
    })
    .catch(() => undefined)
}

/**
 * Draws the page's rows as its leading events settle, unless the app's feed came first; `finish`
 * once every row is drawn or no more will be (a failure draws no more).
 */
function pageRows(
  preferences: Preferences,
  onDrawn: () => void,
  finish: () => void,
): EarlyPageListener {
  const next = earlyRows(preferences)
  const { useAscii, useColor } = preferences
  // A picture drawn by the app's ASCII cache, so the app's rows find the art in it. The cache's
  // module is the start-up script's own (1.1 kB gzip): imported from the app's home chunk, the
  // art waited for that chunk to load and run. The first picture's art is the largest thing a
  // first visit paints (its LCP); on 16 cold loads each at a phone's width it came at a median
  // of 445 ms, now 344.
  const art = useAscii ? (source: string) => asciiCache().get(source, useColor) : null
  let finished = false
  const end = () => {
    if (finished) return
    finished = true
    if (drawn) markStart('complete')
    finish()
  }
  return {
    settled: (leading, verify) => {
      if (dropped || finished) return
      try {
        // The note a repost carries, if its signature holds (the app's carriedNote).
        const carried = (repost: NostrEvent) => {
          const embedded = parseRepost(repost)?.embedded
          return embedded && checkEvent(embedded, verify) ? embedded : null
        }
        const { rows, complete } = next(leading, carried)
        if (rows.length > 0 && drawn) addEarlyRows(drawn, rows, art)
        else if (rows.length > 0) {
          drawn = drawEarlyFeed(rows, preferences.customHashtags, art)
          markStart('drawn')
          onDrawn()
        }
        if (complete) end()
      } catch {
        end() // the WebAssembly refused: the app draws the feed as it would have
      }
    },
    done: end,
  }
}

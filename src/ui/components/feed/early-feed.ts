/**
 * The early feed (core/feed/early-feed.ts), started by the start-up script: the first page asked
 * for (actors/feed/early-page.ts) and its leading rows drawn as the feed's cards draw them
 * (early-cards.ts), before the app's scripts have run. They stay until the app's feed has drawn
 * its own rows, ended, failed, or the app went elsewhere (dropEarlyFeed).
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { NostrWasm } from 'nostr-wasm'
import { asciiCache, drawAsciiOnPage } from '../../../actors/feed/ascii-cache.ts'
import {
  askEarlyPage,
  type EarlyPage,
  type EarlyPageListener,
} from '../../../actors/feed/early-page.ts'
import { type EarlyStartHanded, keptSocket } from '../../../actors/feed/early-request.ts'
import type { Preferences } from '../../../core/app/preferences.ts'
import { START_MARKS, type StartMark } from '../../../core/app/start-marks.ts'
import { earlyRows } from '../../../core/feed/early-feed.ts'
import { parseRepost } from '../../../core/feed/nip18.ts'
import { parseRuntimeConfig } from '../../../core/platform/runtime-config.ts'
import { checkEvent, type VerifyOne } from '../../../core/relays/check-event.ts'
import { poolReadUrls } from '../../../core/relays/pool-urls.ts'
import { addEarlyRows, drawEarlyFeed } from './early-cards.ts'
import { earlyFeedStart } from './early-start.ts'
import { whenOnScreen } from './on-screen.ts'

let dropped = false
let stopPage: (() => void) | null = null
let drawn: HTMLElement | null = null

/** A step of the start on the page's timeline, once: the page's first script may have marked it. */
export function markStart(step: StartMark): void {
  const name = START_MARKS[step]
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name)
}

/** The app's feed has drawn (or the app is elsewhere): the early one goes, or is never drawn. */
export function dropEarlyFeed(): void {
  dropped = true
  stopPage?.()
  stopPage = null
  drawn?.remove()
  drawn = null
}

/**
 * Asks for the page when the early feed applies here, once the config (its JSON: the page's, or
 * the start-up script's request read from a copy; null where none came) names the relays. Where
 * the page's first script asked already (`early`, actors/feed/early-request.ts), its sockets and
 * its compiled check are taken over. Events are checked with nostr-wasm, and rows drawn as they
 * settle. Anything that goes wrong draws no more. Calls `onDrawn` once the first row is on screen.
 * Settles once every row is drawn or no more will be; not when dropEarlyFeed stops the page,
 * which only the app does, once it has begun the head start itself.
 */
export function startEarlyFeed(
  config: Promise<unknown>,
  early: EarlyStartHanded | null,
  wasm: () => Promise<Response>,
  onDrawn: () => void,
): Promise<void> {
  const start = earlyFeedStart()
  if (!start) {
    early?.release()
    return Promise.resolve()
  }
  const verifyOne =
    early?.verifyOne ??
    NostrWasm(wasm()).then(
      (wasm): VerifyOne =>
        (event) =>
          wasm.verifyEvent(event),
    )
  verifyOne.catch(() => undefined) // unchecked events are not drawn; the app says what failed
  return config
    .then((json) => {
      if (json === null || dropped) return early?.release()
      markStart('config')
      return new Promise<void>((settle) => {
        let page: EarlyPage | null = null
        const want = (count: number) => page?.want(count)
        const listener = pageRows(start.preferences, want, onDrawn, () => {
          stopPage?.()
          stopPage = null
          settle()
        })
        page = askEarlyPage(
          {
            relays: poolReadUrls(parseRuntimeConfig(json).relays),
            filters: start.filters,
            connect: (url, req, events) =>
              (early?.take(url, req) ?? keptSocket(new WebSocket(url), req, () => {}))(events),
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
        stopPage = page.stop
        want(1)
        // Every relay the page asks has taken its early socket, if it had one.
        early?.release()
      })
    })
    .catch(() => early?.release())
}

/** Runs `run` in a task of its own, unclamped (HTML timers clamp nested ones to 4 ms). */
function nextTask(run: () => void): void {
  const { port1, port2 } = new MessageChannel()
  port1.onmessage = () => {
    port1.close()
    run()
  }
  port2.postMessage(null)
}

/**
 * Draws the page's rows as its leading events settle, unless the app's feed came first; `finish`
 * once every row is drawn or no more will be (a failure draws no more). It `want`s the page's
 * events one at a time until the first row is drawn, and once it is on screen one more a task.
 */
function pageRows(
  preferences: Preferences,
  want: (count: number) => void,
  onDrawn: () => void,
  finish: () => void,
): EarlyPageListener {
  const next = earlyRows(preferences)
  const { useAscii, useColor } = preferences
  // A picture drawn on the page (drawAsciiOnPage) into the app's ASCII cache, so the app's rows
  // find the art in it. The cache's module is the start-up script's own (2.4 kB gzip with its
  // drawing on the page): imported from the app's home chunk, the art waited for that chunk.
  const art = useAscii
    ? (source: string) => asciiCache().get(source, useColor, drawAsciiOnPage)
    : null
  let finished = false
  const end = () => {
    if (finished) return
    finished = true
    if (drawn) markStart('complete')
    finish()
  }
  const step = (leading: readonly NostrEvent[], verify: VerifyOne) => {
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
      }
      if (complete) end()
    } catch {
      end() // the WebAssembly refused: the app draws the feed as it would have
    }
  }
  // The first row is drawn alone, and the page read on once it is on screen (on-screen.ts).
  // Drawn with it or soon after it, the other rows held its frame back: their tasks took the
  // cores its raster waited for (bench, 3 alternated rounds of 7 cold loads: the first note
  // painted at a median of 352 ms against 388, the slowest at 448 against 644).
  let onScreen = false
  let done = false
  return {
    settled: (leading, verify) => {
      if (drawn && !onScreen) return // nothing more is wanted until it is on screen
      step(leading, verify)
      if (onScreen) {
        // One row a task: wanted all at once, the others were one task of 28-42 ms of CPU here
        // (their checks, content and cards; traced cold loads), a long task on a phone. One a
        // task, Lighthouse at a 9.3x slowdown put 0-61 ms of blocking time on the start-up
        // script against 190-350 (tasks at their CPU time, 4 loads against 3), and the bench's
        // every row drawn came no later (400 and 403 ms against 393 and 430).
        if (!finished) nextTask(() => want(leading.length + 1))
        return
      }
      if (!drawn) {
        if (!finished) want(leading.length + 1) // that one drew no row: the next
        return
      }
      whenOnScreen(drawn, () => {
        onScreen = true
        onDrawn()
        if (done) end()
        else want(leading.length + 1)
      })
    },
    done: () => {
      done = true
      if (onScreen || !drawn) end()
    },
  }
}

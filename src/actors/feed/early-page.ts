/**
 * The early feed's page (core/feed/early-feed.ts): the app's first page asked of the pool's read
 * relays on sockets of the page's own thread, as soon as the config has come. The app's relay
 * sockets live in a worker that opened them some 50 ms later on a cold start (bench trace), and
 * its scripts run after that. Every event is checked as the app checks it (checkEvent with
 * nostr-wasm, the verify workers' check), within the same bounds (a relay's limit, a date ahead)
 * and tighter ones on what is parsed. Its leading events are handed over as soon as no relay can
 * still send a newer one: every relay has sent one no newer, or ended (NIP-01: stored events come
 * newest first). So the first note is drawn on the first relays' answers, not on the slowest
 * relay's end of stored events. A relay that sends out of that order is waited for to its end; past
 * what was handed over, the page is given up. Its sockets close once every relay has ended; the app
 * asks for the page again on its own sockets.
 */
import type { Filter } from 'nostr-tools/filter'
import { matchFilters } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import type { StartMark } from '../../core/app/start-marks.ts'
import { newestFirst } from '../../core/platform/event-order.ts'
import { checkEvent, type VerifyOne } from '../../core/relays/check-event.ts'
import { EOSE_BASE_TIMEOUT_MS } from '../../core/relays/eose-timeout.ts'
import { closeMessage, parseRelayMessage, reqMessage } from '../../core/relays/nip01.ts'
import { isDatedAhead, storedEventsBound } from '../../core/relays/untrusted-input.ts'
import { WARM_UP_EVENT } from '../../core/relays/warm-up-event.ts'

/** The subscription's id on the early sockets. */
export const EARLY_SUB_ID = 'plume-early'
/** A relay that has not ended its stored events by then is waited for no longer: no more is drawn. */
export const EARLY_PAGE_MS = EOSE_BASE_TIMEOUT_MS
/**
 * What a relay may send before its end of stored events, parsed on the page's thread while the
 * app loads: past either bound the early page is given up (the app's worker reads that relay). A page of ten notes is
 * some 12 frames and 10-30 KB; a note's content is commonly capped at 100 KB (NIP-11
 * max_content_length).
 */
export const FRAMES_KEPT = 32
export const CHARS_KEPT = 256 * 1024

/** What the early page hears from a socket. */
export interface EarlySocketEvents {
  /** Its request is out. */
  asked(): void
  message(data: unknown): void
  /** An error or a close: it has nothing more to say. */
  ended(): void
}

/** A socket the early page opened (the page's WebSocket). */
export interface EarlySocket {
  send(data: string): void
  close(): void
  isOpen(): boolean
}

export interface EarlyPageDeps {
  relays: readonly string[]
  filters: Filter[]
  /** A socket to `url` that sends `req` once open (or has sent it: early-request.ts). */
  connect: (url: string, req: string, events: EarlySocketEvents) => EarlySocket
  /** nostr-wasm's check, once its WebAssembly has loaded (rejected: none can be checked). */
  verifyOne: Promise<VerifyOne>
  nowMs: () => number
  /** The page's setTimeout, cancelled by what it returns. */
  later: (run: () => void, ms: number) => () => void
  /** Each step of the page, the first time it happens. */
  mark: (step: EarlyPageStep) => void
}

/** The page's steps on a start's timeline (core/app/start-marks.ts). */
export type EarlyPageStep = Extract<StartMark, 'asked' | 'firstEvent'>

/** What the page hands over. */
export interface EarlyPageListener {
  /**
   * Its leading events, checked, each once, newest first, that no relay can still send one above:
   * each call hands the last call's and more. `verify` is the check they passed (for the notes
   * reposts carry).
   */
  settled(leading: readonly NostrEvent[], verify: VerifyOne): void
  /** Every relay has ended its stored events, or the page is given up: nothing more comes. */
  done(): void
}

/** Where a relay's answer stands: its last event, while it keeps NIP-01's order. */
interface RelayAnswer {
  last: NostrEvent | null
  ordered: boolean
}

/** The page, asked for. */
export interface EarlyPage {
  /**
   * Hands over, as they settle, the first `count` leading events (none until asked). An event is
   * checked only once it is wanted and has settled: the first row's check alone comes before its
   * frame. Each check runs nostr-wasm's code; after a dozen, V8 compiled it optimised on three
   * background threads at once (100-300 ms each, traced cold loads), which held the first row's
   * raster back (bench, 5 alternated rounds of 7 cold loads: the first note on screen 50-66 ms
   * after it was in the DOM, against 89-131 with every event checked as it came).
   */
  want(count: number): void
  /** Closes what is still open and calls nothing more. */
  stop(): void
}

/**
 * Asks every relay for the page and hands over its leading events as they settle and are wanted;
 * gives the page up when a relay has not answered within EARLY_PAGE_MS, has sent more than the
 * bounds, sent a note above what was handed over, or its URL is refused.
 */
export function askEarlyPage(deps: EarlyPageDeps, listener: EarlyPageListener): EarlyPage {
  const { relays, filters } = deps
  const bound = storedEventsBound(filters)
  const answers = new Map<EarlySocket, RelayAnswer>()
  /**
   * Events heard, newest first; the first `handed` are checked and handed over. Copies of one id
   * are each kept until one holds: a forged copy heard first must not hide the true one.
   */
  const page: NostrEvent[] = []
  /** Events of `page` whose check held, and their ids. */
  const held = new Set<NostrEvent>()
  const ids = new Set<string>()
  let wanted = 0
  let handed = 0
  let checking = false
  let verify: VerifyOne | null = null
  let stopped = false
  const marked = new Set<EarlyPageStep>()
  const mark = (step: EarlyPageStep) => {
    if (marked.has(step)) return
    marked.add(step)
    deps.mark(step)
  }

  const close = (socket: EarlySocket) => {
    if (socket.isOpen()) socket.send(closeMessage(EARLY_SUB_ID))
    socket.close()
  }
  const stop = () => {
    stopped = true
    cancelTimer()
    for (const socket of answers.keys()) close(socket)
    answers.clear()
  }
  const giveUp = () => {
    if (stopped) return
    stop()
    listener.done()
  }
  const cancelTimer = deps.later(giveUp, EARLY_PAGE_MS)

  // No relay still answering can send a note above this one.
  const settled = (event: NostrEvent) =>
    [...answers.values()].every(
      ({ last, ordered }) => ordered && last !== null && newestFirst(event, last) <= 0,
    )
  // Hands over what has settled and is wanted, checking each event on its way (one that fails,
  // or a copy of one that held, is left out); done once every relay has ended and all is handed.
  const handOver = () => {
    if (stopped || checking) return
    let leading = handed
    while (leading < Math.min(page.length, wanted) && settled(page[leading] as NostrEvent)) {
      const event = page[leading] as NostrEvent
      if (held.has(event)) leading++
      else if (ids.has(event.id)) page.splice(leading, 1)
      else return check(event)
    }
    if (verify && leading > handed) {
      handed = leading
      listener.settled(page.slice(0, handed), verify)
    }
    if (stopped || answers.size > 0 || handed < page.length) return
    stopped = true
    cancelTimer()
    listener.done()
  }

  const check = (event: NostrEvent) => {
    checking = true
    deps.verifyOne
      .then(
        (verifyOne) => {
          verify = verifyOne
          return checkEvent(event, verifyOne)
        },
        () => false,
      )
      .then((holds) => {
        checking = false
        if (holds) {
          held.add(event)
          ids.add(event.id)
        } else page.splice(page.indexOf(event), 1)
        handOver()
      })
  }
  // Once the first request is out, the check's code is compiled while the relays answer, not on
  // their first event (core/relays/warm-up-event.ts).
  let warmed = false
  const warmUp = () => {
    if (warmed) return
    warmed = true
    deps.verifyOne.then((verifyOne) => checkEvent(WARM_UP_EVENT, verifyOne)).catch(() => undefined)
  }

  // An event of a relay's stored ones, within the page's bounds.
  const heard = (answer: RelayAnswer, event: NostrEvent) => {
    if (answer.last && newestFirst(event, answer.last) < 0) {
      answer.ordered = false
      const last = page[handed - 1]
      if (last && newestFirst(event, last) < 0) return giveUp()
    }
    answer.last = event
    // A copy of one that has held is not kept: only this relay's place moved.
    if (!ids.has(event.id)) {
      page.push(event)
      page.sort(newestFirst)
    }
    handOver()
  }

  const ended = (socket: EarlySocket) => {
    if (stopped || !answers.delete(socket)) return
    close(socket)
    handOver()
  }

  const asked: EarlyPage = {
    want: (count) => {
      wanted = Math.max(wanted, count)
      handOver()
    },
    stop,
  }
  const req = reqMessage(EARLY_SUB_ID, filters)
  for (const url of relays) {
    let frames = 0
    let chars = 0
    let stored = 0
    const answer: RelayAnswer = { last: null, ordered: true }
    let socket: EarlySocket | null = null
    const hear = (data: unknown) => {
      if (!socket || typeof data !== 'string') return
      chars += data.length
      // Ended otherwise, its notes would be missing from a page the app reads whole.
      if (++frames > FRAMES_KEPT || chars > CHARS_KEPT) return giveUp()
      const message = parseRelayMessage(data)
      if (!message || !('subId' in message) || message.subId !== EARLY_SUB_ID) return
      if (message.type !== 'EVENT') return ended(socket)
      const { event } = message
      mark('firstEvent')
      if (++stored > bound || !matchFilters(filters, event)) return
      if (isDatedAhead(event, deps.nowMs())) return
      heard(answer, event)
    }
    try {
      socket = deps.connect(url, req, {
        asked: () => {
          mark('asked')
          warmUp()
        },
        message: hear,
        ended: () => socket && ended(socket),
      })
    } catch {
      giveUp() // a URL the browser refuses: the page would lack that relay's notes
      return asked
    }
    answers.set(socket, answer)
  }
  if (answers.size === 0) giveUp()
  return asked
}

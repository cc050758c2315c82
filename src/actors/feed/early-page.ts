/**
 * The early feed's page (core/feed/early-feed.ts): the app's first page asked of the pool's read
 * relays on sockets of the page's own thread, as soon as the config has come. The app's relay
 * sockets live in a worker that opened them some 50 ms later on a cold start (bench trace), and
 * its scripts run after that. Every event is checked as the app checks it (checkEvent with
 * nostr-wasm, the verify workers' check), within the same bounds (a relay's limit, a date ahead)
 * and tighter ones on what is parsed. The page is handed over only once every relay has ended its stored
 * events or failed: drawn sooner, a slower relay's newer note would go above rows already drawn.
 * Its sockets close then; the app asks for the page again on its own sockets.
 */
import type { Filter } from 'nostr-tools/filter'
import { matchFilters } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import type { StartMark } from '../../core/app/start-marks.ts'
import { checkEvent, type VerifyOne } from '../../core/relays/check-event.ts'
import { EOSE_BASE_TIMEOUT_MS } from '../../core/relays/eose-timeout.ts'
import { closeMessage, parseRelayMessage, reqMessage } from '../../core/relays/nip01.ts'
import { isDatedAhead, storedEventsBound } from '../../core/relays/untrusted-input.ts'
import { WARM_UP_EVENT } from '../../core/relays/warm-up-event.ts'

/** The subscription's id on the early sockets. */
export const EARLY_SUB_ID = 'plume-early'
/** A relay that has not ended its stored events by then is waited for no longer: nothing is drawn. */
export const EARLY_PAGE_MS = EOSE_BASE_TIMEOUT_MS
/**
 * What a relay may send before its end of stored events, parsed on the page's thread while the
 * app loads: past either bound the early page is given up (the app's worker reads that relay). A page of ten notes is
 * some 12 frames and 10-30 KB; a note's content is commonly capped at 100 KB (NIP-11
 * max_content_length).
 */
const FRAMES_KEPT = 32
const CHARS_KEPT = 256 * 1024

/** What the early page hears from a socket. */
export interface EarlySocketEvents {
  opened(): void
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
  connect: (url: string, events: EarlySocketEvents) => EarlySocket
  /** nostr-wasm's check, once its WebAssembly has loaded (rejected: none can be checked). */
  verifyOne: Promise<VerifyOne>
  nowMs: () => number
  /** The page's setTimeout, cancelled by what it returns. */
  later: (run: () => void, ms: number) => () => void
  /** Each step of the page, the first time it happens. */
  mark: (step: EarlyPageStep) => void
}

/** The page's steps on a start's timeline (core/app/start-marks.ts). */
export type EarlyPageStep = Extract<StartMark, 'asked' | 'firstEvent' | 'ended'>

/**
 * Asks every relay for the page; `done` gets the checked events once all have answered (ended
 * their stored events, closed the request, or failed as a socket), or null when the page is given
 * up: a relay has not answered within EARLY_PAGE_MS, has sent more than the bounds, or its URL is
 * refused. Returns `stop`, which closes what is still open and calls nothing more.
 */
export function askEarlyPage(
  deps: EarlyPageDeps,
  done: (events: NostrEvent[] | null) => void,
): () => void {
  const { relays, filters } = deps
  const bound = storedEventsBound(filters)
  const checks: Promise<NostrEvent | null>[] = []
  const sockets = new Set<EarlySocket>()
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
    for (const socket of sockets) close(socket)
    sockets.clear()
  }
  const giveUp = () => {
    if (stopped) return
    stop()
    done(null)
  }
  const cancelTimer = deps.later(giveUp, EARLY_PAGE_MS)

  const check = (event: NostrEvent) =>
    deps.verifyOne.then(
      (verifyOne) => (checkEvent(event, verifyOne) ? event : null),
      () => null,
    )
  // Once the first request is out, the check's code is compiled while the relays answer, not on
  // their first event (core/relays/warm-up-event.ts).
  let warmed = false
  const warmUp = () => {
    if (warmed) return
    warmed = true
    deps.verifyOne.then((verifyOne) => checkEvent(WARM_UP_EVENT, verifyOne)).catch(() => undefined)
  }

  const ended = (socket: EarlySocket) => {
    if (stopped || !sockets.delete(socket)) return
    close(socket)
    if (sockets.size > 0) return
    cancelTimer()
    mark('ended')
    void Promise.all(checks).then((checked) => {
      if (stopped) return
      stopped = true
      done(checked.filter((event) => event !== null))
    })
  }

  for (const url of relays) {
    let frames = 0
    let chars = 0
    let stored = 0
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
      checks.push(check(event))
    }
    try {
      socket = deps.connect(url, {
        opened: () => {
          socket?.send(reqMessage(EARLY_SUB_ID, filters))
          mark('asked')
          warmUp()
        },
        message: hear,
        ended: () => socket && ended(socket),
      })
    } catch {
      giveUp() // a URL the browser refuses: the page would lack that relay's notes
      return stop
    }
    sockets.add(socket)
  }
  if (sockets.size === 0) giveUp()
  return stop
}

/**
 * The head start: what the start-up script (ui/head-start.ts) begins while the app's scripts are
 * still loading, handed over when the app asks for it. As soon as the document is parsed it
 * fetches /config.json (the request index.html preloads), starts the relay-socket worker and the
 * verify worker, and opens the pool's read relays. On a cold start the app began all of this only
 * after its scripts had run: the socket worker and the first connection took another 90 ms.
 *
 * Only the first page's request is sent on these sockets before the app takes them, when the
 * start-up script gives one (early-request.ts): its answer is the head start's own, and its frames
 * never reach the app. What else a relay says before (a NIP-42 AUTH challenge, a NOTICE) is kept
 * and replayed to the app in order, within bounds (a relay that says more is let go). A socket the
 * app does not take within ADOPT_WITHIN_MS (the user's relay list left it out of the pool) is
 * closed.
 */
import type { Filter } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import { parseRuntimeConfig } from '../../core/platform/runtime-config.ts'
import { poolReadUrls } from '../../core/relays/pool-urls.ts'
import { normalizeRelayUrl } from '../../core/relays/relay-url.ts'
import type { SocketReport } from '../../workers/relay-sockets-api.ts'
import { type EarlyRequest, earlyRequest } from './early-request.ts'
import type { SocketPort } from './socket-port.ts'

/** Reports kept for a socket not yet taken, and their frames' length: past either it is let go. */
export const EARLY_REPORTS_KEPT = 32
export const EARLY_CHARS_KEPT = 64 * 1024
/** A socket not taken by then is closed: the app's pool did not want it. */
export const ADOPT_WITHIN_MS = 15_000

/** A socket opened early, handed to the app with what it reported meanwhile. */
export interface EarlySocket {
  id: number
  /** What the socket reported before it was taken, in order (at least `opened` or `closed`). */
  reports: readonly SocketReport[]
}

export interface HeadStart {
  /** The socket worker's port, once: the app's connections share it. */
  takePort(): SocketPort | null
  /** The socket opened early to this relay, once; null when there is none. */
  takeSocket(url: string): EarlySocket | null
  /** The response to the config request, once. */
  takeConfig(): Promise<Response> | null
  /** The verify worker started early, once. */
  takeVerifyWorker(): Worker | null
  /**
   * The first page's events, checked, once every relay asked has answered (early-request.ts);
   * empty when there was no request (none given, no config, no read relay).
   */
  readonly firstPage: Promise<NostrEvent[]>
}

export interface HeadStartDeps {
  fetchConfig: () => Promise<Response>
  startSocketWorker: () => SocketPort
  startVerifyWorker: () => Worker
  /** Closes what was not taken; the page's setTimeout. */
  later: (run: () => void, ms: number) => void
  /**
   * The first page's filters, asked of every early socket (as it opens, once they are known);
   * absent or null: nothing is sent.
   */
  firstPage?: Promise<Filter[] | null>
  /** Checks the first page's events in the verify worker (one boolean each). */
  verify?(events: readonly NostrEvent[]): Promise<boolean[]>
}

/** Early sockets get negative ids: the app's own count up from 1 on the same port. */
export function beginHeadStart(deps: HeadStartDeps): HeadStart {
  const config = deps.fetchConfig()
  let configUntaken: Promise<Response> | null = config
  let verifyWorker: Worker | null = deps.startVerifyWorker()
  let request: EarlyRequest | null = null
  /** The early sockets, by id: whether each is still opening, open or closed. */
  const sockets = new Map<number, 'opening' | 'open' | 'closed'>()
  let answer: (events: NostrEvent[]) => void = () => {}
  const firstPage = new Promise<NostrEvent[]>((resolve) => {
    answer = resolve
  })
  const worker = deps.startSocketWorker()
  /** Sockets not yet taken, by normalized URL, with what they reported. */
  const early = new Map<string, { id: number; reports: SocketReport[]; chars: number }>()
  let appHears: ((report: SocketReport) => void) | null = null
  let appFailed: (() => void) | null = null
  let failed = false
  let lastId = 0
  let portTaken = false

  const sendOn = (id: number) => (data: string) => worker.post({ type: 'send', id, data })
  const closed = (id: number) => {
    if (!sockets.has(id)) return
    sockets.set(id, 'closed')
    request?.closed(id)
  }
  const letGo = (url: string) => {
    const socket = early.get(url)
    if (!socket) return
    early.delete(url)
    worker.post({ type: 'stop', id: socket.id })
    // A socket stopped reports nothing more.
    closed(socket.id)
  }

  worker.listen(
    (report) => {
      if (report.type === 'opened' && sockets.has(report.id)) {
        sockets.set(report.id, 'open')
        request?.opened(report.id, sendOn(report.id))
      } else if (report.type === 'closed') closed(report.id)
      else if (report.type === 'message' && request?.heard(report.id, report.data)) return
      for (const [url, socket] of early) {
        if (socket.id !== report.id) continue
        socket.reports.push(report)
        if (report.type === 'message') socket.chars += report.data.length
        if (socket.reports.length > EARLY_REPORTS_KEPT || socket.chars > EARLY_CHARS_KEPT)
          letGo(url)
        return
      }
      appHears?.(report)
    },
    () => {
      failed = true
      for (const id of sockets.keys()) closed(id)
      early.clear()
      appFailed?.()
    },
  )

  // The body is read from a copy: the app's config loader reads the original.
  const opening = config
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((json) => {
      if (json === null || failed) return
      for (const url of poolReadUrls(parseRuntimeConfig(json).relays)) {
        const id = --lastId
        sockets.set(id, 'opening')
        early.set(url, { id, reports: [], chars: 0 })
        worker.post({ type: 'open', id, url })
        deps.later(() => letGo(url), ADOPT_WITHIN_MS)
      }
    })
    // A config that does not load or parse: the app's loader meets the same and says so.
    .catch(() => undefined)

  // The first page is asked once both the sockets and its filters are known, of those already
  // open at once, of the others as they open.
  const { verify } = deps
  void Promise.all([opening, deps.firstPage])
    .then(([, filters]) => {
      if (!filters || !verify || sockets.size === 0) return answer([])
      request = earlyRequest(filters, [...sockets.keys()], {
        verify,
        later: deps.later,
        now: Date.now,
      })
      for (const [id, state] of sockets) {
        if (state === 'open') request.opened(id, sendOn(id))
        else if (state === 'closed') request.closed(id)
      }
      void request.answer.then(answer)
    })
    .catch(() => answer([]))

  return {
    takePort() {
      if (portTaken) return null
      portTaken = true
      return {
        post: (command) => worker.post(command),
        listen(hear, onFailed) {
          appHears = hear
          appFailed = onFailed
          // Told after the caller holds the port, as a worker that fails later would.
          if (failed) queueMicrotask(onFailed)
        },
      }
    },
    takeSocket(url) {
      const key = normalizeRelayUrl(url) ?? ''
      const socket = early.get(key) ?? null
      early.delete(key)
      return socket
    },
    takeConfig() {
      const taken = configUntaken
      configUntaken = null
      return taken
    },
    takeVerifyWorker() {
      const taken = verifyWorker
      verifyWorker = null
      return taken
    },
    firstPage,
  }
}

let current: HeadStart | null = null

/** Called once, by the start-up script. */
export function setHeadStart(headStart: HeadStart): void {
  current = headStart
}

/** The head start, when the start-up script made one (not in tests, nor in Node). */
export const headStart = (): HeadStart | null => current

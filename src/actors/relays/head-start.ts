/**
 * The head start: what the start-up script (ui/head-start.ts) begins while the app's scripts are
 * still loading, handed over when the app asks for it. As soon as the document is parsed it
 * fetches /config.json (the request index.html preloads), starts the relay-socket worker and the
 * verify worker, and opens the pool's read relays. On a cold start the app began all of this only
 * after its scripts had run: the socket worker and the first connection took another 90 ms.
 *
 * Nothing is sent on these sockets until the app takes them (worker-connection.ts): the same
 * relays are asked the same things by the same code. What a relay says before (a NIP-42 AUTH
 * challenge, a NOTICE) is kept and replayed to the app in order, within bounds (a relay that says
 * more is let go). A socket the app does not take within ADOPT_WITHIN_MS (the user's relay list
 * left it out of the pool) is closed.
 */
import { parseRuntimeConfig } from '../../core/platform/runtime-config.ts'
import { poolReadUrls } from '../../core/relays/pool-urls.ts'
import { normalizeRelayUrl } from '../../core/relays/relay-url.ts'
import type { SocketReport } from '../../workers/relay-sockets-api.ts'
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
}

export interface HeadStartDeps {
  fetchConfig: () => Promise<Response>
  startSocketWorker: () => SocketPort
  startVerifyWorker: () => Worker
  /** Closes what was not taken; the page's setTimeout. */
  later: (run: () => void, ms: number) => void
}

/** Early sockets get negative ids: the app's own count up from 1 on the same port. */
export function beginHeadStart(deps: HeadStartDeps): HeadStart {
  const config = deps.fetchConfig()
  let verifyWorker: Worker | null = deps.startVerifyWorker()
  const worker = deps.startSocketWorker()
  /** Sockets not yet taken, by normalized URL, with what they reported. */
  const early = new Map<string, { id: number; reports: SocketReport[]; chars: number }>()
  let appHears: ((report: SocketReport) => void) | null = null
  let appFailed: (() => void) | null = null
  let failed = false
  let lastId = 0
  let portTaken = false

  const letGo = (url: string) => {
    const socket = early.get(url)
    if (!socket) return
    early.delete(url)
    worker.post({ type: 'stop', id: socket.id })
  }

  worker.listen(
    (report) => {
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
      early.clear()
      appFailed?.()
    },
  )

  // The body is read from a copy: the app's config loader reads the original.
  const opened = config
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((json) => {
      if (json === null || failed) return
      for (const url of poolReadUrls(parseRuntimeConfig(json).relays)) {
        const id = --lastId
        early.set(url, { id, reports: [], chars: 0 })
        worker.post({ type: 'open', id, url })
        deps.later(() => letGo(url), ADOPT_WITHIN_MS)
      }
    })
    // A config that does not load or parse: the app's loader meets the same and says so.
    .catch(() => undefined)
  // The app gets the answer once the early sockets are listed: else, with a slow config, its body
  // could be read first and the app open a second socket to a relay not yet listed.
  let configUntaken: Promise<Response> | null = opened.then(() => config)

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
  }
}

let begin: (() => HeadStart) | null = null
let current: HeadStart | null = null

/**
 * Called once, by the start-up script, with how to begin the head start. It begins on the first
 * call of headStart(): the start-up script's own once the early feed is done, or the app's if the
 * app asks first.
 */
export function setHeadStart(beginIt: () => HeadStart): void {
  begin = beginIt
}

/** The head start, begun now if it was not yet; null where no start-up script ran (tests, Node). */
export function headStart(): HeadStart | null {
  if (current === null && begin !== null) current = begin()
  return current
}

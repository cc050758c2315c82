/**
 * The relay-socket worker's messages and the host that answers them, separate from its entry point
 * so tests can run it over any port. The app's relay WebSockets live in the worker because the
 * browser decodes a text frame on the thread that owns its socket: one 50 MB frame held a bare
 * page's main thread for 227-1,251 ms before any script ran (tests/e2e/hostile-relays.spec.ts).
 * Here a frame over MAX_FRAME_CHARS is dropped before it is posted; the page hears only its size.
 *
 * Plain messages, not Comlink: the page sends four commands and hears a stream of four reports
 * per socket, bundled (bundleReports). Comlink would turn each frame into a call on a proxied
 * callback (a message wrapped for a reply nobody waits for); a tagged union says the whole
 * protocol in a few lines.
 */
import { isOversizedFrame } from '../core/relays/untrusted-input.ts'

/** From the page. `id` names one connection attempt; the page chooses it. */
export type SocketCommand =
  | { type: 'open'; id: number; url: string }
  | { type: 'send'; id: number; data: string }
  | { type: 'close'; id: number; code: number }
  /** The page is done with it: nothing more is reported, and it is closed (1000) if still open. */
  | { type: 'stop'; id: number }

/** To the page, per socket: opened, its frames, and closed once (an error is followed by a close). */
export type SocketReport =
  | { type: 'opened'; id: number }
  | { type: 'message'; id: number; data: string }
  | { type: 'oversized'; id: number; chars: number }
  | { type: 'closed'; id: number; code: number; reason: string }

/** The part of a WebSocket the host uses: the browser's, or ws in Node. */
export type HostedSocket = Pick<
  WebSocket,
  'readyState' | 'send' | 'close' | 'onopen' | 'onmessage' | 'onerror' | 'onclose'
>

/** WHATWG WebSockets readyState values (not read from the global: Node has none). */
const OPEN = 1
/** "Abnormal closure" (RFC 6455 §7.4.1): the close code of a socket that could not be made. */
const ABNORMAL_CLOSURE = 1006

/** What crosses to the page for a text frame: the frame, or only its size when over the cap. */
export const frameReport = (id: number, data: string): SocketReport =>
  isOversizedFrame(data)
    ? { type: 'oversized', id, chars: data.length }
    : { type: 'message', id, data }

/**
 * Only relay URLs are opened. A dedicated worker takes its Content Security Policy from its own
 * response (CSP3, "initialize a global object's CSP list"), not from the page's meta tag, so the
 * worker holds to the page's `connect-src ws: wss:` itself.
 */
export const isSocketUrl = (url: string): boolean => /^wss?:\/\//i.test(url)

/**
 * Reports in one bundle at most: a flood is posted in parts, not held back whole, and the page
 * handles each bundle in a short task.
 */
export const BUNDLE_MAX = 64

/**
 * Reports go to the page in bundles: those made before the next task here are posted as one
 * message. A relay answers a REQ with its stored events as a burst of frames, each a task in
 * this worker; posted one message each, they were as many tasks on the page's main thread.
 * Order is kept: one bundle at a time, in the order made.
 */
export function bundleReports(
  post: (reports: SocketReport[]) => void,
  nextTask: (flush: () => void) => void = (flush) => setTimeout(flush, 0),
): (report: SocketReport) => void {
  let bundle: SocketReport[] | null = null
  const flush = () => {
    if (!bundle) return
    const reports = bundle
    bundle = null
    post(reports)
  }
  return (report) => {
    if (bundle) bundle.push(report)
    else {
      bundle = [report]
      nextTask(flush)
    }
    if (bundle.length >= BUNDLE_MAX) flush()
  }
}

export interface SocketHost {
  handle(command: SocketCommand): void
}

export function createSocketHost(
  report: (report: SocketReport) => void,
  connect: (url: string) => HostedSocket = (url) => new WebSocket(url),
): SocketHost {
  const sockets = new Map<number, HostedSocket>()

  const open = (id: number, url: string) => {
    let socket: HostedSocket
    try {
      if (!isSocketUrl(url)) throw new SyntaxError(`not a relay URL: ${url}`)
      socket = connect(url)
    } catch {
      report({ type: 'closed', id, code: ABNORMAL_CLOSURE, reason: '' })
      return
    }
    sockets.set(id, socket)
    socket.onopen = () => report({ type: 'opened', id })
    socket.onmessage = (message) => {
      if (typeof message.data === 'string') report(frameReport(id, message.data))
    }
    // An error is always followed by a close (WHATWG WebSockets, "fail the connection"): the
    // page hears that. Node's ws would throw an error nobody listens for.
    socket.onerror = () => {}
    socket.onclose = (close) => {
      sockets.delete(id)
      report({ type: 'closed', id, code: close.code, reason: close.reason })
    }
  }

  const stop = (id: number) => {
    const socket = sockets.get(id)
    if (!socket) return
    sockets.delete(id)
    socket.onopen = socket.onmessage = socket.onclose = null
    if (socket.readyState <= OPEN) socket.close(1000)
  }

  return {
    handle(command) {
      switch (command.type) {
        case 'open':
          open(command.id, command.url)
          return
        case 'send': {
          const socket = sockets.get(command.id)
          if (socket?.readyState === OPEN) socket.send(command.data)
          return
        }
        case 'close':
          sockets.get(command.id)?.close(command.code)
          return
        case 'stop':
          stop(command.id)
      }
    },
  }
}

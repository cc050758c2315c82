/**
 * The early page's request sent before the start-up script has loaded: by the page's first
 * script (ui/early-request.ts), inline at the head's top, where the host put the config into the
 * page. Its sockets open and the request goes out while the rest of the page is parsed and the
 * start-up script loads; the early page (early-page.ts) takes each socket over with what it heard
 * meanwhile, replayed in order, and reads it as a socket of its own. On the bench's floor page the
 * first note came at 2.0-2.3x the reference page with the request sent so, at 2.5-2.6x with it
 * sent by an external start-up script (bench/first-note-floor.ts).
 *
 * What a socket hears before it is taken is kept within the early page's own bounds, plus one
 * frame: past them the socket is closed, and the page gives that relay up when it takes the
 * socket, as it would have.
 */
import type { VerifyOne } from '../../core/relays/check-event.ts'
import { CHARS_KEPT, type EarlySocket, type EarlySocketEvents, FRAMES_KEPT } from './early-page.ts'

/** The page's WebSocket, as far as it is used here. */
export type PageSocket = Pick<
  WebSocket,
  'onopen' | 'onmessage' | 'onerror' | 'onclose' | 'readyState' | 'send' | 'close'
>

/** WebSocket.OPEN, which Node's sockets in the tests share. */
const OPEN = 1

type Heard = { type: 'asked' } | { type: 'message'; data: unknown } | { type: 'ended' }

/** A socket opened early, handed over once: given the page's events, it is the page's socket. */
export type TakeSocket = (events: EarlySocketEvents) => EarlySocket

export interface EarlyRequest {
  /** The socket to this relay (normalized URL) that sent exactly `req`, once; else null. */
  take(url: string, req: string): TakeSocket | null
  /** Closes every socket not taken: the early page did not want it. */
  release(): void
}

/** A socket not taken by then is closed: the start-up script did not load, or drew no page. */
export const TAKE_WITHIN_MS = 15_000

export interface EarlyRequestDeps {
  urls: readonly string[]
  req: string
  open: (url: string) => PageSocket
  /** The first request is out. */
  asked: () => void
  later: (run: () => void, ms: number) => void
}

/** Opens a socket to each relay, each sending `req` once open; a URL refused opens none. */
export function sendEarlyRequest(deps: EarlyRequestDeps): EarlyRequest {
  const untaken = new Map<string, { socket: PageSocket; take: TakeSocket }>()
  for (const url of deps.urls) {
    try {
      const socket = deps.open(url)
      untaken.set(url, { socket, take: keptSocket(socket, deps.req, deps.asked) })
    } catch {
      // A URL the browser refuses: the early page tries it itself and gives the page up.
    }
  }
  const release = () => {
    for (const { socket } of untaken.values()) socket.close()
    untaken.clear()
  }
  deps.later(release, TAKE_WITHIN_MS)
  return {
    take(url, req) {
      const early = untaken.get(url)
      if (!early || req !== deps.req) return null
      untaken.delete(url)
      return early.take
    },
    release,
  }
}

/**
 * A socket that sends `req` once open. It keeps what it hears until it is taken; then replays
 * it, and passes on what follows. A socket taken at once is simply the page's own.
 */
export function keptSocket(socket: PageSocket, req: string, asked: () => void): TakeSocket {
  const heard: Heard[] = []
  let frames = 0
  let chars = 0
  let listener: EarlySocketEvents | null = null
  const tell = (events: EarlySocketEvents, item: Heard) => {
    if (item.type === 'asked') events.asked()
    else if (item.type === 'message') events.message(item.data)
    else events.ended()
  }
  const hear = (item: Heard) => {
    if (listener) return tell(listener, item)
    heard.push(item)
    if (item.type !== 'message') return
    frames++
    if (typeof item.data === 'string') chars += item.data.length
    // Past the early page's bounds, one more frame is all it needs to give the relay up. The
    // socket closes now, not when the page is taken: each frame is a task on this thread (none is
    // dispatched once it closes, WHATWG WebSockets), and a relay saying 10,000 NOTICEs as it
    // connected ran the app's scripts 0.5-1.7 s later than on a page without it.
    if (frames > FRAMES_KEPT || chars > CHARS_KEPT) {
      socket.onmessage = null
      socket.close()
    }
  }
  let ended = false
  socket.onopen = () => {
    socket.send(req)
    asked()
    hear({ type: 'asked' })
  }
  socket.onmessage = (message) => hear({ type: 'message', data: message.data })
  socket.onerror = socket.onclose = () => {
    if (ended) return
    ended = true
    hear({ type: 'ended' })
  }
  return (events) => {
    // After the caller holds the socket, as a socket of its own would tell it.
    queueMicrotask(() => {
      for (const item of heard.splice(0)) tell(events, item)
      listener = events
    })
    return {
      send: (data) => socket.send(data),
      close: () => socket.close(),
      isOpen: () => socket.readyState === OPEN,
    }
  }
}

/** What the page's first script hands the start-up script: its request, and its check. */
export interface EarlyStartHanded extends EarlyRequest {
  /** nostr-wasm's check, compiled and run once while the page loads (rejected: none can be). */
  verifyOne: Promise<VerifyOne>
}

/** Where the page's first script leaves it for the start-up script. */
const HANDED = 'plumeEarlyRequest'

export const handOverEarlyStart = (handed: EarlyStartHanded): void =>
  void Reflect.set(globalThis, HANDED, handed)

/** What the page's first script began, once; null where it began nothing. */
export function takeEarlyStart(): EarlyStartHanded | null {
  const handed = Reflect.get(globalThis, HANDED) as EarlyStartHanded | undefined
  Reflect.deleteProperty(globalThis, HANDED)
  return handed ?? null
}

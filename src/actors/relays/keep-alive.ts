/**
 * Keep-alive (spec §7 "periodic ping, pong expected"; §9 socket manager: ping 30 s, pong timeout
 * 5 s, stale 300 s). Browsers cannot send WebSocket ping frames, so the ping is the cheapest
 * round trip NIP-01 offers: a REQ for one random id, which any relay answers with EOSE (or
 * CLOSED), then CLOSE. A relay that misses the deadline is reported as a failed request and, when
 * it sent nothing at all meanwhile, its socket is told to reconnect. A relay that has said
 * nothing for 300 s while connected counts as stale. A relay that let a request go unanswered is
 * pinged at once (`check`), not at the next round: a socket whose connection died without a close
 * (a phone changing networks) is found in seconds rather than up to half a minute.
 *
 * Timers, clock, randomness and the reconnect are injected, so the policy runs under fake timers.
 */
import type { SocketActorRef } from '../../machines/socket.machine.ts'
import type { RelayLink, RequestResult } from './relay-hub.ts'

export const PING_INTERVAL_MS = 30_000
export const PONG_TIMEOUT_MS = 5_000
export const STALE_AFTER_MS = 300_000
/** Subscription ids of pings start with this, so they are easy to tell apart in a frame log. */
export const PING_PREFIX = 'plume-ping-'

export type KeepAliveLink = Pick<
  RelayLink,
  'url' | 'isConnected' | 'send' | 'onMessage' | 'onConnected'
>

export interface KeepAliveClock {
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  setInterval(run: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

export interface KeepAliveOptions {
  /** Drop this relay's socket and open a new one. */
  reconnect(url: string): void
  /** Every ping's outcome: answered within the deadline (with its round trip) or not. */
  onResult?(url: string, result: RequestResult): void
  /** The relay has been silent for STALE_AFTER_MS while connected (once per silence). */
  onStale?(url: string): void
  clock?: KeepAliveClock
  /** 64 hex characters; the id no event has, so the answer is an empty EOSE. */
  randomHex?: () => string
}

export interface KeepAlive {
  addRelay(link: KeepAliveLink): void
  /** The relay left the pool: no more pings, its listeners detached. */
  removeRelay(url: string): void
  /** Pings every PING_INTERVAL_MS until stopped. */
  start(): void
  stop(): void
  /** One round now: a ping to every connected relay that has none outstanding. */
  pingAll(): void
  /** A ping to this relay now, unless one is outstanding (it let a request go unanswered). */
  check(url: string): void
  isStale(url: string): boolean
}

interface Ping {
  subId: string
  sentAt: number
  /** Some frame arrived after the ping: the relay is alive, only slow. */
  heard: boolean
  timer: unknown
}

interface RelayState {
  link: KeepAliveLink
  lastHeard: number
  ping: Ping | null
  stale: boolean
  /** Set while a reconnect we asked for is under way: it does not count as the relay speaking. */
  reconnecting: boolean
}

const globalClock: KeepAliveClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
}

export function randomHex64(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The ping's answer: ['EOSE', subId] or ['CLOSED', subId, …]; cheap for every other frame. */
function answersPing(data: string, subId: string): boolean {
  if (!data.startsWith('["EOSE"') && !data.startsWith('["CLOSED"')) return false
  try {
    const frame: unknown = JSON.parse(data)
    return Array.isArray(frame) && frame[1] === subId
  } catch {
    return false
  }
}

export function createKeepAlive(options: KeepAliveOptions): KeepAlive {
  const clock = options.clock ?? globalClock
  const randomHex = options.randomHex ?? randomHex64
  const relays = new Map<string, RelayState>()
  const detach = new Map<string, Array<() => void>>()
  let interval: unknown = null
  let counter = 0

  function heard(state: RelayState, data: string) {
    state.lastHeard = clock.now()
    state.stale = false
    state.reconnecting = false
    const ping = state.ping
    if (!ping) return
    if (!answersPing(data, ping.subId)) {
      ping.heard = true
      return
    }
    clock.clearTimeout(ping.timer)
    state.ping = null
    if (data.startsWith('["EOSE"')) state.link.send(JSON.stringify(['CLOSE', ping.subId]))
    options.onResult?.(state.link.url, { ok: true, responseMs: clock.now() - ping.sentAt })
  }

  function missed(state: RelayState, ping: Ping) {
    if (state.ping !== ping) return
    state.ping = null
    const { link } = state
    // A socket that dropped meanwhile is its machine's business, not a missed pong.
    if (!link.isConnected()) return
    link.send(JSON.stringify(['CLOSE', ping.subId]))
    options.onResult?.(link.url, { ok: false, responseMs: clock.now() - ping.sentAt })
    if (!ping.heard) {
      state.reconnecting = true
      options.reconnect(link.url)
    }
  }

  function ping(state: RelayState) {
    const { link } = state
    if (!link.isConnected()) return
    const now = clock.now()
    if (!state.stale && now - state.lastHeard >= STALE_AFTER_MS) {
      state.stale = true
      options.onStale?.(link.url)
    }
    if (state.ping) return
    const subId = `${PING_PREFIX}${(++counter).toString(36)}`
    const current: Ping = { subId, sentAt: now, heard: false, timer: null }
    current.timer = clock.setTimeout(() => missed(state, current), PONG_TIMEOUT_MS)
    state.ping = current
    link.send(JSON.stringify(['REQ', subId, { ids: [randomHex()], limit: 1 }]))
  }

  const pingAll = () => {
    for (const state of relays.values()) ping(state)
  }

  return {
    addRelay(link) {
      if (relays.has(link.url)) return
      const state: RelayState = {
        link,
        lastHeard: clock.now(),
        ping: null,
        stale: false,
        reconnecting: false,
      }
      relays.set(link.url, state)
      detach.set(link.url, [
        link.onMessage((data) => heard(state, data)),
        link.onConnected(() => {
          // A connection the user or the pool opened starts a fresh silence; ours does not.
          if (!state.reconnecting) state.lastHeard = clock.now()
          if (state.ping) clock.clearTimeout(state.ping.timer)
          state.ping = null
        }),
      ])
    },
    removeRelay(url) {
      const state = relays.get(url)
      if (state?.ping) clock.clearTimeout(state.ping.timer)
      for (const off of detach.get(url) ?? []) off()
      detach.delete(url)
      relays.delete(url)
    },
    start() {
      if (interval === null) interval = clock.setInterval(pingAll, PING_INTERVAL_MS)
    },
    stop() {
      if (interval !== null) clock.clearInterval(interval)
      interval = null
      for (const state of relays.values()) {
        if (state.ping) clock.clearTimeout(state.ping.timer)
        state.ping = null
      }
    },
    pingAll,
    check(url) {
      const state = relays.get(url)
      if (state) ping(state)
    },
    isStale(url) {
      return relays.get(url)?.stale ?? false
    },
  }
}

/** The reconnect the system gives the keep-alive: close the socket, then open a new one. */
export function reconnectSocket(socket: SocketActorRef): void {
  socket.send({ type: 'relay.disconnect' })
  socket.send({ type: 'relay.connect' })
}

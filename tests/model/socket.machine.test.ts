import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import {
  CLOSE_TIMEOUT_MS,
  CONNECT_ATTEMPTS,
  CONNECT_RETRY_DELAY_MS,
  CONNECT_TIMEOUT_MS,
  type ConnectionCommand,
  type ConnectionEvent,
  connectionClosedError,
  connectTimeoutError,
  FLAPPING_THRESHOLD_MS,
  maxAttemptsError,
  RECONNECT_DELAY_UNIT_MS,
  RECONNECT_TRIES,
  reconnectFailedError,
  relayStatus,
  type SocketEmitted,
  type SocketInput,
  type SocketSnapshot,
  socketMachine,
} from '../../src/machines/socket.machine.ts'
import {
  createModel,
  describePath,
  type EventSamples,
  type Harness,
  modelPaths,
  walkPath,
} from './walk.ts'

const URL = 'wss://relay.example.com'
const OPENED_AT = 1_700_000_000_000

/** One fake WebSocket per spawned `connection` actor. */
interface FakeSocket {
  url: string
  /** Commands the machine sent to this socket. */
  received: ConnectionCommand[]
  /** True once the machine stopped the actor (the real one closes its WebSocket then). */
  stopped: boolean
  /** Fake clock time when this socket reported `socket.opened`. */
  openedAt: number | null
  /** Make the socket report something to the machine. */
  report: (event: ConnectionEvent) => void
}

interface Fakes {
  sockets: FakeSocket[]
  open: () => FakeSocket[]
  current: () => FakeSocket
  emitted: SocketEmitted[]
}

function arrange() {
  const sockets: FakeSocket[] = []
  const connection = fromCallback<ConnectionCommand, SocketInput>(
    ({ input, sendBack, receive }) => {
      const socket: FakeSocket = {
        url: input.url,
        received: [],
        stopped: false,
        openedAt: null,
        report: (event) => {
          if (event.type === 'socket.opened') socket.openedAt = Date.now()
          sendBack(event)
        },
      }
      sockets.push(socket)
      receive((command) => socket.received.push(command))
      return () => {
        socket.stopped = true
      }
    },
  )
  const open = () => sockets.filter((socket) => !socket.stopped)
  const fakes: Fakes = {
    sockets,
    open,
    current: () => {
      const [socket, ...more] = open()
      if (!socket || more.length) throw new Error(`expected one open socket, got ${open().length}`)
      return socket
    },
    emitted: [],
  }
  return { machine: socketMachine.provide({ actors: { connection } }), fakes }
}

function start() {
  const { machine, fakes } = arrange()
  const actor = createActor(machine, { input: { url: URL } })
  actor.on('*', (event) => fakes.emitted.push(event))
  actor.start()
  return { actor, fakes }
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})
afterEach(() => {
  vi.useRealTimers()
})

// ---------------------------------------------------------------------------------------------
// Model: every transition of the graph generated from the machine, replayed on a real actor.

const samples: EventSamples<typeof socketMachine> = {
  'relay.send': [{ type: 'relay.send', data: '["REQ","feed",{"kinds":[1]}]' }],
  'socket.opened': [{ type: 'socket.opened', at: OPENED_AT }],
  'socket.closed': [
    { type: 'socket.closed', code: 1006, reason: '' },
    { type: 'socket.closed', code: 1000, reason: 'bye' },
    { type: 'socket.closed', code: 1001, reason: 'going away' },
  ],
}

const model = createModel({
  machine: socketMachine,
  input: { url: URL },
  samples,
  // Value + context, with try counts past the limit folded into one class: a machine that counts
  // on forever (a flapping relay never given up) then fails the invariants instead of making the
  // graph endless.
  serializeState: ({ value, context }) =>
    JSON.stringify({
      value,
      context: { ...context, reconnectTry: Math.min(context.reconnectTry, RECONNECT_TRIES + 1) },
    }),
})

const errorTexts = [
  null,
  connectTimeoutError(URL),
  maxAttemptsError(URL),
  reconnectFailedError(URL),
  ...(samples['socket.closed'] ?? []).map((e) => connectionClosedError(URL, e.code, e.reason)),
]

/** Last lifecycle event emitted: 'relay.connected' while connected, otherwise never. */
function lastLifecycle(fakes: Fakes): string | undefined {
  return fakes.emitted.at(-1)?.type
}

const harness: Harness<typeof socketMachine, Fakes> = {
  arrange,
  observe: (actor, fakes) => {
    actor.on('*', (event) => fakes.emitted.push(event))
  },
  deliver: {
    // Reports come from the live fake socket, as they would from the real one.
    'socket.opened': (event, { fakes }) => fakes.current().report(event),
    'socket.closed': (event, { fakes }) => fakes.current().report(event),
    'relay.send': (event, { actor, fakes }) => {
      const socket = fakes.current()
      const before = socket.received.length
      actor.send(event)
      expect(socket.received.slice(before)).toEqual([{ type: 'socket.send', data: event.data }])
    },
  },
  states: {
    '*': (snapshot, { fakes }) => {
      expect(fakes.open().length).toBeLessThanOrEqual(1)
      expect(errorTexts).toContain(snapshot.context.lastError)
      expect(relayStatus(snapshot).connected).toBe(snapshot.matches('connected'))
      expect(snapshot.context.connectionAttempts).toBeLessThanOrEqual(CONNECT_ATTEMPTS)
      expect(snapshot.context.reconnectTry).toBeLessThanOrEqual(RECONNECT_TRIES)
      if (!snapshot.matches('connected')) expect(lastLifecycle(fakes)).not.toBe('relay.connected')
    },
    idle: (_snapshot, { fakes }) => {
      expect(fakes.sockets).toHaveLength(0)
    },
    'connecting.attempt': (snapshot, { fakes }) => {
      // A fresh socket for every attempt: the open one is the newest.
      expect(fakes.current()).toBe(fakes.sockets.at(-1))
      expect(fakes.current().url).toBe(URL)
      expect(snapshot.context.connectionAttempts).toBeGreaterThanOrEqual(1)
    },
    'reconnecting.attempt': (snapshot, { fakes }) => {
      expect(fakes.current()).toBe(fakes.sockets.at(-1))
      expect(snapshot.context.reconnectTry).toBeGreaterThanOrEqual(1)
    },
    'connecting.backoff': (snapshot, { fakes }) => {
      expect(fakes.open()).toHaveLength(0)
      expect(snapshot.context.lastError).not.toBeNull()
    },
    'reconnecting.backoff': (snapshot, { fakes }) => {
      expect(fakes.open()).toHaveLength(0)
      expect(snapshot.context.lastError).not.toBeNull()
    },
    connected: (snapshot, { fakes }) => {
      const socket = fakes.current()
      expect(socket.stopped).toBe(false)
      expect(snapshot.context).toMatchObject({
        connectionAttempts: 0,
        lastConnected: OPENED_AT,
        lastError: null,
      })
      // The try count survives only the flapping window of the connection.
      const openFor = Date.now() - (socket.openedAt ?? Number.NaN)
      if (openFor >= FLAPPING_THRESHOLD_MS) expect(snapshot.context.reconnectTry).toBe(0)
    },
    disconnected: (_snapshot, { fakes }) => {
      expect(fakes.open()).toHaveLength(0)
    },
    closing: (snapshot, { fakes }) => {
      // Told to close, and alive until its close event: the budget counts it meanwhile.
      expect(fakes.current().received.at(-1)).toEqual({ type: 'socket.close', code: 1000 })
      expect(snapshot.status).toBe('active')
    },
    removed: (snapshot, { fakes }) => {
      expect(fakes.open()).toHaveLength(0)
      expect(snapshot.status).toBe('done')
    },
  },
}

describe('socket machine model', () => {
  const paths = modelPaths(model, 'transitions')

  it('reaches every state of the diagram', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))))
    expect([...reached].sort()).toEqual(
      [
        '"idle"',
        '{"connecting":"attempt"}',
        '{"connecting":"backoff"}',
        '"connected"',
        '{"reconnecting":"backoff"}',
        '{"reconnecting":"attempt"}',
        '"disconnected"',
        '"closing"',
        '"removed"',
      ].sort(),
    )
  })

  /** The model steps as (from state, event, to state) with the try counts on both sides. */
  const edges = paths.flatMap((p) =>
    p.steps.slice(1).map((step, i) => {
      const from = p.steps[i]?.state
      return {
        from: JSON.stringify(from?.value),
        fromTry: from?.context.reconnectTry,
        event: describePath({ steps: [step] }),
        to: JSON.stringify(step.state.value),
        toTry: step.state.context.reconnectTry,
        lastError: step.state.context.lastError,
      }
    }),
  )

  it('walks a flapping relay: a quick drop after the last try gives up', () => {
    expect(edges).toContainEqual({
      from: '"connected"',
      fromTry: RECONNECT_TRIES,
      event: 'socket.closed {"code":1006,"reason":""}',
      to: '"disconnected"',
      toTry: RECONNECT_TRIES,
      lastError: reconnectFailedError(URL),
    })
  })

  it('walks a flapping relay: a quick drop keeps counting (try n+1)', () => {
    for (let n = 1; n < RECONNECT_TRIES; n++) {
      expect(edges).toContainEqual({
        from: '"connected"',
        fromTry: n,
        event: 'socket.closed {"code":1006,"reason":""}',
        to: '{"reconnecting":"backoff"}',
        toTry: n + 1,
        lastError: connectionClosedError(URL, 1006, ''),
      })
    }
  })

  it('walks a long-lived connection: after flappingThreshold the try count is reset', () => {
    for (let n = 1; n <= RECONNECT_TRIES; n++) {
      expect(edges).toContainEqual({
        from: '"connected"',
        fromTry: n,
        event: 'after flappingThreshold',
        to: '"connected"',
        toTry: 0,
        lastError: null,
      })
    }
  })

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

// ---------------------------------------------------------------------------------------------
// Scenarios with exact timings and texts.

describe('socket machine scenarios', () => {
  it('stays idle until relay.connect', () => {
    const { actor, fakes } = start()
    vi.advanceTimersByTime(60_000)
    expect(actor.getSnapshot().value).toBe('idle')
    expect(fakes.sockets).toHaveLength(0)
  })

  it('first connect: 3 attempts of 5 s, 2 s apart, then disconnected', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'relay.connect' })
    // Attempts open at 0, 5 + 2 = 7 s and 14 s.
    const opens = [0, 7_000, 14_000]
    for (const [i, at] of opens.entries()) {
      expect(Date.now()).toBe(at)
      expect(fakes.sockets).toHaveLength(i + 1)
      expect(actor.getSnapshot().value).toEqual({ connecting: 'attempt' })
      expect(actor.getSnapshot().context.connectionAttempts).toBe(i + 1)
      vi.advanceTimersByTime(CONNECT_TIMEOUT_MS - 1)
      expect(actor.getSnapshot().value).toEqual({ connecting: 'attempt' })
      vi.advanceTimersByTime(1)
      if (i < opens.length - 1) {
        expect(actor.getSnapshot().value).toEqual({ connecting: 'backoff' })
        expect(actor.getSnapshot().context.lastError).toBe(
          `Connection timeout after 5000ms for ${URL}`,
        )
        expect(fakes.open()).toHaveLength(0)
        vi.advanceTimersByTime(CONNECT_RETRY_DELAY_MS)
      }
    }
    expect(Date.now()).toBe(19_000)
    expect(actor.getSnapshot().value).toBe('disconnected')
    expect(actor.getSnapshot().context.lastError).toBe(
      `Max connection attempts (3) exceeded for ${URL}`,
    )
    expect(fakes.sockets).toHaveLength(3)
    expect(fakes.open()).toHaveLength(0)
    // No more tries on its own.
    vi.advanceTimersByTime(600_000)
    expect(fakes.sockets).toHaveLength(3)
    expect(relayStatus(actor.getSnapshot())).toEqual({
      url: URL,
      connected: false,
      connectionAttempts: 3,
      reconnectTry: 0,
      lastConnected: null,
      lastError: `Max connection attempts (3) exceeded for ${URL}`,
    })
  })

  it('relay.connect (user or health check) from disconnected starts over with attempts reset', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'relay.connect' })
    vi.advanceTimersByTime(19_000)
    expect(actor.getSnapshot().value).toBe('disconnected')
    actor.send({ type: 'relay.connect' })
    expect(actor.getSnapshot().value).toEqual({ connecting: 'attempt' })
    expect(actor.getSnapshot().context.connectionAttempts).toBe(1)
    fakes.current().report({ type: 'socket.opened', at: Date.now() })
    expect(relayStatus(actor.getSnapshot())).toMatchObject({
      connected: true,
      connectionAttempts: 0,
      lastConnected: 19_000,
      lastError: null,
    })
  })

  it('a close during an attempt counts as a failed attempt', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'relay.connect' })
    vi.advanceTimersByTime(1_000)
    fakes.current().report({ type: 'socket.closed', code: 1006, reason: '' })
    expect(actor.getSnapshot().value).toEqual({ connecting: 'backoff' })
    expect(actor.getSnapshot().context.lastError).toBe(
      `Connection closed with code 1006 for ${URL}`,
    )
    vi.advanceTimersByTime(CONNECT_RETRY_DELAY_MS)
    expect(fakes.sockets).toHaveLength(2)
    expect(actor.getSnapshot().context.connectionAttempts).toBe(2)
  })

  it('drop: 5 reconnect tries after 3, 6, 9, 12, 15 s, each with the 5 s timeout, then disconnected', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'relay.connect' })
    fakes.current().report({ type: 'socket.opened', at: Date.now() })
    expect(actor.getSnapshot().value).toBe('connected')
    fakes.current().report({ type: 'socket.closed', code: 1006, reason: 'abnormal' })
    expect(actor.getSnapshot().value).toEqual({ reconnecting: 'backoff' })
    expect(actor.getSnapshot().context.lastError).toBe(
      `Connection closed with code 1006 (abnormal) for ${URL}`,
    )
    expect(fakes.open()).toHaveLength(0)

    for (let tryNumber = 1; tryNumber <= RECONNECT_TRIES; tryNumber++) {
      const wait = RECONNECT_DELAY_UNIT_MS * tryNumber
      expect(wait).toBe([3_000, 6_000, 9_000, 12_000, 15_000][tryNumber - 1])
      expect(actor.getSnapshot().context.reconnectTry).toBe(tryNumber)
      vi.advanceTimersByTime(wait - 1)
      expect(actor.getSnapshot().value).toEqual({ reconnecting: 'backoff' })
      expect(fakes.sockets).toHaveLength(tryNumber)
      vi.advanceTimersByTime(1)
      expect(actor.getSnapshot().value).toEqual({ reconnecting: 'attempt' })
      expect(fakes.sockets).toHaveLength(tryNumber + 1)
      vi.advanceTimersByTime(CONNECT_TIMEOUT_MS)
      if (tryNumber < RECONNECT_TRIES) {
        expect(actor.getSnapshot().value).toEqual({ reconnecting: 'backoff' })
        expect(actor.getSnapshot().context.lastError).toBe(
          `Connection timeout after 5000ms for ${URL}`,
        )
      }
    }
    // 3 + 6 + 9 + 12 + 15 s of waits and 5 timeouts of 5 s.
    expect(Date.now()).toBe(45_000 + 25_000)
    expect(actor.getSnapshot().value).toBe('disconnected')
    expect(actor.getSnapshot().context.lastError).toBe(`Reconnect failed after 5 tries for ${URL}`)
    expect(fakes.open()).toHaveLength(0)
    vi.advanceTimersByTime(600_000)
    expect(fakes.sockets).toHaveLength(6)
  })

  it('relay.connect while waiting to reconnect (the network is back) tries at once, as the try it waited for', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'relay.connect' })
    fakes.current().report({ type: 'socket.opened', at: Date.now() })
    fakes.current().report({ type: 'socket.closed', code: 1006, reason: '' })
    vi.advanceTimersByTime(RECONNECT_DELAY_UNIT_MS)
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS)
    expect(actor.getSnapshot().value).toEqual({ reconnecting: 'backoff' })
    expect(actor.getSnapshot().context.reconnectTry).toBe(2)
    // 6 s to wait; asked now, it tries now.
    vi.advanceTimersByTime(1_000)
    actor.send({ type: 'relay.connect' })
    expect(actor.getSnapshot().value).toEqual({ reconnecting: 'attempt' })
    expect(actor.getSnapshot().context.reconnectTry).toBe(2)
    expect(fakes.sockets).toHaveLength(3)
    // Asked again while trying: the attempt goes on, no second socket.
    actor.send({ type: 'relay.connect' })
    expect(fakes.sockets).toHaveLength(3)
    fakes.current().report({ type: 'socket.opened', at: Date.now() })
    expect(actor.getSnapshot().value).toBe('connected')

    // A first connect's retry is not cut short: that relay was never reached.
    const first = start()
    first.actor.send({ type: 'relay.connect' })
    first.fakes.current().report({ type: 'socket.closed', code: 1006, reason: '' })
    first.actor.send({ type: 'relay.connect' })
    expect(first.actor.getSnapshot().value).toEqual({ connecting: 'backoff' })
    expect(first.fakes.sockets).toHaveLength(1)
  })

  it('a successful reconnect returns to connected and, once stable, resets the counters', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'relay.connect' })
    fakes.current().report({ type: 'socket.opened', at: Date.now() })
    fakes.current().report({ type: 'socket.closed', code: 1006, reason: '' })
    vi.advanceTimersByTime(3_000 + 5_000 + 6_000)
    expect(actor.getSnapshot().value).toEqual({ reconnecting: 'attempt' })
    expect(actor.getSnapshot().context.reconnectTry).toBe(2)
    fakes.current().report({ type: 'socket.opened', at: Date.now() })
    expect(relayStatus(actor.getSnapshot())).toEqual({
      url: URL,
      connected: true,
      connectionAttempts: 0,
      reconnectTry: 2,
      lastConnected: 14_000,
      lastError: null,
    })
    vi.advanceTimersByTime(FLAPPING_THRESHOLD_MS)
    expect(relayStatus(actor.getSnapshot())).toMatchObject({ connected: true, reconnectTry: 0 })
    // The next drop starts again at try 1 (3 s).
    fakes.current().report({ type: 'socket.closed', code: 1006, reason: '' })
    expect(actor.getSnapshot().context.reconnectTry).toBe(1)
    vi.advanceTimersByTime(3_000)
    expect(actor.getSnapshot().value).toEqual({ reconnecting: 'attempt' })
  })

  it('flapping: reconnects that drop within 1000 ms keep counting, and give up after 5 tries', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'relay.connect' })
    fakes.current().report({ type: 'socket.opened', at: Date.now() })
    vi.advanceTimersByTime(60_000)
    // A long-lived connection drops: try 1.
    fakes.current().report({ type: 'socket.closed', code: 1006, reason: '' })
    const waits: number[] = []
    for (let tryNumber = 1; tryNumber <= RECONNECT_TRIES; tryNumber++) {
      expect(actor.getSnapshot().value).toEqual({ reconnecting: 'backoff' })
      expect(actor.getSnapshot().context.reconnectTry).toBe(tryNumber)
      const before = Date.now()
      vi.advanceTimersByTime(RECONNECT_DELAY_UNIT_MS * tryNumber - 1)
      expect(actor.getSnapshot().value).toEqual({ reconnecting: 'backoff' })
      vi.advanceTimersByTime(1)
      expect(actor.getSnapshot().value).toEqual({ reconnecting: 'attempt' })
      waits.push(Date.now() - before)
      // The relay accepts, then drops abnormally 999 ms later: flapping.
      fakes.current().report({ type: 'socket.opened', at: Date.now() })
      expect(actor.getSnapshot().value).toBe('connected')
      vi.advanceTimersByTime(FLAPPING_THRESHOLD_MS - 1)
      expect(actor.getSnapshot().context.reconnectTry).toBe(tryNumber)
      fakes.current().report({ type: 'socket.closed', code: 1006, reason: '' })
    }
    expect(waits).toEqual([3_000, 6_000, 9_000, 12_000, 15_000])
    expect(actor.getSnapshot().value).toBe('disconnected')
    expect(relayStatus(actor.getSnapshot())).toMatchObject({
      connected: false,
      reconnectTry: RECONNECT_TRIES,
      lastError: `Reconnect failed after 5 tries for ${URL}`,
    })
    expect(fakes.open()).toHaveLength(0)
    // Given up: no more tries on its own.
    vi.advanceTimersByTime(600_000)
    expect(fakes.sockets).toHaveLength(1 + RECONNECT_TRIES)
    // The health check or the user starts over from a first connect.
    actor.send({ type: 'relay.connect' })
    expect(actor.getSnapshot().value).toEqual({ connecting: 'attempt' })
    expect(actor.getSnapshot().context).toMatchObject({ connectionAttempts: 1, reconnectTry: 0 })
  })

  it('flapping: a reconnect that stays open 1000 ms resets the count, the next drop is try 1', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'relay.connect' })
    fakes.current().report({ type: 'socket.opened', at: Date.now() })
    // Three flapping drops: tries 1, 2, 3.
    for (let tryNumber = 1; tryNumber <= 3; tryNumber++) {
      fakes.current().report({ type: 'socket.closed', code: 1006, reason: '' })
      expect(actor.getSnapshot().context.reconnectTry).toBe(tryNumber)
      vi.advanceTimersByTime(RECONNECT_DELAY_UNIT_MS * tryNumber)
      fakes.current().report({ type: 'socket.opened', at: Date.now() })
      vi.advanceTimersByTime(100)
    }
    // Try 3's connection stays open: at 1000 ms it counts as a working reconnect.
    vi.advanceTimersByTime(FLAPPING_THRESHOLD_MS - 100 - 1)
    expect(actor.getSnapshot().context.reconnectTry).toBe(3)
    vi.advanceTimersByTime(1)
    expect(actor.getSnapshot().value).toBe('connected')
    expect(actor.getSnapshot().context.reconnectTry).toBe(0)
    fakes.current().report({ type: 'socket.closed', code: 1006, reason: '' })
    expect(actor.getSnapshot().value).toEqual({ reconnecting: 'backoff' })
    expect(actor.getSnapshot().context.reconnectTry).toBe(1)
    vi.advanceTimersByTime(RECONNECT_DELAY_UNIT_MS - 1)
    expect(actor.getSnapshot().value).toEqual({ reconnecting: 'backoff' })
    vi.advanceTimersByTime(1)
    expect(actor.getSnapshot().value).toEqual({ reconnecting: 'attempt' })
  })

  it.each([1000, 1001])('a flapping connection closed with code %i does not reconnect', (code) => {
    const { actor, fakes } = start()
    actor.send({ type: 'relay.connect' })
    fakes.current().report({ type: 'socket.opened', at: Date.now() })
    fakes.current().report({ type: 'socket.closed', code: 1006, reason: '' })
    vi.advanceTimersByTime(RECONNECT_DELAY_UNIT_MS)
    fakes.current().report({ type: 'socket.opened', at: Date.now() })
    expect(actor.getSnapshot().context.reconnectTry).toBe(1)
    fakes.current().report({ type: 'socket.closed', code, reason: '' })
    expect(actor.getSnapshot().value).toBe('disconnected')
    vi.advanceTimersByTime(600_000)
    expect(fakes.sockets).toHaveLength(2)
  })

  it.each([1000, 1001])('a close with code %i does not reconnect', (code) => {
    const { actor, fakes } = start()
    actor.send({ type: 'relay.connect' })
    fakes.current().report({ type: 'socket.opened', at: Date.now() })
    fakes.current().report({ type: 'socket.closed', code, reason: '' })
    expect(actor.getSnapshot().value).toBe('disconnected')
    expect(actor.getSnapshot().context.lastError).toBeNull()
    vi.advanceTimersByTime(600_000)
    expect(fakes.sockets).toHaveLength(1)
    expect(actor.getSnapshot().value).toBe('disconnected')
  })

  it('relay.disconnect sends close 1000, stops the socket and does not reconnect', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'relay.connect' })
    const socket = fakes.current()
    socket.report({ type: 'socket.opened', at: Date.now() })
    actor.send({ type: 'relay.disconnect' })
    expect(socket.received).toEqual([{ type: 'socket.close', code: 1000 }])
    expect(socket.stopped).toBe(true)
    expect(actor.getSnapshot().value).toBe('disconnected')
    vi.advanceTimersByTime(600_000)
    expect(fakes.sockets).toHaveLength(1)
  })

  it('relay.disconnect during a backoff cancels the retries', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'relay.connect' })
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS)
    expect(actor.getSnapshot().value).toEqual({ connecting: 'backoff' })
    actor.send({ type: 'relay.disconnect' })
    expect(actor.getSnapshot().value).toBe('disconnected')
    vi.advanceTimersByTime(600_000)
    expect(fakes.sockets).toHaveLength(1)
  })

  type Started = ReturnType<typeof start>
  const withSocket = [
    ['connecting', (a: Started) => a.actor.send({ type: 'relay.connect' })],
    [
      'connected',
      (a: Started) => {
        a.actor.send({ type: 'relay.connect' })
        a.fakes.current().report({ type: 'socket.opened', at: Date.now() })
      },
    ],
  ] as const

  it.each([
    ['idle', () => {}],
    [
      'a backoff',
      (a: Started) => {
        a.actor.send({ type: 'relay.connect' })
        vi.advanceTimersByTime(CONNECT_TIMEOUT_MS)
      },
    ],
    [
      'disconnected',
      (a: Started) => {
        a.actor.send({ type: 'relay.connect' })
        a.actor.send({ type: 'relay.disconnect' })
      },
    ],
  ] as const)(
    'relay.remove from %s (no WebSocket) → removed (final) at once',
    (_name, setupState) => {
      const started = start()
      setupState(started)
      started.actor.send({ type: 'relay.remove' })
      const snapshot: SocketSnapshot = started.actor.getSnapshot()
      expect(snapshot.value).toBe('removed')
      expect(snapshot.status).toBe('done')
      expect(started.fakes.open()).toHaveLength(0)
    },
  )

  it.each(withSocket)(
    'relay.remove from %s → closing: the socket lives until its close event, then removed',
    (_name, setupState) => {
      const started = start()
      setupState(started)
      const socket = started.fakes.current()
      started.actor.send({ type: 'relay.remove' })
      expect(started.actor.getSnapshot().value).toBe('closing')
      expect(socket.received).toEqual([{ type: 'socket.close', code: 1000 }])
      expect(socket.stopped).toBe(false)
      // Nothing reopens it, a second removal does not cut the close short, sends are dropped.
      started.actor.send({ type: 'relay.connect' })
      started.actor.send({ type: 'relay.remove' })
      started.actor.send({ type: 'relay.send', data: 'dropped while closing' })
      expect(started.actor.getSnapshot().value).toBe('closing')
      expect(socket.received).toHaveLength(1)
      vi.advanceTimersByTime(CLOSE_TIMEOUT_MS - 1)
      socket.report({ type: 'socket.closed', code: 1000, reason: '' })
      const snapshot: SocketSnapshot = started.actor.getSnapshot()
      expect(snapshot.value).toBe('removed')
      expect(snapshot.status).toBe('done')
      expect(socket.stopped).toBe(true)
      expect(started.fakes.sockets).toHaveLength(1)
    },
  )

  it.each(withSocket)(
    'relay.remove from %s → closing: a relay that never answers the close is given 2 s',
    (_name, setupState) => {
      const started = start()
      setupState(started)
      const socket = started.fakes.current()
      started.actor.send({ type: 'relay.remove' })
      vi.advanceTimersByTime(CLOSE_TIMEOUT_MS - 1)
      expect(started.actor.getSnapshot().value).toBe('closing')
      vi.advanceTimersByTime(1)
      expect(CLOSE_TIMEOUT_MS).toBe(2000)
      expect(started.actor.getSnapshot().value).toBe('removed')
      expect(socket.stopped).toBe(true)
    },
  )

  it('a closing socket is not connected and emits relay.disconnected as it starts closing', () => {
    const started = start()
    withSocket[1][1](started)
    started.actor.send({ type: 'relay.remove' })
    expect(relayStatus(started.actor.getSnapshot()).connected).toBe(false)
    expect(started.fakes.emitted.map((event) => event.type)).toEqual([
      'relay.connected',
      'relay.disconnected',
    ])
  })

  it('relay.send is forwarded only while connected', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'relay.send', data: 'dropped in idle' })
    actor.send({ type: 'relay.connect' })
    const socket = fakes.current()
    actor.send({ type: 'relay.send', data: 'dropped while connecting' })
    socket.report({ type: 'socket.opened', at: Date.now() })
    actor.send({ type: 'relay.send', data: '["REQ","a",{}]' })
    socket.report({ type: 'socket.closed', code: 1006, reason: '' })
    actor.send({ type: 'relay.send', data: 'dropped while reconnecting' })
    expect(socket.received).toEqual([{ type: 'socket.send', data: '["REQ","a",{}]' }])
  })

  it('emits relay.connected and relay.disconnected', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'relay.connect' })
    fakes.current().report({ type: 'socket.opened', at: Date.now() })
    fakes.current().report({ type: 'socket.closed', code: 1006, reason: '' })
    vi.advanceTimersByTime(3_000)
    fakes.current().report({ type: 'socket.opened', at: Date.now() })
    actor.send({ type: 'relay.disconnect' })
    expect(fakes.emitted).toEqual([
      { type: 'relay.connected', url: URL },
      { type: 'relay.disconnected', url: URL },
      { type: 'relay.connected', url: URL },
      { type: 'relay.disconnected', url: URL },
    ])
  })

  it('a stopped socket cannot report into a later attempt', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'relay.connect' })
    const first = fakes.current()
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS + CONNECT_RETRY_DELAY_MS)
    expect(fakes.sockets).toHaveLength(2)
    first.report({ type: 'socket.opened', at: Date.now() })
    expect(actor.getSnapshot().value).toEqual({ connecting: 'attempt' })
  })

  it('the placeholder connection actor fails loudly when not provided', () => {
    const actor = createActor(socketMachine, { input: { url: URL } })
    const errors: unknown[] = []
    actor.subscribe({ error: (error) => errors.push(error) })
    actor.start()
    actor.send({ type: 'relay.connect' })
    expect(actor.getSnapshot().status).toBe('error')
    expect(String(errors[0])).toContain("'connection' actor was not provided")
  })
})

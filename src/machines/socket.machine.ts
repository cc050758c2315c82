/**
 * Socket machine: the one owner of one relay's WebSocket.
 *
 * Pure statechart. The socket itself is the `connection` callback actor, supplied by the app with
 * `socketMachine.provide({ actors: { connection: fromCallback(...) } })`. A fresh connection actor
 * (id `socket`) is spawned for every attempt and lives on into `connected`; every state without a
 * socket (`backoff`, `disconnected`, `removed`) stops it on entry.
 *
 * Removal: a socket removed while it holds a WebSocket (an attempt, or connected) is `closing`
 * until the WebSocket's close event (`socket.closed`) or CLOSE_TIMEOUT_MS, and only then
 * `removed` (final): the browser keeps the WebSocket until its close handshake completes, so the
 * socket budget counts it until then. A socket with no WebSocket is `removed` at once.
 *
 * Flapping: a connection that drops abnormally less than FLAPPING_THRESHOLD_MS after it opened did
 * not count as a successful reconnect, so it keeps the try count (the next drop goes on to try n+1,
 * and after RECONNECT_TRIES such tries the socket gives up). Only a connection that stays open that
 * long resets the count, by the targetless `after flappingThreshold` transition of `connected`: the
 * machine's clock is its named delays, and closes carry no time.
 *
 * Asked to connect while it waits to reconnect (`relay.connect` in `reconnecting.backoff`: the
 * network is back, another relay just connected), it tries at once; the try counts as the one it
 * was waiting for. A first connect's 2 s retry is not cut short: a relay never reached is not
 * evidence that the network came back.
 *
 * The machine owns the connection, not its traffic: what the relay sends changes no state, so the
 * connection hands it to its listeners itself (a statechart step for every message cost more main
 * thread than reading it). Only messages to the relay pass through, as `relay.send`.
 */
import {
  type ActorRefFrom,
  assign,
  type CallbackActorLogic,
  emit,
  fromCallback,
  type SnapshotFrom,
  sendTo,
  setup,
  spawnChild,
  stopChild,
} from 'xstate'

// Spec constants (relay connection policy).
export const CONNECT_TIMEOUT_MS = 5000
export const CONNECT_ATTEMPTS = 3
export const CONNECT_RETRY_DELAY_MS = 2000
export const RECONNECT_TRIES = 5
export const RECONNECT_DELAY_UNIT_MS = 3000
/** A connection that drops sooner than this after opening is flapping: the tries keep counting. */
export const FLAPPING_THRESHOLD_MS = 1000
/**
 * How long a removed socket waits for its close handshake. A relay that never answers the close
 * would otherwise hold a place in the socket budget for as long as the browser waits (ws: 30 s).
 */
export const CLOSE_TIMEOUT_MS = 2000
/** Close codes that end a connection on purpose: no reconnect. */
export const NORMAL_CLOSE_CODES: readonly number[] = [1000, 1001]

// Error texts, shared by the app and the tests.
export const connectTimeoutError = (url: string): string =>
  `Connection timeout after ${CONNECT_TIMEOUT_MS}ms for ${url}`
export const maxAttemptsError = (url: string): string =>
  `Max connection attempts (${CONNECT_ATTEMPTS}) exceeded for ${url}`
export const reconnectFailedError = (url: string): string =>
  `Reconnect failed after ${RECONNECT_TRIES} tries for ${url}`
export const connectionClosedError = (url: string, code: number, reason: string): string =>
  `Connection closed with code ${code}${reason ? ` (${reason})` : ''} for ${url}`

/** Input of the machine and of the `connection` actor. */
export interface SocketInput {
  url: string
}

/** The spec's relay connection status, minus `connected`, which is derived from the state. */
export interface SocketContext {
  url: string
  /** Attempts made in the current first-connect run (1..CONNECT_ATTEMPTS). */
  connectionAttempts: number
  /**
   * Reconnect try in progress after a drop (1..RECONNECT_TRIES), 0 when not reconnecting. Kept
   * through the first FLAPPING_THRESHOLD_MS of the connection that try opened.
   */
  reconnectTry: number
  lastConnected: number | null
  lastError: string | null
}

/** Events the `connection` actor sends back to the machine. */
export type ConnectionEvent =
  | { type: 'socket.opened'; at: number }
  | { type: 'socket.closed'; code: number; reason: string }

/** Events the machine sends to the `connection` actor. */
export type ConnectionCommand =
  | { type: 'socket.send'; data: string }
  | { type: 'socket.close'; code: number }

/** Events from the outside: the user, the pool, the 30 s health check. */
export type RelayCommand =
  | { type: 'relay.connect' }
  | { type: 'relay.disconnect' }
  | { type: 'relay.remove' }
  | { type: 'relay.send'; data: string }

export type SocketEvent = RelayCommand | ConnectionEvent

/** Events emitted to `actor.on(...)` listeners. */
export type SocketEmitted =
  | { type: 'relay.connected'; url: string }
  | { type: 'relay.disconnected'; url: string }

/** The shape the app's real `connection` implementation must have. */
export type ConnectionLogic = CallbackActorLogic<ConnectionCommand, SocketInput>

/** Placeholder: the app must provide the real socket. */
const connectionNotProvided: ConnectionLogic = fromCallback<ConnectionCommand, SocketInput>(() => {
  throw new Error(
    "socket.machine: the 'connection' actor was not provided; use socketMachine.provide({ actors: { connection } })",
  )
})

const SOCKET_ID = 'socket'

export const socketMachine = setup({
  types: {
    context: {} as SocketContext,
    events: {} as SocketEvent,
    input: {} as SocketInput,
    emitted: {} as SocketEmitted,
  },
  actors: {
    connection: connectionNotProvided,
  },
  delays: {
    connectTimeout: CONNECT_TIMEOUT_MS,
    connectRetryDelay: CONNECT_RETRY_DELAY_MS,
    reconnectDelay: ({ context }) => RECONNECT_DELAY_UNIT_MS * context.reconnectTry,
    flappingThreshold: FLAPPING_THRESHOLD_MS,
    closeTimeout: CLOSE_TIMEOUT_MS,
  },
  guards: {
    connectAttemptsExhausted: ({ context }) => context.connectionAttempts >= CONNECT_ATTEMPTS,
    reconnectTriesExhausted: ({ context }) => context.reconnectTry >= RECONNECT_TRIES,
    normalClosure: ({ event }) =>
      event.type === 'socket.closed' && NORMAL_CLOSE_CODES.includes(event.code),
  },
  actions: {
    openSocket: spawnChild('connection', {
      id: SOCKET_ID,
      input: ({ context }) => ({ url: context.url }),
    }),
    dropSocket: stopChild(SOCKET_ID),
    closeSocket: sendTo(SOCKET_ID, {
      type: 'socket.close',
      code: 1000,
    } satisfies ConnectionCommand),
    forwardSend: sendTo(SOCKET_ID, ({ event }) => {
      if (event.type !== 'relay.send') throw new Error(`forwardSend: unexpected ${event.type}`)
      return { type: 'socket.send', data: event.data } satisfies ConnectionCommand
    }),
    resetCounters: assign({ connectionAttempts: 0, reconnectTry: 0 }),
    countAttempt: assign({ connectionAttempts: ({ context }) => context.connectionAttempts + 1 }),
    countReconnectTry: assign({ reconnectTry: ({ context }) => context.reconnectTry + 1 }),
    // The connection outlived the flapping threshold: the reconnect worked, the next drop starts over.
    resetReconnectTry: assign({ reconnectTry: 0 }),
    // reconnectTry is kept: it is reset only once the connection proves stable (not flapping).
    markConnected: assign({
      connectionAttempts: 0,
      lastError: null,
      lastConnected: ({ event }) => (event.type === 'socket.opened' ? event.at : null),
    }),
    failTimeout: assign({ lastError: ({ context }) => connectTimeoutError(context.url) }),
    failClosed: assign({
      lastError: ({ context, event }) =>
        event.type === 'socket.closed'
          ? connectionClosedError(context.url, event.code, event.reason)
          : context.lastError,
    }),
    failMaxAttempts: assign({ lastError: ({ context }) => maxAttemptsError(context.url) }),
    failReconnect: assign({ lastError: ({ context }) => reconnectFailedError(context.url) }),
    emitConnected: emit(({ context }) => ({ type: 'relay.connected', url: context.url }) as const),
    emitDisconnected: emit(
      ({ context }) => ({ type: 'relay.disconnected', url: context.url }) as const,
    ),
  },
}).createMachine({
  id: 'socket',
  context: ({ input }) => ({
    url: input.url,
    connectionAttempts: 0,
    reconnectTry: 0,
    lastConnected: null,
    lastError: null,
  }),
  initial: 'idle',
  on: {
    'relay.remove': '.removed',
  },
  states: {
    idle: {
      on: { 'relay.connect': { target: 'connecting', actions: 'resetCounters' } },
    },
    connecting: {
      initial: 'attempt',
      on: { 'relay.disconnect': 'disconnected' },
      states: {
        attempt: {
          entry: ['countAttempt', 'openSocket'],
          on: {
            'socket.opened': { target: '#socket.connected', actions: 'markConnected' },
            'socket.closed': [
              {
                guard: 'connectAttemptsExhausted',
                target: '#socket.disconnected',
                actions: 'failMaxAttempts',
              },
              { target: 'backoff', actions: 'failClosed' },
            ],
            'relay.disconnect': { target: '#socket.disconnected', actions: 'closeSocket' },
            'relay.remove': { target: '#socket.closing', actions: 'closeSocket' },
          },
          after: {
            connectTimeout: [
              {
                guard: 'connectAttemptsExhausted',
                target: '#socket.disconnected',
                actions: 'failMaxAttempts',
              },
              { target: 'backoff', actions: 'failTimeout' },
            ],
          },
        },
        backoff: {
          entry: 'dropSocket',
          after: { connectRetryDelay: 'attempt' },
        },
      },
    },
    connected: {
      entry: 'emitConnected',
      exit: 'emitDisconnected',
      after: { flappingThreshold: { actions: 'resetReconnectTry' } },
      on: {
        'relay.send': { actions: 'forwardSend' },
        'socket.closed': [
          { guard: 'normalClosure', target: 'disconnected' },
          // Only a flapping connection still holds a try count: the last try is used up.
          { guard: 'reconnectTriesExhausted', target: 'disconnected', actions: 'failReconnect' },
          { target: 'reconnecting', actions: 'failClosed' },
        ],
        'relay.disconnect': { target: 'disconnected', actions: 'closeSocket' },
        'relay.remove': { target: 'closing', actions: 'closeSocket' },
      },
    },
    reconnecting: {
      initial: 'backoff',
      on: { 'relay.disconnect': 'disconnected' },
      states: {
        backoff: {
          entry: ['dropSocket', 'countReconnectTry'],
          after: { reconnectDelay: 'attempt' },
          on: { 'relay.connect': 'attempt' },
        },
        attempt: {
          entry: 'openSocket',
          on: {
            'socket.opened': { target: '#socket.connected', actions: 'markConnected' },
            'socket.closed': [
              {
                guard: 'reconnectTriesExhausted',
                target: '#socket.disconnected',
                actions: 'failReconnect',
              },
              { target: 'backoff', actions: 'failClosed' },
            ],
            'relay.disconnect': { target: '#socket.disconnected', actions: 'closeSocket' },
            'relay.remove': { target: '#socket.closing', actions: 'closeSocket' },
          },
          after: {
            connectTimeout: [
              {
                guard: 'reconnectTriesExhausted',
                target: '#socket.disconnected',
                actions: 'failReconnect',
              },
              { target: 'backoff', actions: 'failTimeout' },
            ],
          },
        },
      },
    },
    disconnected: {
      entry: 'dropSocket',
      on: { 'relay.connect': { target: 'connecting', actions: 'resetCounters' } },
    },
    // Told to close: the WebSocket lives until its close event, or the timeout.
    closing: {
      after: { closeTimeout: 'removed' },
      on: {
        'socket.closed': 'removed',
        // Removed already: a second removal does not cut the close short.
        'relay.remove': {},
      },
    },
    removed: {
      type: 'final',
      entry: 'dropSocket',
    },
  },
})

export type SocketMachine = typeof socketMachine
export type SocketSnapshot = SnapshotFrom<SocketMachine>
export type SocketActorRef = ActorRefFrom<SocketMachine>

/** The spec's relay connection status: the context plus `connected`, derived from the state. */
export interface RelayConnectionStatus extends SocketContext {
  connected: boolean
}

export function relayStatus(snapshot: SocketSnapshot): RelayConnectionStatus {
  return { ...snapshot.context, connected: snapshot.matches('connected') }
}

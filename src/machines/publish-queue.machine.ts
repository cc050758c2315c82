/**
 * The outbox: signed events written while offline wait here until the app can send them.
 *
 * - `loading`: the stored queue is read (`load`); a queue that cannot be read is reported and the
 *   outbox starts empty (what is stored stays stored).
 * - `checking` decides at once: nothing queued -> `idle`; offline -> `waiting`; else `flushing`.
 * - `waiting` for the network: the browser's `online` (`outbox.network`) or a write relay that
 *   connects (`outbox.relayConnected`) sends it back to `checking`.
 * - `flushing`: every queued event goes to the write relays (`flush`); what a relay took or
 *   refused for good leaves the queue (the refusals are kept as `drops` for the user to read);
 *   what no relay took for a passing reason is `retrying`: after `retryDelay`, or sooner when the
 *   network or a write relay comes back.
 *
 * Events queued meanwhile (`outbox.added`, already stored by the actor) join the queue in every
 * state. Effects come from src/actors/publish/publish-queue.effects.ts with `provide`.
 */
import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import {
  afterFlush,
  type FlushReport,
  OUTBOX_RETRY_MS,
  type OutboxDrop,
  type OutboxEntry,
  withEntry,
} from '../core/publish/publish-queue.ts'

export interface OutboxContext {
  queue: OutboxEntry[]
  /** The browser reports a network. */
  online: boolean
  /** Queued events a relay refused for good, until the user dismisses the message. */
  drops: OutboxDrop[]
  /** Why the stored queue could not be read; null otherwise. */
  error: string | null
}

export type OutboxEvent =
  | { type: 'outbox.added'; entry: OutboxEntry }
  | { type: 'outbox.network'; online: boolean }
  | { type: 'outbox.relayConnected' }
  | { type: 'outbox.dismissed'; id: string }

export interface FlushInput {
  entries: OutboxEntry[]
}

const notProvided = (name: string) => () => {
  throw new Error(`outbox.machine: the '${name}' actor was not provided`)
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error)

export const outboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    events: {} as OutboxEvent,
    input: {} as { online: boolean },
  },
  actors: {
    load: fromPromise<OutboxEntry[]>(notProvided('load')),
    flush: fromPromise<FlushReport, FlushInput>(notProvided('flush')),
  },
  guards: {
    empty: ({ context }) => context.queue.length === 0,
    offline: ({ context }) => !context.online,
    someKept: ({ event }) => 'output' in event && (event.output as FlushReport).kept.length > 0,
    cameOnline: ({ event }) => event.type === 'outbox.network' && event.online,
  },
  actions: {
    add: assign({
      queue: ({ context, event }) =>
        event.type === 'outbox.added' ? withEntry(context.queue, event.entry) : context.queue,
    }),
    setNetwork: assign({
      online: ({ context, event }) =>
        event.type === 'outbox.network' ? event.online : context.online,
    }),
    dismiss: assign({
      drops: ({ context, event }) =>
        event.type === 'outbox.dismissed'
          ? context.drops.filter((drop) => drop.id !== event.id)
          : context.drops,
    }),
    loaded: assign({
      // Events queued while the store was read are kept with it.
      queue: ({ context }, params: { entries: OutboxEntry[] }) =>
        params.entries.reduce(withEntry, context.queue),
    }),
    loadFailed: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    flushed: assign(({ context }, params: { report: FlushReport }) => ({
      queue: afterFlush(context.queue, params.report),
      drops: [...context.drops, ...params.report.dropped],
    })),
  },
  delays: {
    retryDelay: OUTBOX_RETRY_MS,
  },
}).createMachine({
  id: 'outbox',
  context: ({ input }) => ({ queue: [], online: input.online, drops: [], error: null }),
  initial: 'loading',
  on: {
    'outbox.added': { actions: 'add' },
    'outbox.network': { actions: 'setNetwork' },
    'outbox.dismissed': { actions: 'dismiss' },
  },
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'checking',
          actions: { type: 'loaded', params: ({ event }) => ({ entries: event.output }) },
        },
        onError: {
          target: 'checking',
          actions: { type: 'loadFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    checking: {
      always: [
        { guard: 'empty', target: 'idle' },
        { guard: 'offline', target: 'waiting' },
        { target: 'flushing' },
      ],
    },
    idle: {
      on: { 'outbox.added': { target: 'checking', actions: 'add' } },
    },
    waiting: {
      on: {
        'outbox.network': { target: 'checking', actions: 'setNetwork' },
        'outbox.relayConnected': 'checking',
      },
    },
    flushing: {
      invoke: {
        id: 'flush',
        src: 'flush',
        input: ({ context }) => ({ entries: context.queue }),
        onDone: [
          {
            guard: 'someKept',
            target: 'retrying',
            actions: { type: 'flushed', params: ({ event }) => ({ report: event.output }) },
          },
          {
            target: 'checking',
            actions: { type: 'flushed', params: ({ event }) => ({ report: event.output }) },
          },
        ],
        onError: 'retrying',
      },
    },
    retrying: {
      after: { retryDelay: 'checking' },
      on: {
        'outbox.network': [
          { guard: 'cameOnline', target: 'checking', actions: 'setNetwork' },
          { actions: 'setNetwork' },
        ],
        'outbox.relayConnected': 'checking',
      },
    },
  },
})

export type OutboxMachine = typeof outboxMachine
export type OutboxActorRef = ActorRefFrom<OutboxMachine>
export type OutboxSnapshot = SnapshotFrom<OutboxMachine>

/**
 * The publish queue: signed events written while offline wait here until the app can send them.
 *
 * - `loading`: the stored queue is read (`load`); a queue that cannot be read is reported and the
 *   queue starts empty (what is stored stays stored).
 * - `checking` decides at once: nothing queued -> `idle`; offline -> `waiting`; else `flushing`.
 * - `waiting` for the network: the browser's `online` (`publishQueue.network`) or a write relay that
 *   connects (`publishQueue.relayConnected`) sends it back to `checking`.
 * - `flushing`: every queued event goes to the write relays (`flush`); what a relay took or
 *   refused for good leaves the queue (the refusals are kept as `drops` for the user to read);
 *   what no relay took for a passing reason is `retrying`: after `retryDelay`, or sooner when the
 *   network or a write relay comes back. One that came back during the round (`cameBack`) sends
 *   the round's leftovers to `checking` at once: the round may have sent to the socket it replaced.
 *
 * Events queued meanwhile (`publishQueue.added`, already stored by the actor) join the queue in every
 * state. Effects come from src/actors/publish/publish-queue.effects.ts with `provide`.
 */
import { type ActorRefFrom, and, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { messageOf } from '../core/platform/error-message.ts'
import {
  afterFlush,
  type FlushReport,
  PUBLISH_QUEUE_RETRY_MS,
  type PublishQueueDrop,
  type PublishQueueEntry,
  withEntry,
} from '../core/publish/publish-queue.ts'

export interface PublishQueueContext {
  queue: PublishQueueEntry[]
  /** The browser reports a network. */
  online: boolean
  /** Queued events a relay refused for good, until the user dismisses the message. */
  drops: PublishQueueDrop[]
  /** Why the stored queue could not be read; null otherwise. */
  error: string | null
  /** The network or a write relay came back during the current round. */
  cameBack: boolean
}

export type PublishQueueEvent =
  | { type: 'publishQueue.added'; entry: PublishQueueEntry }
  | { type: 'publishQueue.network'; online: boolean }
  | { type: 'publishQueue.relayConnected' }
  | { type: 'publishQueue.dismissed'; id: string }

export interface FlushInput {
  entries: PublishQueueEntry[]
}

const notProvided = (name: string) => () => {
  throw new Error(`publish-queue.machine: the '${name}' actor was not provided`)
}

export const publishQueueMachine = setup({
  types: {
    context: {} as PublishQueueContext,
    events: {} as PublishQueueEvent,
    input: {} as { online: boolean },
  },
  actors: {
    load: fromPromise<PublishQueueEntry[]>(notProvided('load')),
    flush: fromPromise<FlushReport, FlushInput>(notProvided('flush')),
  },
  guards: {
    empty: ({ context }) => context.queue.length === 0,
    offline: ({ context }) => !context.online,
    someKept: ({ event }) => 'output' in event && (event.output as FlushReport).kept.length > 0,
    cameOnline: ({ event }) => event.type === 'publishQueue.network' && event.online,
    cameBackMeanwhile: ({ context }) => context.cameBack,
  },
  actions: {
    add: assign({
      queue: ({ context, event }) =>
        event.type === 'publishQueue.added' ? withEntry(context.queue, event.entry) : context.queue,
    }),
    setNetwork: assign({
      online: ({ context, event }) =>
        event.type === 'publishQueue.network' ? event.online : context.online,
    }),
    dismiss: assign({
      drops: ({ context, event }) =>
        event.type === 'publishQueue.dismissed'
          ? context.drops.filter((drop) => drop.id !== event.id)
          : context.drops,
    }),
    loaded: assign({
      // Events queued while the store was read are kept with it.
      queue: ({ context }, params: { entries: PublishQueueEntry[] }) =>
        params.entries.reduce(withEntry, context.queue),
    }),
    roundStarted: assign({ cameBack: false }),
    markCameBack: assign({ cameBack: true }),
    loadFailed: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    flushed: assign(({ context }, params: { report: FlushReport }) => ({
      queue: afterFlush(context.queue, params.report),
      drops: [...context.drops, ...params.report.dropped],
    })),
  },
  delays: {
    retryDelay: PUBLISH_QUEUE_RETRY_MS,
  },
}).createMachine({
  id: 'publishQueue',
  context: ({ input }) => ({
    queue: [],
    online: input.online,
    drops: [],
    error: null,
    cameBack: false,
  }),
  initial: 'loading',
  on: {
    'publishQueue.added': { actions: 'add' },
    'publishQueue.network': { actions: 'setNetwork' },
    'publishQueue.dismissed': { actions: 'dismiss' },
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
      on: { 'publishQueue.added': { target: 'checking', actions: 'add' } },
    },
    waiting: {
      on: {
        'publishQueue.network': { target: 'checking', actions: 'setNetwork' },
        'publishQueue.relayConnected': 'checking',
      },
    },
    flushing: {
      entry: 'roundStarted',
      on: {
        'publishQueue.network': [
          { guard: 'cameOnline', actions: ['setNetwork', 'markCameBack'] },
          { actions: 'setNetwork' },
        ],
        'publishQueue.relayConnected': { actions: 'markCameBack' },
      },
      invoke: {
        id: 'flush',
        src: 'flush',
        input: ({ context }) => ({ entries: context.queue }),
        onDone: [
          {
            guard: and(['someKept', 'cameBackMeanwhile']),
            target: 'checking',
            actions: { type: 'flushed', params: ({ event }) => ({ report: event.output }) },
          },
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
        onError: [{ guard: 'cameBackMeanwhile', target: 'checking' }, { target: 'retrying' }],
      },
    },
    retrying: {
      after: { retryDelay: 'checking' },
      on: {
        'publishQueue.network': [
          { guard: 'cameOnline', target: 'checking', actions: 'setNetwork' },
          { actions: 'setNetwork' },
        ],
        'publishQueue.relayConnected': 'checking',
      },
    },
  },
})

export type PublishQueueMachine = typeof publishQueueMachine
export type PublishQueueActorRef = ActorRefFrom<PublishQueueMachine>
export type PublishQueueSnapshot = SnapshotFrom<PublishQueueMachine>

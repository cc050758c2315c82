/**
 * Restoring the persisted query cache on start (spec §4): the stored record is read; one without a
 * timestamp, older than the maximum age or with another buster is removed, a valid one loaded.
 * Any error while reading or loading removes the record and is reported. Until the machine is
 * `ready`, queries are held back (the UI gives TanStack Query `isRestoring`); once ready, changes
 * to the cache are saved again (the `saver` actor).
 */
import {
  type ActorRefFrom,
  assign,
  fromCallback,
  fromPromise,
  type SnapshotFrom,
  setup,
} from 'xstate'
import {
  judgeRecord,
  type RecordVerdict,
  restoreFailedMessage,
} from '../core/app/persisted-cache.ts'
import { messageOf } from '../core/platform/error-message.ts'

export interface CacheRestoreInput {
  buster: string
}

export interface CacheRestoreContext {
  buster: string
  /** The record read, until it is loaded or judged. */
  record: unknown
  /** Why the stored record was not loaded (null: it was, or there was none). */
  removed: RecordVerdict | 'error' | null
  /** The reported restore failure, if any. */
  error: string | null
}

const notProvided = (name: string) => () => {
  throw new Error(`${name} not provided`)
}

export interface StoredRead {
  record: unknown
  readAt: number
}

const readOf = (event: { type: string }): StoredRead | null =>
  'output' in event ? (event.output as StoredRead) : null

const verdictOf = (context: CacheRestoreContext, event: { type: string }): RecordVerdict | null => {
  const read = readOf(event)
  return read ? judgeRecord(read.record, { buster: context.buster, now: read.readAt }) : null
}

export const cacheRestoreMachine = setup({
  types: {
    context: {} as CacheRestoreContext,
    input: {} as CacheRestoreInput,
  },
  actors: {
    /** The stored record (null when there is none) and when it was read: the machine has no clock. */
    readRecord: fromPromise<StoredRead>(notProvided('readRecord')),
    loadRecord: fromPromise<void, { record: unknown }>(notProvided('loadRecord')),
    removeRecord: fromPromise<void>(notProvided('removeRecord')),
    saver: fromCallback(notProvided('saver')),
  },
  guards: {
    isMissing: ({ context, event }) => verdictOf(context, event) === 'missing',
    isValid: ({ context, event }) => verdictOf(context, event) === 'valid',
  },
  actions: {
    keepRecord: assign({ record: ({ event }) => readOf(event)?.record ?? null }),
    judge: assign({ removed: ({ context, event }) => verdictOf(context, event) }),
    reportFailure: assign(({ event }) => {
      const error = restoreFailedMessage(messageOf('error' in event ? event.error : event))
      return { removed: 'error' as const, error, record: null }
    }),
    forgetRecord: assign({ record: null }),
  },
}).createMachine({
  id: 'cacheRestore',
  context: ({ input }) => ({ buster: input.buster, record: null, removed: null, error: null }),
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        id: 'read',
        src: 'readRecord',
        onDone: [
          { guard: 'isMissing', target: 'ready' },
          { guard: 'isValid', target: 'loading', actions: 'keepRecord' },
          { target: 'removing', actions: 'judge' },
        ],
        onError: { target: 'removing', actions: 'reportFailure' },
      },
    },
    loading: {
      invoke: {
        id: 'load',
        src: 'loadRecord',
        input: ({ context }) => ({ record: context.record }),
        onDone: { target: 'ready', actions: 'forgetRecord' },
        onError: { target: 'removing', actions: 'reportFailure' },
      },
    },
    removing: {
      invoke: {
        id: 'remove',
        src: 'removeRecord',
        // Removal failures are swallowed (spec §8): the next save overwrites the record anyway.
        onDone: 'ready',
        onError: 'ready',
      },
    },
    ready: {
      invoke: { id: 'saver', src: 'saver' },
    },
  },
})

export type CacheRestoreMachine = typeof cacheRestoreMachine
export type CacheRestoreActorRef = ActorRefFrom<CacheRestoreMachine>
export type CacheRestoreSnapshot = SnapshotFrom<CacheRestoreMachine>

/** Queries wait while this is true (TanStack Query's isRestoring). */
export const isRestoring = (snapshot: CacheRestoreSnapshot): boolean => !snapshot.matches('ready')

/**
 * A proof-of-work mining session (NIP-13; spec §3, §4, §5, §9): started, then complete (progress
 * 100, the session removed after 5 s), aborted (progress 0) or error.
 *
 * `mining.start` is checked first: targetBits must be a whole number of at least 1 ('invalid
 * targetBits') and a pubkey is required ('pubkey required'). While mining, the `miner` actor (one
 * worker per core, supplied by src/actors/publish/mining.effects.ts) reports `miner.progress` per worker, then
 * `miner.found` or `miner.failed`. Each worker has a watchdog: 5 s without a report from it and it
 * is restarted (`miner.restart` to the miner); silent again for 5 s after its restart, the session
 * fails with 'Worker timeout'. Leaving `mining` stops the miner, and with it every worker at once.
 * The machine has no clock: times come in the events.
 */
import {
  type ActorRefFrom,
  assign,
  enqueueActions,
  fromCallback,
  type SnapshotFrom,
  setup,
} from 'xstate'
import {
  estimatedSecondsLeft,
  FINISHED_SESSION_MS,
  idDifficulty,
  miningProgress,
  POW_ERRORS,
  targetBitsError,
  WORKER_TIMEOUT_MS,
} from '../core/publish/nip13.ts'
import type { MinedEvent, PowTemplate } from '../core/publish/pow-miner.ts'

/** The spec's mining session fields (§3), plus the job and the watchdogs' memory. */
export interface MiningContext {
  isMining: boolean
  targetBits: number
  /** The best difficulty found so far (the mined id's once complete). */
  currentBits: number
  /** Nonces tried so far, every worker together. */
  nonce: number
  /** Percent: the share of the expected work done, 99 at most until complete (100). */
  progress: number
  sessionId: string | null
  /** When mining started, in ms since the epoch. */
  startTime: number | null
  /** Seconds, while there is a rate to go by. */
  estimatedTimeRemaining: number | null
  isComplete: boolean
  isAborted: boolean
  error: string | null
  minedEvent: MinedEvent | null
  hashesPerSecond: number
  template: PowTemplate | null
  workers: number
  /** Per worker: restarted for silence and not heard from since. */
  restarted: boolean[]
}

export type MiningEvent =
  | {
      type: 'mining.start'
      template: PowTemplate
      targetBits: number
      pubkey: string
      sessionId: string
      /** Now, in ms since the epoch. */
      at: number
      /** Workers to share the search (one per core). */
      workers: number
    }
  | { type: 'mining.abort' }
  /** `hashes`: tried since this worker's last report. */
  | { type: 'miner.progress'; worker: number; hashes: number; bestBits: number; at: number }
  | { type: 'miner.found'; event: MinedEvent }
  | { type: 'miner.failed'; message: string }
  /** Raised by the watchdog of `worker` after 5 s without a report. */
  | { type: 'miner.silent'; worker: number }

/** What the machine tells its miner. */
export type MinerCommand = { type: 'miner.restart'; worker: number }

export interface MinerInput {
  template: PowTemplate
  targetBits: number
  workers: number
}

type StartEvent = Extract<MiningEvent, { type: 'mining.start' }>

const IDLE: MiningContext = {
  isMining: false,
  targetBits: 0,
  currentBits: 0,
  nonce: 0,
  progress: 0,
  sessionId: null,
  startTime: null,
  estimatedTimeRemaining: null,
  isComplete: false,
  isAborted: false,
  error: null,
  minedEvent: null,
  hashesPerSecond: 0,
  template: null,
  workers: 0,
  restarted: [],
}

const watchdog = (worker: number) => `silent-${worker}`

const startError = (event: StartEvent): string | null =>
  targetBitsError(event.targetBits) ??
  (typeof event.pubkey === 'string' && event.pubkey !== '' ? null : POW_ERRORS.pubkeyRequired)

export const miningMachine = setup({
  types: {
    context: {} as MiningContext,
    events: {} as MiningEvent,
    children: {} as { miner: 'miner' },
  },
  actors: {
    miner: fromCallback<MinerCommand, MinerInput>(() => {
      throw new Error(
        "mining.machine: the 'miner' actor was not provided; use miningMachine.provide({ actors: { miner } })",
      )
    }),
  },
  delays: {
    workerTimeout: WORKER_TIMEOUT_MS,
    finishedSession: FINISHED_SESSION_MS,
  },
  guards: {
    startRejected: ({ event }) => event.type === 'mining.start' && startError(event) !== null,
    restartedAlready: ({ context, event }) =>
      event.type === 'miner.silent' && context.restarted[event.worker] === true,
  },
  actions: {
    rejectStart: assign(({ event }) => ({
      ...IDLE,
      error: event.type === 'mining.start' ? startError(event) : null,
    })),
    begin: assign(({ event }) => {
      if (event.type !== 'mining.start') return {}
      const workers = Math.max(1, Math.floor(event.workers))
      return {
        ...IDLE,
        isMining: true,
        targetBits: event.targetBits,
        sessionId: event.sessionId,
        startTime: event.at,
        template: { ...event.template, pubkey: event.pubkey },
        workers,
        restarted: Array.from({ length: workers }, () => false),
      }
    }),
    record: assign(({ context, event }) => {
      if (event.type !== 'miner.progress') return {}
      const nonce = context.nonce + event.hashes
      const seconds = (event.at - (context.startTime ?? event.at)) / 1000
      const hashesPerSecond = seconds > 0 ? nonce / seconds : context.hashesPerSecond
      const restarted = context.restarted.slice()
      restarted[event.worker] = false
      return {
        nonce,
        currentBits: Math.max(context.currentBits, event.bestBits),
        progress: miningProgress(nonce, context.targetBits),
        hashesPerSecond,
        estimatedTimeRemaining: estimatedSecondsLeft(nonce, context.targetBits, hashesPerSecond),
        restarted,
      }
    }),
    /** (Re)arms the watchdog of the worker that reported or was restarted. */
    watch: enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'miner.progress' && event.type !== 'miner.silent') return
      enqueue.cancel(watchdog(event.worker))
      enqueue.raise(
        { type: 'miner.silent', worker: event.worker },
        { id: watchdog(event.worker), delay: 'workerTimeout' },
      )
    }),
    watchAll: enqueueActions(({ context, enqueue }) => {
      for (let worker = 0; worker < context.workers; worker++) {
        enqueue.raise(
          { type: 'miner.silent', worker },
          { id: watchdog(worker), delay: 'workerTimeout' },
        )
      }
    }),
    unwatchAll: enqueueActions(({ context, enqueue }) => {
      for (let worker = 0; worker < context.workers; worker++) enqueue.cancel(watchdog(worker))
    }),
    restart: enqueueActions(({ context, enqueue, event }) => {
      if (event.type !== 'miner.silent') return
      const restarted = context.restarted.slice()
      restarted[event.worker] = true
      enqueue.assign({ restarted })
      enqueue.sendTo('miner', { type: 'miner.restart', worker: event.worker } as MinerCommand)
    }),
    finish: assign(({ event }) => {
      if (event.type !== 'miner.found') return {}
      return {
        isMining: false,
        isComplete: true,
        progress: 100,
        estimatedTimeRemaining: 0,
        minedEvent: event.event,
        currentBits: idDifficulty(event.event.id),
      }
    }),
    abort: assign({ isMining: false, isAborted: true, progress: 0, estimatedTimeRemaining: null }),
    timeout: assign(() => ({ ...IDLE, error: POW_ERRORS.workerTimeout })),
    fail: assign(({ event }) => ({
      ...IDLE,
      error: event.type === 'miner.failed' ? event.message : null,
    })),
    remove: assign(IDLE),
  },
}).createMachine({
  id: 'mining',
  context: IDLE,
  initial: 'idle',
  on: {
    'mining.start': [
      { guard: 'startRejected', target: '.error', actions: 'rejectStart' },
      { target: '.mining', actions: 'begin' },
    ],
  },
  states: {
    idle: {},
    mining: {
      entry: 'watchAll',
      exit: 'unwatchAll',
      invoke: {
        id: 'miner',
        src: 'miner',
        input: ({ context }) => ({
          // begin() always sets the template before entering.
          template: context.template as PowTemplate,
          targetBits: context.targetBits,
          workers: context.workers,
        }),
      },
      on: {
        // One session at a time: a second start waits for this one to end.
        'mining.start': {},
        'miner.progress': { actions: ['record', 'watch'] },
        'miner.silent': [
          { guard: 'restartedAlready', target: 'error', actions: 'timeout' },
          { actions: ['restart', 'watch'] },
        ],
        'miner.found': { target: 'complete', actions: 'finish' },
        'miner.failed': { target: 'error', actions: 'fail' },
        'mining.abort': { target: 'aborted', actions: 'abort' },
      },
    },
    complete: {
      after: { finishedSession: { target: 'idle', actions: 'remove' } },
    },
    aborted: {},
    error: {},
  },
})

export type MiningMachine = typeof miningMachine
export type MiningActorRef = ActorRefFrom<MiningMachine>
export type MiningSnapshot = SnapshotFrom<MiningMachine>

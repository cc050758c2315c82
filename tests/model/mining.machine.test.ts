import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AnyEventObject, createActor, fromCallback } from 'xstate'
import { idDifficulty, POW_ERRORS, WORKER_TIMEOUT_MS } from '../../src/core/publish/nip13.ts'
import { type MinedEvent, mine, planMining } from '../../src/core/publish/pow-miner.ts'
import {
  type MinerCommand,
  type MinerInput,
  type MiningEvent,
  type MiningMachine,
  type MiningSnapshot,
  miningMachine,
} from '../../src/machines/mining.machine.ts'
import vector from '../fixtures/nip13.json' with { type: 'json' }
import {
  createModel,
  describePath,
  type Harness,
  type ModelPath,
  modelPaths,
  walkPath,
} from './walk.ts'

const NOW = 1_700_000_000_000
const BITS = 8
const { pubkey, created_at, kind, content } = vector.example
const TEMPLATE = { pubkey: '', created_at, kind, tags: [['t', 'pow']], content }
/** A real mined event: what a worker would send. */
const MINED: MinedEvent = mine(planMining({ ...TEMPLATE, pubkey }, BITS)).event!

type Start = Extract<MiningEvent, { type: 'mining.start' }>
const start = (over: Partial<Start> = {}): Start => ({
  type: 'mining.start',
  template: TEMPLATE,
  targetBits: BITS,
  pubkey,
  sessionId: 'session-1',
  at: NOW,
  workers: 1,
  ...over,
})

interface Fakes {
  running: boolean
  input: MinerInput | null
  sendBack: ((event: AnyEventObject) => void) | null
  commands: MinerCommand[]
}

function arrange() {
  const fakes: Fakes = { running: false, input: null, sendBack: null, commands: [] }
  const machine = miningMachine.provide({
    actors: {
      miner: fromCallback<MinerCommand, MinerInput>(({ input, sendBack, receive }) => {
        fakes.running = true
        fakes.input = input
        fakes.sendBack = sendBack
        receive((command) => fakes.commands.push(command))
        return () => {
          fakes.running = false
          fakes.sendBack = null
        }
      }),
    },
  })
  return { machine, fakes }
}

/** The miner reports, as the worker pool would. */
const fromMiner = (event: AnyEventObject, { fakes }: { fakes: Fakes }) => {
  if (!fakes.sendBack) throw new Error('no miner running')
  fakes.sendBack(event)
}

/** States apart by what matters, not by the ever-growing nonce count. */
const key = (snapshot: MiningSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    error: snapshot.context.error,
    restarted: snapshot.context.restarted,
    heard: snapshot.context.nonce > 0,
  })

const model = createModel({
  machine: miningMachine,
  serializeState: key,
  samples: {
    'mining.start': [
      start(),
      start({ targetBits: 0 }),
      start({ pubkey: '' }),
      // A number, not a whole one: no id can commit to half a bit.
      start({ targetBits: 12.5 }),
    ],
    'miner.progress': [
      { type: 'miner.progress', worker: 0, hashes: 4096, bestBits: 7, at: NOW + 500 },
    ],
    'miner.found': [{ type: 'miner.found', event: MINED }],
    'miner.failed': [{ type: 'miner.failed', message: 'Worker crashed' }],
    'miner.silent': [{ type: 'miner.silent', worker: 0 }],
  },
})

const harness: Harness<MiningMachine, Fakes> = {
  arrange,
  deliver: {
    'miner.progress': (event, context) => fromMiner(event, context),
    'miner.found': (event, context) => fromMiner(event, context),
    'miner.failed': (event, context) => fromMiner(event, context),
    // Silence is the watchdog's own timer: nothing at 4999 ms, the restart at 5000.
    'miner.silent': (_event, { actor }) => {
      const before = actor.getSnapshot().context.restarted
      vi.advanceTimersByTime(WORKER_TIMEOUT_MS - 1)
      expect(actor.getSnapshot().context.restarted).toEqual(before)
      vi.advanceTimersByTime(1)
    },
  },
  states: {
    idle: (snapshot, { fakes }) => {
      expect(snapshot.context).toMatchObject({ isMining: false, sessionId: null, progress: 0 })
      expect(fakes.running).toBe(false)
    },
    mining: (snapshot, { fakes }) => {
      const { context } = snapshot
      expect(context).toMatchObject({ isMining: true, sessionId: 'session-1', startTime: NOW })
      expect(fakes.running).toBe(true)
      expect(fakes.input).toEqual({
        template: { ...TEMPLATE, pubkey },
        targetBits: BITS,
        workers: 1,
      })
      // One restart per silence that was not answered by a report.
      expect(fakes.commands.length).toBeGreaterThanOrEqual(context.restarted.filter(Boolean).length)
      for (const command of fakes.commands)
        expect(command).toEqual({ type: 'miner.restart', worker: 0 })
    },
    complete: (snapshot, { fakes }) => {
      expect(snapshot.context).toMatchObject({
        isMining: false,
        isComplete: true,
        progress: 100,
        minedEvent: MINED,
        currentBits: idDifficulty(MINED.id),
      })
      expect(fakes.running, 'every worker stopped').toBe(false)
    },
    aborted: (snapshot, { fakes }) => {
      expect(snapshot.context).toMatchObject({ isMining: false, isAborted: true, progress: 0 })
      expect(snapshot.context.error).toBeNull()
      expect(fakes.running, 'every worker stopped at once').toBe(false)
    },
    error: (snapshot, { fakes }) => {
      expect([
        POW_ERRORS.invalidTargetBits,
        POW_ERRORS.pubkeyRequired,
        POW_ERRORS.workerTimeout,
        'Worker crashed',
      ]).toContain(snapshot.context.error)
      expect(snapshot.context.isMining).toBe(false)
      expect(fakes.running).toBe(false)
    },
  },
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW })
})
afterEach(() => {
  vi.useRealTimers()
})

/** Path names without the template, the mined event and the pubkey, which steps repeat. */
const brief = (path: ModelPath) =>
  describePath({
    steps: path.steps.map(({ event }) => {
      if (event.type === 'miner.found') return { event: { type: event.type } }
      if (event.type !== 'mining.start') return { event }
      const { targetBits, pubkey: key } = event as Start
      return { event: { type: event.type, targetBits, pubkey: key ? 'set' : 'none' } }
    }),
  })

describe('mining session model', () => {
  const paths = modelPaths(model, 'transitions')
  it.each(paths.map((path) => [brief(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

describe('mining session scenarios', () => {
  function run(event: Start = start()) {
    const { machine, fakes } = arrange()
    const actor = createActor(machine).start()
    actor.send(event)
    return { actor, fakes, context: () => actor.getSnapshot().context }
  }

  it.each([
    ['targetBits 0', start({ targetBits: 0 }), 'invalid targetBits'],
    ['targetBits -4', start({ targetBits: -4 }), 'invalid targetBits'],
    ['targetBits NaN', start({ targetBits: Number.NaN }), 'invalid targetBits'],
    ['targetBits "16"', start({ targetBits: '16' as unknown as number }), 'invalid targetBits'],
    ['no pubkey', start({ pubkey: '' }), 'pubkey required'],
  ])('refuses to start with %s', (_name, event, message) => {
    const { actor, fakes } = run(event)
    expect(actor.getSnapshot().value).toBe('error')
    expect(actor.getSnapshot().context.error).toBe(message)
    expect(fakes.running).toBe(false)
  })

  it('adds up every worker, with the rate, progress and time left', () => {
    const { fakes, context } = run(start({ workers: 2, targetBits: 16 }))
    fakes.sendBack!({ type: 'miner.progress', worker: 0, hashes: 8192, bestBits: 9, at: NOW + 500 })
    fakes.sendBack!({
      type: 'miner.progress',
      worker: 1,
      hashes: 8192,
      bestBits: 11,
      at: NOW + 500,
    })
    expect(context()).toMatchObject({
      nonce: 16_384,
      currentBits: 11,
      hashesPerSecond: 32_768,
      progress: 25,
      estimatedTimeRemaining: 1.5,
    })
    fakes.sendBack!({
      type: 'miner.progress',
      worker: 0,
      hashes: 100_000,
      bestBits: 3,
      at: NOW + 3000,
    })
    expect(context()).toMatchObject({ nonce: 116_384, currentBits: 11, progress: 99 })
    expect(context().estimatedTimeRemaining).toBe(0)
  })

  it('restarts only the worker that went silent, and gives up on one silent after its restart', () => {
    const { actor, fakes } = run(start({ workers: 2 }))
    const report = (worker: number) =>
      fakes.sendBack!({ type: 'miner.progress', worker, hashes: 1024, bestBits: 1, at: Date.now() })
    for (let t = 0; t < 4; t++) {
      vi.advanceTimersByTime(2000)
      report(0)
    }
    // Worker 1 said nothing for 5 s; worker 0 reported every 2 s.
    expect(fakes.commands).toEqual([{ type: 'miner.restart', worker: 1 }])
    report(1)
    vi.advanceTimersByTime(4000)
    report(0)
    vi.advanceTimersByTime(1000)
    // Heard from after its restart: silent again, it is restarted again, not given up on.
    expect(fakes.commands).toEqual([
      { type: 'miner.restart', worker: 1 },
      { type: 'miner.restart', worker: 1 },
    ])
    report(0)
    vi.advanceTimersByTime(WORKER_TIMEOUT_MS)
    expect(actor.getSnapshot().value).toBe('error')
    expect(actor.getSnapshot().context.error).toBe('Worker timeout')
    expect(fakes.running).toBe(false)
  })

  it('removes a finished session after 5 s, and takes a new one at any time after', () => {
    const { actor, fakes } = run()
    fakes.sendBack!({ type: 'miner.found', event: MINED })
    vi.advanceTimersByTime(4999)
    expect(actor.getSnapshot().context.minedEvent).toEqual(MINED)
    vi.advanceTimersByTime(1)
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.minedEvent).toBeNull()
    actor.send(start({ sessionId: 'session-2' }))
    expect(actor.getSnapshot().context).toMatchObject({ isMining: true, sessionId: 'session-2' })
  })

  it('mines one session at a time: a second start waits for the first to end', () => {
    const { actor, fakes } = run()
    const miner = fakes.sendBack
    actor.send(start({ sessionId: 'session-2', targetBits: 20 }))
    expect(actor.getSnapshot().context).toMatchObject({ sessionId: 'session-1', targetBits: BITS })
    expect(fakes.sendBack).toBe(miner)
    actor.send({ type: 'mining.abort' })
    actor.send(start({ sessionId: 'session-2' }))
    expect(actor.getSnapshot().context).toMatchObject({ sessionId: 'session-2', isAborted: false })
  })

  it('drops the watchdogs of a session that ended: no restart reaches the next one', () => {
    const { actor, fakes } = run()
    vi.advanceTimersByTime(3000)
    actor.send({ type: 'mining.abort' })
    actor.send(start({ sessionId: 'session-2' }))
    vi.advanceTimersByTime(3000)
    expect(fakes.commands).toEqual([])
  })
})

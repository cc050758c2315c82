import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import {
  dropOf,
  type FlushReport,
  PUBLISH_QUEUE_RETRY_MS,
  type PublishQueueEntry,
} from '../../src/core/publish/publish-queue.ts'
import {
  type PublishQueueMachine,
  type PublishQueueSnapshot,
  publishQueueMachine,
} from '../../src/machines/publish-queue.machine.ts'
import { recordRequests, settleByInvokeId } from './deferred.ts'
import { createModel, describePath, type Harness, modelPaths, walkPath } from './walk.ts'

const key = generateSecretKey()
const entry = (content: string, queuedAt: number): PublishQueueEntry => ({
  event: finalizeEvent({ kind: 1, created_at: 1000, tags: [], content }, key),
  queuedAt,
})
const STORED = entry('written offline yesterday', 1)
const NEW = entry('written offline now', 2)
const LOAD_FAILED = 'The database is blocked'

/**
 * What a round can do: each report names both entries, so it fits whatever the queue holds (ids
 * not in the queue change nothing, as a report about another tab's events would not).
 */
const BOTH = [STORED, NEW]
const blocked = [{ relay: 'wss://a.example', ok: false, message: 'blocked: no' }]
const reports = {
  allSent: { sent: BOTH.map((e) => e.event.id), dropped: [], kept: [] },
  allKept: { sent: [], dropped: [], kept: BOTH.map((e) => e.event.id) },
  allDropped: { sent: [], dropped: BOTH.map((e) => dropOf(e.event, blocked)), kept: [] },
} satisfies Record<string, FlushReport>

interface Fakes {
  recorder: ReturnType<typeof recordRequests>
}

function arrange() {
  const recorder = recordRequests()
  const machine = publishQueueMachine.provide({
    actors: { load: recorder.deferred(), flush: recorder.deferred() },
  }) as PublishQueueMachine
  return { machine, fakes: { recorder } }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

const model = createModel({
  machine: publishQueueMachine,
  input: { online: false },
  samples: {
    'publishQueue.added': [{ type: 'publishQueue.added', entry: NEW }],
    'publishQueue.network': [
      { type: 'publishQueue.network', online: true },
      { type: 'publishQueue.network', online: false },
    ],
    'publishQueue.dismissed': [{ type: 'publishQueue.dismissed', id: STORED.event.id }],
    'xstate.done.actor.load': [
      { type: 'xstate.done.actor.load', output: [] },
      { type: 'xstate.done.actor.load', output: [STORED] },
    ],
    'xstate.error.actor.load': [{ type: 'xstate.error.actor.load', error: new Error(LOAD_FAILED) }],
    'xstate.done.actor.flush': Object.values(reports).map((output) => ({
      type: 'xstate.done.actor.flush' as const,
      output,
    })),
    'xstate.error.actor.flush': [{ type: 'xstate.error.actor.flush', error: new Error('boom') }],
  },
  // The queue by content, and whether any refusal waits to be read.
  serializeState: (snapshot) => {
    const { queue, online, drops, error, cameBack } = snapshot.context
    return JSON.stringify({
      value: snapshot.value,
      queue: queue.map((e) => e.event.content),
      online,
      drops: drops.length > 0,
      error,
      cameBack,
    })
  },
})

const harness: Harness<PublishQueueMachine, Fakes> = {
  arrange,
  deliver: {
    ...settleByInvokeId<Fakes>(
      [
        'xstate.done.actor.load',
        'xstate.error.actor.load',
        'xstate.done.actor.flush',
        'xstate.error.actor.flush',
      ],
      settle,
    ),
  },
  states: {
    '*': (snapshot, { fakes }) => {
      // Only the state's own effect runs.
      const live = fakes.recorder.live().map((request) => request.id)
      const effect = snapshot.matches('loading')
        ? ['load']
        : snapshot.matches('flushing')
          ? ['flush']
          : []
      expect(live).toEqual(effect)
    },
    idle: (snapshot) => expect(snapshot.context.queue).toEqual([]),
    waiting: (snapshot) => {
      expect(snapshot.context.online).toBe(false)
      expect(snapshot.context.queue.length).toBeGreaterThan(0)
    },
    flushing: (_snapshot, { fakes }) => {
      // The whole queue at once, oldest first (going offline meanwhile does not stop a round).
      const { entries } = fakes.recorder.pending('flush').input as { entries: PublishQueueEntry[] }
      expect(entries.map((e) => e.queuedAt)).toEqual(
        [...entries].map((e) => e.queuedAt).sort((a, b) => a - b),
      )
      expect(entries.length).toBeGreaterThan(0)
    },
    retrying: (snapshot) => expect(snapshot.context.queue.length).toBeGreaterThan(0),
  },
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('outbox model', () => {
  const paths = modelPaths(model, 'transitions')
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

describe('outbox scenarios', () => {
  function start(online: boolean) {
    const { machine, fakes } = arrange()
    const actor = createActor(machine, { input: { online } }).start()
    return { actor, fakes }
  }
  const value = (snapshot: PublishQueueSnapshot) => snapshot.value

  it('keeps an event queued offline, sends it once the browser is back online', async () => {
    const { actor, fakes } = start(false)
    fakes.recorder.pending('load').resolve([])
    await settle()
    actor.send({ type: 'publishQueue.added', entry: NEW })
    expect(value(actor.getSnapshot())).toBe('waiting')
    actor.send({ type: 'publishQueue.network', online: true })
    const flush = fakes.recorder.pending('flush')
    expect(flush.input).toEqual({ entries: [NEW] })
    flush.resolve(reports.allSent)
    await settle()
    expect(value(actor.getSnapshot())).toBe('idle')
    expect(actor.getSnapshot().context.queue).toEqual([])
  })

  it('tries again after PUBLISH_QUEUE_RETRY_MS, or as soon as a write relay connects', async () => {
    const { actor, fakes } = start(true)
    fakes.recorder.pending('load').resolve([STORED])
    await settle()
    fakes.recorder.pending('flush').resolve(reports.allKept)
    await settle()
    expect(value(actor.getSnapshot())).toBe('retrying')
    vi.advanceTimersByTime(PUBLISH_QUEUE_RETRY_MS - 1)
    expect(value(actor.getSnapshot())).toBe('retrying')
    vi.advanceTimersByTime(1)
    fakes.recorder.pending('flush').resolve(reports.allKept)
    await settle()
    actor.send({ type: 'publishQueue.relayConnected' })
    expect(value(actor.getSnapshot())).toBe('flushing')
  })

  it('a write relay that connects during a round: what the round kept goes out again at once', async () => {
    // The round may have sent on the socket that the new connection replaced, and waited out
    // its answer: the new one must not wait PUBLISH_QUEUE_RETRY_MS.
    const { actor, fakes } = start(true)
    fakes.recorder.pending('load').resolve([STORED])
    await settle()
    const first = fakes.recorder.pending('flush')
    actor.send({ type: 'publishQueue.relayConnected' })
    expect(value(actor.getSnapshot())).toBe('flushing')
    first.resolve(reports.allKept)
    await settle()
    expect(value(actor.getSnapshot())).toBe('flushing')
    expect(fakes.recorder.pending('flush').input).toEqual({ entries: [STORED] })
    // Without a comeback, a round that keeps them waits.
    fakes.recorder.pending('flush').resolve(reports.allKept)
    await settle()
    expect(value(actor.getSnapshot())).toBe('retrying')
  })

  it('an event queued during a round goes out in the next one', async () => {
    const { actor, fakes } = start(true)
    fakes.recorder.pending('load').resolve([STORED])
    await settle()
    const first = fakes.recorder.pending('flush')
    actor.send({ type: 'publishQueue.added', entry: NEW })
    first.resolve({ sent: [STORED.event.id], dropped: [], kept: [] })
    await settle()
    expect(fakes.recorder.pending('flush').input).toEqual({ entries: [NEW] })
  })

  it('keeps what a relay refused for good as a message until dismissed', async () => {
    const { actor, fakes } = start(true)
    fakes.recorder.pending('load').resolve([STORED])
    await settle()
    fakes.recorder
      .pending('flush')
      .resolve({ sent: [], dropped: [dropOf(STORED.event, blocked)], kept: [] })
    await settle()
    expect(value(actor.getSnapshot())).toBe('idle')
    expect(actor.getSnapshot().context.drops.map((drop) => drop.id)).toEqual([STORED.event.id])
    actor.send({ type: 'publishQueue.dismissed', id: STORED.event.id })
    expect(actor.getSnapshot().context.drops).toEqual([])
  })

  it('a store that cannot be read is reported; what is queued now still waits', async () => {
    const { actor, fakes } = start(false)
    fakes.recorder.pending('load').reject(new Error(LOAD_FAILED))
    await settle()
    expect(actor.getSnapshot().context.error).toBe(LOAD_FAILED)
    actor.send({ type: 'publishQueue.added', entry: NEW })
    expect(value(actor.getSnapshot())).toBe('waiting')
  })
})

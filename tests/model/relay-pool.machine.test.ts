import { getStateNodes } from '@xstate/graph'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type Actor,
  type AnyStateMachine,
  assign,
  createActor,
  createMachine,
  fromCallback,
} from 'xstate'
import { canRead } from '../../src/core/relays/relay-permission.ts'
import {
  HEALTH_CHECK_INTERVAL_MS,
  MAX_CONNECTIONS,
  MAX_CONNECTIONS_REACHED,
  MONITOR_INTERVAL_MS,
  POOL_DESTROYED,
  type PoolEntry,
  phaseOf,
  type RelayPoolContext,
  type RelayPoolEmitted,
  type RelayPoolEvent,
  type RelayPoolMachine,
  readSockets,
  relayPoolMachine,
  type SocketSnapshotEvent,
  type SocketView,
  STAGGER_DELAY_MS,
  STALE_AFTER_MS,
  socketId,
} from '../../src/machines/relay-pool.machine.ts'
import {
  type ConnectionCommand,
  type ConnectionEvent,
  maxAttemptsError,
  type SocketInput,
  socketMachine,
} from '../../src/machines/socket.machine.ts'
import {
  createModel,
  describePath,
  type EventSamples,
  type Harness,
  type Model,
  type ModelPath,
  modelPaths,
  walkPath,
} from './walk.ts'

const A = 'ws://a.example'
const B = 'ws://b.example'
const C = 'ws://c.example'
/** A readwrite relay and a write-only one. */
const RELAYS: PoolEntry[] = [
  { url: A, permission: 'readwrite' },
  { url: B, permission: 'write' },
]
const AT = 1_700_000_000_000
const HOUR = 3_600_000

// ---------------------------------------------------------------------------------------------
// Fakes: a passive stand-in socket. It records what the pool tells it and changes state only
// when the test says so (`fake.*`), so the pool's view of it changes only on the model's steps.

type FakeSocketEvent =
  | { type: 'fake.connecting' }
  | { type: 'fake.open' }
  | { type: 'fake.giveUp' }
  | { type: 'fake.closed' }
  | { type: 'relay.connect' }
  | { type: 'relay.disconnect' }
  | { type: 'relay.remove' }
  | { type: 'relay.send'; data: string }

interface Fakes {
  /** Pool commands (`relay.*`) each fake socket received, by relay. */
  received: Record<string, string[]>
  /** Every fake socket the pool spawned. */
  spawned: Array<{ url: string; getSnapshot(): { status: string } }>
  emitted: RelayPoolEmitted[]
}

function fakeSocket(fakes: Fakes) {
  return createMachine({
    types: {} as {
      input: SocketInput
      context: { url: string; lastError: string | null }
      events: FakeSocketEvent
    },
    context: ({ input }) => ({ url: input.url, lastError: null }),
    initial: 'idle',
    entry: ({ context, self }) => {
      fakes.spawned.push({ url: context.url, getSnapshot: () => self.getSnapshot() })
    },
    on: {
      'fake.connecting': { target: '.connecting' },
      'fake.open': { target: '.connected', actions: assign({ lastError: null }) },
      'fake.giveUp': {
        target: '.disconnected',
        actions: assign({ lastError: ({ context }) => maxAttemptsError(context.url) }),
      },
      'relay.remove': { target: '.closing', actions: 'record' },
      '*': { actions: 'record' },
    },
    states: {
      idle: {},
      connecting: { initial: 'attempt', states: { attempt: {} } },
      connected: {},
      disconnected: {},
      // Told to go: done when the test says its close completed.
      closing: { on: { 'fake.closed': 'removed', '*': {} } },
      removed: { type: 'final' },
    },
  }).provide({
    actions: {
      record: ({ context, event }) => {
        fakes.received[context.url] = [...(fakes.received[context.url] ?? []), event.type]
      },
    },
  })
}

function arrangeWith(machine: RelayPoolMachine) {
  const fakes: Fakes = { received: {}, spawned: [], emitted: [] }
  // The stand-in has the socket's input and commands, not its snapshot type.
  return { machine: machine.provide({ actors: { socket: fakeSocket(fakes) } as never }), fakes }
}

function start(relays: PoolEntry[] = RELAYS, machine: RelayPoolMachine = relayPoolMachine) {
  const { machine: provided, fakes } = arrangeWith(machine)
  const actor = createActor(provided, { input: { relays } })
  actor.on('*', (event) => fakes.emitted.push(event))
  actor.start()
  return { actor, fakes }
}

type PoolActor = Actor<RelayPoolMachine>

const child = (actor: PoolActor, url: string) => actor.getSnapshot().children[socketId(url)]

/** Have the relay's fake socket change state; the pool sees it through its snapshot. */
function drive(
  actor: PoolActor,
  url: string,
  type: 'fake.connecting' | 'fake.open' | 'fake.giveUp' | 'fake.closed',
) {
  // The fake socket takes its own test events; the pool's child type is the real socket's.
  child(actor, url)?.send({ type } as never)
}

/** Relays whose socket is closing: told to go, not done yet. */
const closingUrls = (actor: PoolActor) =>
  actor.getSnapshot().context.closing.map((socket) => socket.getSnapshot().context.url)

/** Relays whose fake socket the pool stopped, or that is done (the pool stops it then). */
const stopped = (fakes: Fakes) =>
  fakes.spawned.filter((fake) => fake.getSnapshot().status !== 'active').map((fake) => fake.url)

const relays = (length: number): PoolEntry[] =>
  Array.from({ length }, (_, i) => ({ url: `ws://r${i}.example`, permission: 'read' }))

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})
afterEach(() => {
  vi.useRealTimers()
})

// ---------------------------------------------------------------------------------------------
// Models. The walker advances the fake clock by one delay per step, so each model walks one kind
// of timer: the others are excluded from its samples and, where they could fire during a path,
// pushed an hour away with `provide`.

/** The delayed event types of `machine` for the named delay, given no samples: not walked. */
function skipDelays(machine: AnyStateMachine, ...delays: string[]): Record<string, []> {
  const nodes = [machine.root, ...getStateNodes(machine.root)]
  return Object.fromEntries(
    nodes.flatMap((node) =>
      node.after
        .filter((transition) => delays.includes(String(transition.delay)))
        .map((transition) => [transition.eventType, []]),
    ),
  )
}

const POOL_EVENTS: ReadonlyArray<RelayPoolEvent['type']> = [
  'pool.add',
  'pool.remove',
  'pool.setPermission',
  'pool.connect',
  'pool.connectAll',
  'pool.reset',
  'pool.forceClean',
  'pool.destroy',
  'pool.requestSucceeded',
  'pool.requestFailed',
  'pool.activity',
  'pool.eventRejected',
]

/** Samples for a model that walks only the given events: every other pool event is left out. */
function only(samples: EventSamples<RelayPoolMachine>): EventSamples<RelayPoolMachine> {
  const left = POOL_EVENTS.filter((type) => !(type in samples)).map((type) => [type, []])
  return { ...Object.fromEntries(left), ...samples }
}

const snapshotOf = (url: string, value: SocketView['value'], lastError: string | null = null) =>
  ({
    type: `xstate.snapshot.socket:${url}`,
    snapshot: { value, context: { url, lastError } },
  }) satisfies SocketSnapshotEvent

const isSnapshotEvent = (event: { type: string }): event is SocketSnapshotEvent =>
  'snapshot' in event

const doneOf = (url: string) => ({ type: `xstate.done.actor.socket:${url}` }) as const

const socketSamples = {
  [`xstate.snapshot.socket:${A}`]: [
    snapshotOf(A, { connecting: 'attempt' }),
    snapshotOf(A, 'connected'),
    snapshotOf(A, 'disconnected', maxAttemptsError(A)),
  ],
}

/** The pool's state, with counters folded to the classes that change behaviour. */
function poolKey(snapshot: { value: unknown; context: RelayPoolContext }): string {
  const { context } = snapshot
  return JSON.stringify({
    value: snapshot.value,
    entries: context.entries,
    closing: context.closing.map((socket) => socket.id),
    phase: context.phase,
    queue: context.queue,
    idle: context.idleTicks,
    lastError: context.lastError,
    // Health and rejection counts steer nothing in the pool: which relays have any is enough.
    health: Object.keys(context.health),
    rejected: Object.keys(context.rejected),
  })
}

function harnessFor(model: Model<RelayPoolMachine>): Harness<RelayPoolMachine, Fakes> {
  return {
    arrange: () => arrangeWith(model.options.machine),
    observe: (actor, fakes) => {
      actor.on('*', (event) => fakes.emitted.push(event))
    },
    deliver: {
      // A closing socket whose close completed: the fake is done, and xstate tells the pool.
      ...Object.fromEntries(
        [A, B, C].map((url) => [
          doneOf(url).type,
          (event: { type: string }, { actor }: { actor: PoolActor }) => {
            if (closingUrls(actor).includes(url)) drive(actor, url, 'fake.closed')
            else actor.send(event as never)
          },
        ]),
      ),
      [`xstate.snapshot.socket:${A}`]: (event, { actor }) => {
        if (!isSnapshotEvent(event)) throw new Error('expected a socket snapshot')
        // A removed relay's closing socket tells the pool nothing more: the pool ignores it.
        if (closingUrls(actor).includes(A)) return actor.send(event)
        const value = event.snapshot.value
        const type =
          value === 'connected'
            ? 'fake.open'
            : value === 'disconnected'
              ? 'fake.giveUp'
              : 'fake.connecting'
        drive(actor, A, type)
      },
    },
    states: {
      '*': (snapshot, { actor, fakes, expected }) => {
        const { context } = snapshot
        // One socket per relay, in pool order, and a phase for each.
        expect(context.sockets.map((s) => s.id)).toEqual(
          context.entries.map((e) => socketId(e.url)),
        )
        expect(Object.keys(context.phase).sort()).toEqual(context.entries.map((e) => e.url).sort())
        for (const url of context.queue) expect(context.entries.map((e) => e.url)).toContain(url)
        // A read relay is either waiting for its turn or was told to connect.
        for (const entry of context.entries) {
          if (!canRead(entry.permission) || snapshot.matches('destroyed')) continue
          const told = fakes.received[entry.url]?.includes('relay.connect') ?? false
          expect(context.queue.includes(entry.url) || told, `${entry.url} queued or told`).toBe(
            true,
          )
        }
        expect(context.entries.length).toBeLessThanOrEqual(MAX_CONNECTIONS)
        // A refusal is always announced.
        if (context.lastError === POOL_DESTROYED) {
          expect(fakes.emitted).toContainEqual({ type: 'pool.error', message: POOL_DESTROYED })
        }
        expect(Object.keys(actor.getSnapshot().children).sort()).toEqual(
          Object.keys(expected.children).sort(),
        )
        // A removed relay's socket is told to go and lives until its close completed.
        for (const socket of context.closing) {
          const { url } = socket.getSnapshot().context
          expect(fakes.received[url]?.at(-1)).toBe('relay.remove')
          expect(socket.getSnapshot().status).toBe('active')
          expect(context.entries.map((e) => e.url)).not.toContain(url)
        }
      },
      'active.connector.ready': (snapshot) => {
        expect(snapshot.context.queue).toEqual([])
      },
      destroyed: (snapshot, { actor, fakes }) => {
        expect(snapshot.context.sockets).toEqual([])
        expect(Object.keys(snapshot.children).sort()).toEqual(
          snapshot.context.closing.map((socket) => socket.id).sort(),
        )
        for (const url of Object.keys(fakes.received)) {
          expect(fakes.received[url]?.at(-1)).toBe('relay.remove')
          expect([...stopped(fakes), ...closingUrls(actor)]).toContain(url)
        }
      },
    },
  }
}

/** describePath with socket snapshots told as `socket <url> <phase>`. */
function pathName(path: ModelPath): string {
  return describePath({
    steps: path.steps.map(({ event }) =>
      isSnapshotEvent(event)
        ? {
            event: {
              type: `socket ${event.snapshot.context.url} ${phaseOf(event.snapshot.value)}`,
            },
          }
        : { event },
    ),
  })
}

function walkAll(
  name: string,
  model: Model<RelayPoolMachine>,
  check?: (paths: ReturnType<typeof modelPaths>) => void,
) {
  describe(name, () => {
    const paths = modelPaths(model, 'shortest')
    if (check) it('covers what it should', () => check(paths))
    const harness = harnessFor(model)
    it.each(paths.map((path) => [pathName(path), path] as const))('%s', (_name, path) =>
      walkPath(model, path, harness),
    )
  })
}

const stepTypes = (paths: ReturnType<typeof modelPaths>) =>
  new Set(
    paths.flatMap((path) =>
      path.steps.map((step) => step.event.type.split('.').slice(0, 3).join('.')),
    ),
  )

// Membership, permissions, the staggered connector, reset and destroy. Health records, activity
// and rejections steer nothing here: the scenarios below cover them.
const structureSamples: EventSamples<RelayPoolMachine> = only({
  'pool.add': [{ type: 'pool.add', url: C, permission: 'read' }],
  'pool.remove': [{ type: 'pool.remove', url: A }],
  'pool.setPermission': [
    { type: 'pool.setPermission', url: A, permission: 'write' },
    { type: 'pool.setPermission', url: B, permission: 'readwrite' },
  ],
  'pool.connect': [{ type: 'pool.connect', url: B }],
  'pool.connectAll': [{ type: 'pool.connectAll' }],
  'pool.reset': [{ type: 'pool.reset' }],
  'pool.forceClean': [{ type: 'pool.forceClean' }],
  'pool.destroy': [{ type: 'pool.destroy' }],
  ...socketSamples,
  ...Object.fromEntries([A, B, C].map((url) => [doneOf(url).type, [doneOf(url)]])),
  ...skipDelays(relayPoolMachine, 'healthCheckInterval', 'monitorInterval'),
})

walkAll(
  'relay pool model: membership, permissions, staggered connects, destroy',
  createModel({
    machine: relayPoolMachine,
    input: { relays: RELAYS },
    samples: structureSamples,
    serializeState: poolKey,
  }),
  (paths) => {
    const types = stepTypes(paths)
    for (const type of [
      'pool.add',
      'pool.remove',
      'pool.setPermission',
      'pool.destroy',
      'pool.reset',
      'xstate.done.actor',
    ]) {
      expect(types).toContain(type)
    }
    expect(types).toContain('xstate.after.staggerDelay')
    expect(types).not.toContain('xstate.after.healthCheckInterval')
  },
)

// The health check alone: stagger and monitor an hour away.
const healthCheckMachine = relayPoolMachine.provide({
  delays: { staggerDelay: HOUR, monitorInterval: HOUR },
})
walkAll(
  'relay pool model: the 30 s health check',
  createModel({
    machine: healthCheckMachine,
    input: { relays: RELAYS },
    samples: only({
      ...socketSamples,
      ...skipDelays(healthCheckMachine, 'staggerDelay', 'monitorInterval'),
    }),
    serializeState: poolKey,
  }),
  (paths) => expect(stepTypes(paths)).toContain('xstate.after.healthCheckInterval'),
)

// The stale-connection monitor alone: stagger and health check an hour away.
const monitorMachine = relayPoolMachine.provide({
  delays: { staggerDelay: HOUR, healthCheckInterval: HOUR },
})
walkAll(
  'relay pool model: the 60 s monitor closes stale connections',
  createModel({
    machine: monitorMachine,
    input: { relays: RELAYS },
    samples: only({
      'pool.activity': [{ type: 'pool.activity', url: A }],
      'pool.forceClean': [{ type: 'pool.forceClean' }],
      [`xstate.snapshot.socket:${A}`]: [snapshotOf(A, 'connected')],
      ...skipDelays(monitorMachine, 'staggerDelay', 'healthCheckInterval'),
    }),
    serializeState: poolKey,
  }),
  (paths) => {
    // Some path idles long enough for A to be closed as stale and queued again.
    const cleaned = paths.some((path) =>
      path.steps.some(
        (step) =>
          step.event.type.startsWith('xstate.after.monitorInterval') &&
          step.state.context.queue.includes(A),
      ),
    )
    expect(cleaned).toBe(true)
  },
)

// ---------------------------------------------------------------------------------------------
// Scenarios with exact timings and texts.

describe('relay pool scenarios', () => {
  it('connects read relays 100 ms apart, and leaves write and indexer relays idle', () => {
    const { fakes } = start([
      { url: A, permission: 'readwrite' },
      { url: B, permission: 'write' },
      { url: C, permission: 'read' },
      { url: 'ws://d.example', permission: 'indexer' },
      { url: 'ws://e.example', permission: 'read' },
    ])
    const told = () =>
      Object.keys(fakes.received).filter((url) => fakes.received[url]?.includes('relay.connect'))
    expect(told()).toEqual([A])
    vi.advanceTimersByTime(STAGGER_DELAY_MS - 1)
    expect(told()).toEqual([A])
    vi.advanceTimersByTime(1)
    expect(told()).toEqual([A, C])
    vi.advanceTimersByTime(STAGGER_DELAY_MS)
    expect(told()).toEqual([A, C, 'ws://e.example'])
    vi.advanceTimersByTime(10 * STAGGER_DELAY_MS)
    expect(told()).toEqual([A, C, 'ws://e.example'])
  })

  it('a relay added while others wait takes its turn in the queue', () => {
    const { actor, fakes } = start([
      { url: A, permission: 'read' },
      { url: B, permission: 'read' },
    ])
    actor.send({ type: 'pool.add', url: C, permission: 'readwrite' })
    expect(actor.getSnapshot().context.queue).toEqual([B, C])
    vi.advanceTimersByTime(STAGGER_DELAY_MS)
    expect(fakes.received[C]).toBeUndefined()
    vi.advanceTimersByTime(STAGGER_DELAY_MS)
    expect(fakes.received[C]).toEqual(['relay.connect'])
  })

  it('refuses the 21st relay with the exact text', () => {
    const { actor, fakes } = start(relays(MAX_CONNECTIONS - 1))
    actor.send({ type: 'pool.add', url: A, permission: 'read' })
    expect(actor.getSnapshot().context.entries).toHaveLength(20)
    expect(actor.getSnapshot().context.lastError).toBeNull()
    actor.send({ type: 'pool.add', url: B, permission: 'read' })
    const { context } = actor.getSnapshot()
    expect(context.lastError).toBe('Maximum connections (20) reached')
    expect(MAX_CONNECTIONS_REACHED).toBe('Maximum connections (20) reached')
    expect(fakes.emitted).toEqual([
      { type: 'pool.error', message: 'Maximum connections (20) reached' },
    ])
    expect(context.entries).toHaveLength(20)
    expect(context.sockets).toHaveLength(20)
    expect(child(actor, B)).toBeUndefined()
    // Room again after a removal.
    actor.send({ type: 'pool.remove', url: A })
    actor.send({ type: 'pool.add', url: B, permission: 'read' })
    expect(actor.getSnapshot().context.entries.map((e) => e.url)).toContain(B)
  })

  it('keeps the first 20 of a longer configured list', () => {
    const { actor } = start(relays(MAX_CONNECTIONS + 1))
    const { context } = actor.getSnapshot()
    expect(context.entries).toEqual(relays(MAX_CONNECTIONS))
    expect(context.lastError).toBe(MAX_CONNECTIONS_REACHED)
  })

  it('a relay added again while its old socket closes gets a new socket; the old one is stopped', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'pool.remove', url: A })
    const old = child(actor, A)
    actor.send({ type: 'pool.add', url: A, permission: 'read' })
    expect(old?.getSnapshot().status).toBe('stopped')
    expect(actor.getSnapshot().context.closing).toEqual([])
    expect(child(actor, A)).not.toBe(old)
    expect(child(actor, A)?.getSnapshot().status).toBe('active')
    expect(fakes.spawned.filter((fake) => fake.url === A)).toHaveLength(2)
  })

  it('ignores a relay added twice', () => {
    const { actor } = start()
    actor.send({ type: 'pool.add', url: A, permission: 'read' })
    expect(actor.getSnapshot().context.entries).toEqual(RELAYS)
  })

  it('once destroyed, refuses every operation with the exact text', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'pool.destroy' })
    expect(actor.getSnapshot().value).toBe('destroyed')
    expect(actor.getSnapshot().status).toBe('active')
    expect(actor.getSnapshot().context.sockets).toEqual([])
    // Every socket closes; each is stopped once its close completed.
    expect(closingUrls(actor)).toEqual([A, B])
    for (const url of [A, B]) {
      expect(fakes.received[url]?.at(-1)).toBe('relay.remove')
      drive(actor, url, 'fake.closed')
      expect(stopped(fakes)).toContain(url)
    }
    expect(actor.getSnapshot().context.closing).toEqual([])
    expect(actor.getSnapshot().children).toEqual({})
    const operations: RelayPoolEvent[] = [
      { type: 'pool.add', url: C, permission: 'read' },
      { type: 'pool.remove', url: A },
      { type: 'pool.setPermission', url: A, permission: 'read' },
      { type: 'pool.connect', url: A },
      { type: 'pool.connectAll' },
      { type: 'pool.reset' },
      { type: 'pool.forceClean' },
      { type: 'pool.destroy' },
      { type: 'pool.requestSucceeded', url: A, responseMs: 1, at: AT },
      { type: 'pool.requestFailed', url: A, at: AT },
      { type: 'pool.activity', url: A },
      { type: 'pool.eventRejected', url: A, count: 1 },
    ]
    for (const operation of operations) {
      fakes.emitted.length = 0
      actor.send(operation)
      expect(actor.getSnapshot().context.lastError, operation.type).toBe(
        'RelayConnectionPool has been destroyed',
      )
      expect(fakes.emitted).toEqual([
        { type: 'pool.error', message: 'RelayConnectionPool has been destroyed' },
      ])
    }
    expect(POOL_DESTROYED).toBe('RelayConnectionPool has been destroyed')
    expect(actor.getSnapshot().context.entries).toEqual([])
    // No timer survives.
    const before = JSON.stringify(fakes.received)
    vi.advanceTimersByTime(10 * MONITOR_INTERVAL_MS)
    expect(JSON.stringify(fakes.received)).toBe(before)
  })

  it('pool.remove tells the socket to go, forgets the relay, and stops the socket once closed', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'pool.requestFailed', url: A, at: AT })
    actor.send({ type: 'pool.eventRejected', url: A, count: 1 })
    actor.send({ type: 'pool.remove', url: A })
    const { context } = actor.getSnapshot()
    expect(fakes.received[A]).toEqual(['relay.connect', 'relay.remove'])
    // Closing: it still holds its WebSocket, so it still counts, until its close completed.
    expect(stopped(fakes)).toEqual([])
    expect(closingUrls(actor)).toEqual([A])
    drive(actor, A, 'fake.closed')
    expect(stopped(fakes)).toEqual([A])
    expect(actor.getSnapshot().context.closing).toEqual([])
    expect(context.entries).toEqual([RELAYS[1]])
    expect(context.phase).toEqual({ [B]: 'idle' })
    expect(context.health).toEqual({})
    // What was dropped for bad signatures stays on record.
    expect(context.rejected).toEqual({ [A]: 1 })
    actor.send({ type: 'pool.remove', url: A })
    expect(fakes.received[A]).toEqual(['relay.connect', 'relay.remove'])
  })

  it('becoming read-capable connects; any other permission disconnects', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'pool.setPermission', url: B, permission: 'read' })
    vi.advanceTimersByTime(STAGGER_DELAY_MS)
    expect(fakes.received[B]).toEqual(['relay.connect'])
    for (const permission of ['write', 'indexer'] as const) {
      actor.send({ type: 'pool.setPermission', url: A, permission })
      expect(fakes.received[A]?.at(-1)).toBe('relay.disconnect')
    }
    expect(actor.getSnapshot().context.entries).toEqual([
      { url: A, permission: 'indexer' },
      { url: B, permission: 'read' },
    ])
    expect(readSockets(actor.getSnapshot().context).map((s) => s.id)).toEqual([socketId(B)])
  })

  it('pool.connect connects a write relay on demand', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'pool.connect', url: B })
    vi.advanceTimersByTime(STAGGER_DELAY_MS)
    expect(fakes.received[B]).toEqual(['relay.connect'])
  })

  it('records health: healthy after 2 successes, unhealthy after 3 consecutive failures', () => {
    const { actor } = start()
    actor.send({ type: 'pool.requestSucceeded', url: A, responseMs: 100, at: AT })
    expect(actor.getSnapshot().context.health[A]?.isHealthy).toBe(false)
    actor.send({ type: 'pool.requestSucceeded', url: A, responseMs: 300, at: AT + 1 })
    expect(actor.getSnapshot().context.health[A]).toMatchObject({
      successCount: 2,
      isHealthy: true,
      averageResponseTime: 200,
      lastSuccess: AT + 1,
    })
    for (let i = 0; i < 3; i++) actor.send({ type: 'pool.requestFailed', url: A, at: AT + 10 + i })
    expect(actor.getSnapshot().context.health[A]).toMatchObject({
      consecutiveFailures: 3,
      isHealthy: false,
      lastFailure: AT + 12,
      totalRequests: 5,
    })
    // Unknown relays are not recorded.
    actor.send({ type: 'pool.requestFailed', url: C, at: AT })
    expect(actor.getSnapshot().context.health[C]).toBeUndefined()
  })

  it('follows each socket and announces one that gave up', () => {
    const { actor, fakes } = start()
    drive(actor, A, 'fake.connecting')
    expect(actor.getSnapshot().context.phase[A]).toBe('connecting')
    drive(actor, A, 'fake.giveUp')
    expect(actor.getSnapshot().context.phase[A]).toBe('disconnected')
    expect(fakes.emitted).toEqual([{ type: 'pool.relayUnreachable', url: A }])
    drive(actor, A, 'fake.open')
    expect(actor.getSnapshot().context.phase[A]).toBe('connected')
  })

  it('pool.reset closes every socket, clears errors and idle counts, reconnects read relays', () => {
    const { actor, fakes } = start(relays(MAX_CONNECTIONS + 1))
    vi.advanceTimersByTime(MAX_CONNECTIONS * STAGGER_DELAY_MS)
    actor.send({ type: 'pool.reset' })
    expect(actor.getSnapshot().context.lastError).toBeNull()
    // The first read relay is told at once, the others 100 ms apart.
    for (const { url } of relays(MAX_CONNECTIONS).slice(1)) {
      expect(fakes.received[url]?.at(-1)).toBe('relay.disconnect')
    }
    vi.advanceTimersByTime(MAX_CONNECTIONS * STAGGER_DELAY_MS)
    for (const { url } of relays(MAX_CONNECTIONS)) {
      expect(fakes.received[url]).toEqual(['relay.connect', 'relay.disconnect', 'relay.connect'])
    }
  })

  it('closes and reopens a connection idle for more than 5 minutes, not one in use', () => {
    const { actor, fakes } = start([
      { url: A, permission: 'read' },
      { url: C, permission: 'read' },
    ])
    drive(actor, A, 'fake.open')
    drive(actor, C, 'fake.open')
    // C shows activity every minute (frames from the relay); A shows none.
    for (let minute = 1; minute <= STALE_AFTER_MS / MONITOR_INTERVAL_MS; minute++) {
      vi.advanceTimersByTime(MONITOR_INTERVAL_MS)
      actor.send({ type: 'pool.activity', url: C })
    }
    expect(fakes.received[A]).toEqual(['relay.connect'])
    // Past 5 minutes idle: the next tick closes A and connects it again (the queue is free).
    vi.advanceTimersByTime(MONITOR_INTERVAL_MS)
    expect(fakes.received[A]).toEqual(['relay.connect', 'relay.disconnect', 'relay.connect'])
    expect(fakes.received[C]).toEqual(['relay.connect'])
  })

  it('pool.forceClean closes only stale connections', () => {
    const { actor, fakes } = start([{ url: A, permission: 'read' }])
    drive(actor, A, 'fake.open')
    actor.send({ type: 'pool.forceClean' })
    expect(fakes.received[A]).toEqual(['relay.connect'])
    vi.advanceTimersByTime(5 * MONITOR_INTERVAL_MS)
    actor.send({ type: 'pool.forceClean' })
    expect(fakes.received[A]).toEqual(['relay.connect'])
    actor.send({ type: 'pool.requestSucceeded', url: A, responseMs: 10, at: AT })
    vi.advanceTimersByTime(5 * MONITOR_INTERVAL_MS)
    expect(actor.getSnapshot().context.idleTicks[A]).toBe(5)
  })

  it('counts rejected events per relay, exactly', () => {
    const { actor } = start()
    actor.send({ type: 'pool.eventRejected', url: B, count: 2 })
    actor.send({ type: 'pool.eventRejected', url: B, count: 1 })
    actor.send({ type: 'pool.eventRejected', url: A, count: 1 })
    expect(actor.getSnapshot().context.rejected).toEqual({ [B]: 3, [A]: 1 })
  })
})

// ---------------------------------------------------------------------------------------------
// With real socket machines over fake connections: the health check brings relays back.

interface FakeConnection {
  url: string
  stopped: boolean
  report: (event: ConnectionEvent) => void
}

function startReal(relays: PoolEntry[]) {
  const connections: FakeConnection[] = []
  const connection = fromCallback<ConnectionCommand, SocketInput>(({ input, sendBack }) => {
    const fake: FakeConnection = { url: input.url, stopped: false, report: (e) => sendBack(e) }
    connections.push(fake)
    return () => {
      fake.stopped = true
    }
  })
  const socket = socketMachine.provide({ actors: { connection } })
  const actor = createActor(relayPoolMachine.provide({ actors: { socket } }), { input: { relays } })
  const emitted: RelayPoolEmitted[] = []
  actor.on('*', (event) => emitted.push(event))
  // The app's answer to an unreachable relay: a failed request, stamped with the time.
  actor.on('pool.relayUnreachable', ({ url }) =>
    actor.send({ type: 'pool.requestFailed', url, at: Date.now() }),
  )
  actor.start()
  const opened = (url: string) => connections.filter((c) => c.url === url).length
  const open = (url: string) => {
    const live = connections.filter((c) => c.url === url && !c.stopped).at(-1)
    if (!live) throw new Error(`no live connection for ${url}`)
    live.report({ type: 'socket.opened', at: Date.now() })
  }
  const drop = (url: string) => {
    const live = connections.filter((c) => c.url === url && !c.stopped).at(-1)
    live?.report({ type: 'socket.closed', code: 1006, reason: '' })
  }
  return { actor, emitted, opened, open, drop }
}

describe('relay pool with real sockets', () => {
  it('the health check reconnects when no read relay is connected', () => {
    const { actor, emitted, opened } = startReal([{ url: A, permission: 'read' }])
    expect(actor.getSnapshot().context.phase[A]).toBe('connecting')
    // 3 attempts of 5 s, 2 s apart: given up at 19 s.
    vi.advanceTimersByTime(19_000)
    expect(opened(A)).toBe(3)
    expect(actor.getSnapshot().context.phase[A]).toBe('disconnected')
    expect(emitted).toContainEqual({ type: 'pool.relayUnreachable', url: A })
    expect(actor.getSnapshot().context.health[A]).toMatchObject({
      consecutiveFailures: 1,
      lastFailure: 19_000,
    })
    vi.advanceTimersByTime(HEALTH_CHECK_INTERVAL_MS - 19_000 - 1)
    expect(opened(A)).toBe(3)
    vi.advanceTimersByTime(1)
    expect(opened(A)).toBe(4)
    expect(actor.getSnapshot().context.phase[A]).toBe('connecting')
  })

  it('the health check restarts a relay stuck reconnecting when none is connected', () => {
    const { actor, opened, open, drop } = startReal([{ url: A, permission: 'read' }])
    open(A)
    expect(actor.getSnapshot().context.phase[A]).toBe('connected')
    vi.advanceTimersByTime(1_000)
    drop(A)
    expect(actor.getSnapshot().context.phase[A]).toBe('connecting')
    // Reconnect tries open at 4 s, 15 s and 29 s (3, 6, 9 s back-offs after 5 s timeouts).
    vi.advanceTimersByTime(HEALTH_CHECK_INTERVAL_MS - 1_000 - 1)
    expect(opened(A)).toBe(4)
    const socket = actor.getSnapshot().children[socketId(A)]
    expect(socket?.getSnapshot().context.reconnectTry).toBe(3)
    // At 30 s: nothing connected, so the socket is stopped and starts a fresh first connect.
    vi.advanceTimersByTime(1)
    expect(opened(A)).toBe(5)
    expect(socket?.getSnapshot().value).toEqual({ connecting: 'attempt' })
    expect(socket?.getSnapshot().context).toMatchObject({ connectionAttempts: 1, reconnectTry: 0 })
  })

  it('a relay that connects has the read relays waiting to reconnect try now', () => {
    const { actor, opened, open, drop } = startReal([
      { url: A, permission: 'read' },
      { url: B, permission: 'write' },
      { url: C, permission: 'read' },
    ])
    const socket = (url: string) => actor.getSnapshot().children[socketId(url)]!
    open(A)
    vi.advanceTimersByTime(STAGGER_DELAY_MS)
    open(C)
    vi.advanceTimersByTime(2_000)
    // The network goes: C drops, then A; C's first try (3 s on) times out 5 s later.
    drop(C)
    vi.advanceTimersByTime(4_000)
    drop(A)
    vi.advanceTimersByTime(4_500)
    expect(socket(C).getSnapshot().value).toEqual({ reconnecting: 'backoff' })
    expect(socket(C).getSnapshot().context.reconnectTry).toBe(2)
    expect(opened(C)).toBe(2)
    // C waits 6 s more; A's first try is under way, and it opens: the network is back.
    expect(socket(A).getSnapshot().value).toEqual({ reconnecting: 'attempt' })
    open(A)
    vi.advanceTimersByTime(STAGGER_DELAY_MS)
    expect(opened(C)).toBe(3)
    expect(socket(C).getSnapshot().value).toEqual({ reconnecting: 'attempt' })
    expect(socket(C).getSnapshot().context.reconnectTry).toBe(2)
    open(C)
    expect(actor.getSnapshot().context.phase[C]).toBe('connected')
    // The write relay is not opened for it.
    expect(opened(B)).toBe(0)
  })

  it('a relay that connects leaves one that gave up to the health check: no pile of failures', () => {
    const { actor, opened, open } = startReal([
      { url: A, permission: 'read' },
      { url: C, permission: 'read' },
    ])
    // Neither answers: 3 attempts each, given up by 19.1 s, one failure each on record.
    vi.advanceTimersByTime(STAGGER_DELAY_MS + 19_000)
    expect(actor.getSnapshot().context.phase).toEqual({ [A]: 'disconnected', [C]: 'disconnected' })
    // A request connects A at 20 s, and it opens: C is not asked again for it.
    vi.advanceTimersByTime(900)
    actor.send({ type: 'pool.connect', url: A })
    vi.advanceTimersByTime(STAGGER_DELAY_MS)
    open(A)
    vi.advanceTimersByTime(1_000)
    expect(opened(C)).toBe(3)
    expect(actor.getSnapshot().context.health[C]).toMatchObject({ consecutiveFailures: 1 })
    // The health check, at 30 s, does.
    vi.advanceTimersByTime(HEALTH_CHECK_INTERVAL_MS - Date.now())
    expect(opened(C)).toBe(4)
  })

  it('while a read relay is connected, the health check retries the ones that gave up', () => {
    const { actor, opened, open } = startReal([
      { url: A, permission: 'read' },
      { url: C, permission: 'read' },
    ])
    open(A)
    vi.advanceTimersByTime(STAGGER_DELAY_MS + 19_000)
    expect(actor.getSnapshot().context.phase[C]).toBe('disconnected')
    expect(opened(C)).toBe(3)
    vi.advanceTimersByTime(HEALTH_CHECK_INTERVAL_MS - STAGGER_DELAY_MS - 19_000)
    expect(opened(C)).toBe(4)
    expect(opened(A)).toBe(1)
    expect(actor.getSnapshot().context.phase[A]).toBe('connected')
  })
})

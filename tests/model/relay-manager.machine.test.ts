import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { parseRuntimeConfig } from '../../src/core/platform/runtime-config.ts'
import {
  newHealth,
  type RelayHealth,
  recordFailure,
  recordSuccess,
} from '../../src/core/relays/relay-health.ts'
import {
  EVALUATE_INTERVAL_MS,
  MAX_RELAYS,
  MIN_HEALTHY,
  RESPONSE_THRESHOLD_MS,
  type RelayManagerContext,
  type RelayManagerEmitted,
  type RelayManagerInput,
  type RelayManagerMachine,
  relayManagerMachine,
  verdict,
} from '../../src/machines/relay-manager.machine.ts'
import {
  createModel,
  describePath,
  type Harness,
  type ModelPath,
  modelPaths,
  walkPath,
} from './walk.ts'

const AT = 1_700_000_000_000

/**
 * A health record after `successes` answers of `responseMs` from `answeredAt` on, and then
 * `failures` failures, 10 ms apart from AT + 100.
 */
function health(
  url: string,
  successes: number,
  failures = 0,
  responseMs = 200,
  answeredAt = AT,
): RelayHealth {
  let record = newHealth(url)
  for (let i = 0; i < successes; i++) record = recordSuccess(record, responseMs, answeredAt + i)
  for (let i = 0; i < failures; i++) record = recordFailure(record, AT + 100 + 10 * i)
  return record
}

/** Answering while a failing relay fails (AT + 100 to AT + 120): the network works. */
const reliable = (url: string) => health(url, 2, 0, 200, AT + 105)
const failing = (url: string) => health(url, 2, 3)
const slow = (url: string) => health(url, 2, 0, RESPONSE_THRESHOLD_MS + 1)
/** Answered before the failures began, and not asked since. */
const quietSince = (url: string) => health(url, 2)

const byUrl = (...records: RelayHealth[]): Record<string, RelayHealth> =>
  Object.fromEntries(records.map((record) => [record.url, record]))

function start(input: RelayManagerInput) {
  const actor = createActor(relayManagerMachine, { input })
  const emitted: RelayManagerEmitted[] = []
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  return { actor, emitted }
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})
afterEach(() => {
  vi.useRealTimers()
})

// ---------------------------------------------------------------------------------------------
// Model: a small world. Active A, B and X (blacklisted); recommended R1, X (blacklisted), R2;
// fallback F1 and R1.

const [A, B, X, R1, R2, F1] = ['wss://a', 'wss://b', 'wss://x', 'wss://r1', 'wss://r2', 'wss://f1']
const INPUT: RelayManagerInput = {
  recommended: [R1, X, R2],
  fallback: [F1, R1],
  blacklist: [X],
  active: [A, B, X],
}

interface Fakes {
  /** The pool as the manager's decisions (and the app's resyncs) would leave it. */
  pool: Set<string>
  /** Relays the manager removed so far. */
  removed: Set<string>
  emitted: RelayManagerEmitted[]
}

const healthSamples = [
  byUrl(failing(A), reliable(B)),
  // B sent a forged event while A is failing: B goes even though nothing is reliable.
  { ...byUrl(failing(A), reliable(B)), rejected: { [B]: 1 } },
  byUrl(reliable(A), slow(B), reliable(X)),
  byUrl(failing(A), failing(B), failing(X)),
  byUrl(reliable(A), reliable(B), reliable(X), reliable(R1), reliable(R2)),
  {},
]

/** The manager's state with health records folded to their verdicts. */
function managerKey(snapshot: { value: unknown; context: RelayManagerContext }): string {
  const { context } = snapshot
  return JSON.stringify({
    value: snapshot.value,
    active: context.active,
    demoted: context.demoted,
    trial: context.trial,
    verdicts: Object.values(context.health).map((record) => [
      record.url,
      verdict(record, context.rejected[record.url]),
    ]),
  })
}

/** describePath with each health sample named by its index, not spelled out. */
function name(path: ModelPath): string {
  return describePath({
    steps: path.steps.map(({ event }) => {
      if (!('health' in event)) return { event }
      const index = healthSamples.findIndex(
        ({ rejected = false, ...h }) =>
          JSON.stringify(h) === JSON.stringify(event.health) &&
          JSON.stringify(rejected) === JSON.stringify('rejected' in event && event.rejected),
      )
      return { event: { type: `manager.health#${index}` } }
    }),
  })
}

const model = createModel({
  machine: relayManagerMachine,
  input: INPUT,
  samples: {
    'manager.health': healthSamples.map(({ rejected, ...records }) => ({
      type: 'manager.health' as const,
      health: records as Record<string, RelayHealth>,
      ...(rejected ? { rejected: rejected as Record<string, number> } : {}),
    })),
    'manager.activeSet': [{ type: 'manager.activeSet', urls: [A, B] }],
    // The same evaluation as the 30 s timer, which the model walks instead (scenarios cover it).
    'manager.evaluate': [],
  },
  serializeState: managerKey,
})

const harness: Harness<RelayManagerMachine, Fakes> = {
  arrange: () => ({
    machine: relayManagerMachine,
    fakes: { pool: new Set(INPUT.active), removed: new Set(), emitted: [] },
  }),
  observe: (actor, fakes) => {
    actor.on('*', (event) => {
      fakes.emitted.push(event)
      if (event.type === 'manager.add') {
        // Never a blacklisted relay, nor one it demoted before.
        expect(INPUT.blacklist).not.toContain(event.url)
        expect(fakes.removed.has(event.url)).toBe(false)
        fakes.pool.add(event.url)
      } else {
        fakes.removed.add(event.url)
        fakes.pool.delete(event.url)
      }
    })
  },
  deliver: {
    'manager.activeSet': (event, { actor, fakes }) => {
      fakes.pool = new Set(event.urls)
      actor.send(event)
    },
  },
  states: {
    '*': (snapshot, { fakes }) => {
      const { context } = snapshot
      // The decisions, applied to a pool, give the manager's active set.
      expect([...fakes.pool].sort()).toEqual([...context.active].sort())
      expect(context.active.length).toBeLessThanOrEqual(MAX_RELAYS)
      // The latest reason a relay was removed for is the one on record.
      const lastReason: Record<string, string> = {}
      for (const event of fakes.emitted) {
        if (event.type === 'manager.add') expect(event.permission).toBe('readwrite')
        else lastReason[event.url] = event.reason
      }
      expect(lastReason).toEqual(context.demotedFor)
      expect([...fakes.removed].sort()).toEqual([...context.demoted].sort())
      expect(Object.keys(context.demotedFor).sort()).toEqual([...context.demoted].sort())
      expect(context.added.every((url) => !INPUT.blacklist.includes(url))).toBe(true)
    },
  },
}

describe('relay manager model', () => {
  const paths = modelPaths(model, 'shortest')

  it('demotes, adds and resyncs on some path', () => {
    const states: RelayManagerContext[] = paths.flatMap((path) =>
      path.steps.map((step) => step.state.context),
    )
    expect(
      states.some((context) => context.demoted.length > 0),
      'demotes',
    ).toBe(true)
    expect(
      states.some((context) => context.trial.length > 0),
      'adds',
    ).toBe(true)
    expect(
      states.some((context) => Object.values(context.demotedFor).includes('forged')),
      'demotes a forger',
    ).toBe(true)
    const types = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)))
    expect([...types].some((type) => type.startsWith('xstate.after.evaluateInterval'))).toBe(true)
    expect(types).toContain('manager.activeSet')
  })

  it.each(paths.map((path) => [name(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

// ---------------------------------------------------------------------------------------------
// Scenarios.

describe('relay manager scenarios', () => {
  const active = ['wss://a1', 'wss://a2', 'wss://a3', 'wss://a4', 'wss://a5']
  const recommended = ['wss://a1', 'wss://bad', 'wss://r1']
  const fallback = ['wss://f1', 'wss://f2', 'wss://f3']

  it('evaluates every 30 s, and does nothing while all is well', () => {
    const { actor, emitted } = start({ recommended, fallback, blacklist: [], active })
    actor.send({ type: 'manager.health', health: byUrl(...active.map(reliable)) })
    vi.advanceTimersByTime(EVALUATE_INTERVAL_MS * 3)
    expect(emitted).toEqual([])
    expect(actor.getSnapshot().context.active).toEqual(active)
  })

  it('demotes a relay after 3 consecutive failures and adds relays while under 5 healthy', () => {
    const { actor, emitted } = start({
      recommended,
      fallback,
      blacklist: ['wss://bad'],
      active,
    })
    // a1..a5 healthy, then a5 fails 3 times in a row.
    const records = [...active.slice(0, 4).map(reliable), health('wss://a5', 2, 2)]
    actor.send({ type: 'manager.health', health: byUrl(...records) })
    vi.advanceTimersByTime(EVALUATE_INTERVAL_MS)
    expect(emitted).toEqual([])
    actor.send({ type: 'manager.health', health: byUrl(...records, failing('wss://a5')) })
    vi.advanceTimersByTime(EVALUATE_INTERVAL_MS - 1)
    expect(emitted).toEqual([])
    vi.advanceTimersByTime(1)
    // Four healthy left: one more is wanted. a1 is active and 'bad' blacklisted: r1 is next.
    expect(emitted).toEqual([
      { type: 'manager.remove', url: 'wss://a5', reason: 'unhealthy' },
      { type: 'manager.add', url: 'wss://r1', permission: 'readwrite' },
    ])
    expect(actor.getSnapshot().context.active).toEqual([...active.slice(0, 4), 'wss://r1'])
    // r1 gets one interval to prove itself: nothing is added in the meantime...
    emitted.length = 0
    vi.advanceTimersByTime(EVALUATE_INTERVAL_MS)
    expect(emitted).toEqual([])
    // ...but it never answered, and a2 and a3 fail too: the fallbacks come in.
    actor.send({
      type: 'manager.health',
      health: byUrl(
        reliable('wss://a1'),
        failing('wss://a2'),
        failing('wss://a3'),
        reliable('wss://a4'),
      ),
    })
    vi.advanceTimersByTime(EVALUATE_INTERVAL_MS)
    expect(emitted).toEqual([
      { type: 'manager.remove', url: 'wss://a2', reason: 'unhealthy' },
      { type: 'manager.remove', url: 'wss://a3', reason: 'unhealthy' },
      { type: 'manager.add', url: 'wss://f1', permission: 'readwrite' },
      { type: 'manager.add', url: 'wss://f2', permission: 'readwrite' },
      { type: 'manager.add', url: 'wss://f3', permission: 'readwrite' },
    ])
    expect(actor.getSnapshot().context.demoted).toEqual(['wss://a5', 'wss://a2', 'wss://a3'])
    // Demoted relays are not added back, even when candidates run out.
    emitted.length = 0
    vi.advanceTimersByTime(EVALUATE_INTERVAL_MS * 2)
    expect(emitted.filter((e) => e.type === 'manager.add')).toEqual([])
  })

  it('demotes a relay slower than 5 s on average', () => {
    const { actor, emitted } = start({ recommended: [], fallback: [], blacklist: [], active })
    const records = [...active.slice(0, 4).map(reliable), slow('wss://a5')]
    actor.send({ type: 'manager.health', health: byUrl(...records) })
    actor.send({ type: 'manager.evaluate' })
    expect(emitted).toEqual([{ type: 'manager.remove', url: 'wss://a5', reason: 'slow' }])
    // Exactly 5 s is not slower than the threshold.
    expect(verdict(health('wss://x', 2, 0, RESPONSE_THRESHOLD_MS))).toBe('reliable')
    // One slow answer is not enough to judge.
    expect(verdict(health('wss://x', 1, 0, 60_000))).toBe('unproven')
  })

  it('keeps a reliable blacklisted relay, never adds one, and demotes one that fails', () => {
    const { actor, emitted } = start({
      recommended: ['wss://black', 'wss://r1'],
      fallback: ['wss://black2'],
      blacklist: ['wss://black', 'wss://black2', 'wss://mine'],
      active: ['wss://mine', 'wss://a1'],
    })
    actor.send({
      type: 'manager.health',
      health: byUrl(reliable('wss://mine'), reliable('wss://a1')),
    })
    actor.send({ type: 'manager.evaluate' })
    expect(emitted).toEqual([{ type: 'manager.add', url: 'wss://r1', permission: 'readwrite' }])
    expect(actor.getSnapshot().context.active).toContain('wss://mine')
    emitted.length = 0
    actor.send({
      type: 'manager.health',
      health: byUrl(failing('wss://mine'), reliable('wss://a1')),
    })
    actor.send({ type: 'manager.evaluate' })
    expect(emitted).toEqual([{ type: 'manager.remove', url: 'wss://mine', reason: 'unhealthy' }])
  })

  it('demotes a relay that sent a forged event, even while no relay is reliable', () => {
    const { actor, emitted } = start({ recommended: [], fallback: [], blacklist: [], active })
    actor.send({
      type: 'manager.health',
      health: byUrl(...active.map(failing)),
      rejected: { 'wss://a2': 1 },
    })
    actor.send({ type: 'manager.evaluate' })
    expect(emitted).toEqual([{ type: 'manager.remove', url: 'wss://a2', reason: 'forged' }])
    expect(actor.getSnapshot().context.demotedFor).toEqual({ 'wss://a2': 'forged' })
    expect(verdict(reliable('wss://x'), 1)).toBe('forged')
    expect(verdict(undefined, 0)).toBe('unproven')
  })

  it('demotes nothing while no relay is reliable (the network, not the relays)', () => {
    const { actor, emitted } = start({ recommended: [], fallback: [], blacklist: [], active })
    actor.send({ type: 'manager.health', health: byUrl(...active.map(failing)) })
    actor.send({ type: 'manager.evaluate' })
    expect(emitted).toEqual([])
    expect(actor.getSnapshot().context.active).toEqual(active)
  })

  it('demotes nothing when the relays asked all fail at once, though one not asked answered before', () => {
    const indexer = 'wss://indexer'
    const { actor, emitted } = start({
      recommended: [],
      fallback: [],
      blacklist: [],
      active: [...active, indexer],
    })
    // A phone out of reach: every relay the feed asked failed 3 times; the indexer, asked for
    // profiles at start, is still reliable on its record.
    actor.send({
      type: 'manager.health',
      health: byUrl(...active.map(failing), quietSince(indexer)),
    })
    actor.send({ type: 'manager.evaluate' })
    expect(verdict(quietSince(indexer))).toBe('reliable')
    expect(emitted).toEqual([])
    // Back in reach: one relay answers after the others' last failures; they have not been
    // asked since, so nothing says they still fail.
    actor.send({
      type: 'manager.health',
      health: byUrl(
        health('wss://a1', 3, 0, 200, AT + 200),
        ...active.slice(1).map(failing),
        quietSince(indexer),
      ),
    })
    actor.send({ type: 'manager.evaluate' })
    expect(emitted).toEqual([])
    // One fails again while another answers: that one is the relay's fault.
    const a2 = recordFailure(failing('wss://a2'), AT + 300)
    actor.send({
      type: 'manager.health',
      health: byUrl(
        health('wss://a1', 3, 0, 200, AT + 250),
        a2,
        ...active.slice(2).map(failing),
        quietSince(indexer),
      ),
    })
    actor.send({ type: 'manager.evaluate' })
    expect(emitted).toEqual([{ type: 'manager.remove', url: 'wss://a2', reason: 'unhealthy' }])
  })

  it('never grows the active set past 15', () => {
    const many = Array.from({ length: 14 }, (_, i) => `wss://m${i}`)
    const { actor, emitted } = start({
      recommended: ['wss://r1', 'wss://r2', 'wss://r3'],
      fallback: [],
      blacklist: [],
      active: many,
    })
    actor.send({ type: 'manager.evaluate' })
    expect(emitted).toEqual([{ type: 'manager.add', url: 'wss://r1', permission: 'readwrite' }])
    expect(actor.getSnapshot().context.active).toHaveLength(MAX_RELAYS)
    vi.advanceTimersByTime(EVALUATE_INTERVAL_MS * 4)
    expect(emitted).toHaveLength(1)
  })

  it('adds no more than the 5 healthy relays need', () => {
    const { actor, emitted } = start({
      recommended: ['wss://r1', 'wss://r2', 'wss://r3', 'wss://r4'],
      fallback: [],
      blacklist: [],
      active: ['wss://a1', 'wss://a2'],
    })
    actor.send({
      type: 'manager.health',
      health: byUrl(reliable('wss://a1'), reliable('wss://a2')),
    })
    actor.send({ type: 'manager.evaluate' })
    expect(emitted.map((e) => e.url)).toEqual(['wss://r1', 'wss://r2', 'wss://r3'])
    expect(MIN_HEALTHY).toBe(5)
  })

  it('follows the pool when the app reports its actual set', () => {
    const { actor, emitted } = start({
      recommended: ['wss://r1'],
      fallback: [],
      blacklist: [],
      active: ['wss://a1'],
    })
    actor.send({ type: 'manager.activeSet', urls: ['wss://a1', 'wss://r1', 'wss://a1'] })
    expect(actor.getSnapshot().context.active).toEqual(['wss://a1', 'wss://r1'])
    actor.send({ type: 'manager.evaluate' })
    expect(emitted).toEqual([])
  })

  it('auto remove and auto add can be turned off', () => {
    const { actor, emitted } = start({
      recommended: ['wss://r1'],
      fallback: [],
      blacklist: [],
      active,
      autoRemove: false,
      autoAdd: false,
    })
    actor.send({
      type: 'manager.health',
      health: byUrl(reliable('wss://a1'), failing('wss://a2'), slow('wss://a3')),
    })
    actor.send({ type: 'manager.evaluate' })
    expect(emitted).toEqual([])
  })

  it('with the public configuration: never adds a blacklisted recommended relay', () => {
    const config = parseRuntimeConfig(JSON.parse(readFileSync('public/config.json', 'utf8')))
    const { actor, emitted } = start({
      recommended: config.recommendedRelays,
      fallback: config.fallbackRelays,
      blacklist: config.blacklistedRelays,
      active: config.relays.map((relay) => relay.url),
    })
    expect(config.recommendedRelays).toHaveLength(8)
    expect(config.fallbackRelays).toHaveLength(5)
    expect(config.blacklistedRelays).toHaveLength(9)
    actor.send({ type: 'manager.evaluate' })
    // Nothing is reliable yet: five wanted. damus, nos.lol and primal are active; nostr.wine and
    // relay.nostr.bg are blacklisted; snort, offchain.pub and nostr.mom remain.
    expect(emitted.map((e) => e.url)).toEqual([
      'wss://relay.snort.social',
      'wss://offchain.pub',
      'wss://nostr.mom',
    ])
  })
})

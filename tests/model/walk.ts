/**
 * Model-based testing helper shared by every machine's model test.
 *
 * Paths are generated from the pure machine with @xstate/graph (a `TestModel` built directly, fed
 * the machine's own event descriptors, so `invoke`/`after` machines work), then replayed against a
 * real actor of the same machine with fake effects provided. Delayed transitions
 * (`xstate.after.*`) are replayed by advancing vitest's fake clock by exactly the delay: the walker
 * checks that nothing happens at delay - 1 ms and that the transition happens at the delay. Give
 * the spec's delays (`delays`) so that the clock follows the spec, not the machine under test.
 *
 * At every step the actor's snapshot (state value, context, status) must equal the step's snapshot
 * computed from the machine, and the state assertions you give run against the live actor.
 *
 * Use:
 *   const model = createModel({ machine: socketMachine, input, samples })
 *   for (const path of modelPaths(model, 'transitions'))
 *     it(describePath(path), () => walkPath(model, path, harness))
 */
import {
  adjacencyMapToArray,
  getAdjacencyMap,
  getStateNodes,
  type StatePath,
  serializeSnapshot,
  TestModel,
  type TestParam,
} from '@xstate/graph'
import { expect, vi } from 'vitest'
import {
  __unsafe_getAllOwnEventDescriptors,
  type Actor,
  type ActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventFromLogic,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate'

type EventOf<TMachine extends AnyStateMachine> = EventFromLogic<TMachine>
type SnapshotOf<TMachine extends AnyStateMachine> = SnapshotFrom<TMachine>
/** Inside the walker every machine is handled through the untyped machine snapshot. */
type Snap = AnyMachineSnapshot

/** An xstate-made event such as `xstate.done.actor.<id>` (with `output`) or `xstate.error.actor.<id>`. */
export type XstateEvent = { type: `xstate.${string}`; output?: unknown; error?: unknown }

/**
 * Example events per event type. A type without samples is sent as `{ type }`. Samples may also
 * be given for xstate events, e.g. `'xstate.done.actor.config': [{ type, output }]`.
 */
export type EventSamples<TMachine extends AnyStateMachine> = {
  [K in EventOf<TMachine>['type']]?: ReadonlyArray<Extract<EventOf<TMachine>, { type: K }>>
} & { [type: `xstate.${string}`]: ReadonlyArray<XstateEvent> | undefined }

export interface ModelOptions<TMachine extends AnyStateMachine> {
  /** The pure machine: paths come from it. */
  machine: TMachine
  /** The machine's input, for the model and for every actor the walker starts. */
  input?: InputFrom<TMachine>
  samples: EventSamples<TMachine>
  /**
   * The key that tells states apart (default: value + context). Give one that folds unbounded
   * context, such as a counter, into a few classes, or the graph never ends.
   */
  serializeState?: (snapshot: SnapshotOf<TMachine>) => string
  /**
   * The spec's delays by name, as literal milliseconds. Given, the walker advances the clock by
   * these (every delayed step's delay must be listed), so a machine whose delay differs from the
   * spec fails; without it the delays are read from the machine, which then only agrees with
   * itself.
   */
  delays?: Readonly<Record<string, number>>
}

/** A step event: a machine event, `xstate.init`, or a delayed `xstate.after.*` event. */
type StepEvent = { type: string }
export type ModelPath = StatePath<Snap, StepEvent>

export interface Model<TMachine extends AnyStateMachine> {
  options: ModelOptions<TMachine>
  testModel: TestModel<Snap, StepEvent, unknown>
}

export interface WalkContext<TMachine extends AnyStateMachine, TFakes> {
  actor: Actor<TMachine>
  fakes: TFakes
  /** Snapshot the machine says we are in (after the step's event). */
  expected: SnapshotOf<TMachine>
}

export interface Harness<TMachine extends AnyStateMachine, TFakes> {
  /** Fresh fakes and the machine with those fakes provided; called once per path. */
  arrange: () => { machine: TMachine; fakes: TFakes }
  /** Called with the new actor before it starts (e.g. to listen to emitted events). */
  observe?: (actor: Actor<TMachine>, fakes: TFakes) => void
  /**
   * How to make an event happen, by type (e.g. have a fake child actor send it back). Types not
   * listed are sent to the actor with `actor.send(event)`.
   */
  deliver?: {
    [K in EventOf<TMachine>['type']]?: (
      event: Extract<EventOf<TMachine>, { type: K }>,
      context: Omit<WalkContext<TMachine, TFakes>, 'expected'>,
    ) => void | Promise<void>
  } & {
    /** xstate events (e.g. resolve the fake promise behind `xstate.done.actor.<id>`). */
    [type: `xstate.${string}`]:
      | ((
          event: XstateEvent,
          context: Omit<WalkContext<TMachine, TFakes>, 'expected'>,
        ) => void | Promise<void>)
      | undefined
  }
  /**
   * Assertions run after every step whose state matches the key (`snapshot.matches(key)`, e.g.
   * `'connected'`, `'connecting.attempt'`); `'*'` runs after every step.
   */
  states?: Record<
    string,
    (snapshot: SnapshotOf<TMachine>, context: WalkContext<TMachine, TFakes>) => void
  >
}

const AFTER_PREFIX = 'xstate.after.'

/** Event samples for the event types the machine itself says the snapshot handles. */
function ownEvents<TMachine extends AnyStateMachine>(
  samples: EventSamples<TMachine>,
  snapshot: Snap,
): StepEvent[] {
  // A done (final) or errored snapshot takes no more events, though its descriptors remain.
  if (snapshot.status !== 'active') return []
  const byType = samples as Record<string, ReadonlyArray<StepEvent> | undefined>
  return __unsafe_getAllOwnEventDescriptors(snapshot).flatMap((descriptor) => {
    if (descriptor.endsWith('*')) {
      const prefix = descriptor.slice(0, -1)
      return Object.entries(byType)
        .filter(([type]) => type.startsWith(prefix))
        .flatMap(([, events]) => events ?? [])
    }
    return byType[descriptor] ?? [{ type: descriptor }]
  })
}

export function createModel<TMachine extends AnyStateMachine>(
  options: ModelOptions<TMachine>,
): Model<TMachine> {
  // A machine is an ActorLogic of its own snapshot and events; seen here through the untyped
  // snapshot and the widened step event (init and delayed events are not in the machine's types).
  const logic = options.machine as unknown as ActorLogic<Snap, StepEvent, unknown>
  const testModel = new TestModel<Snap, StepEvent, unknown>(logic, {
    input: options.input,
    // TestModel's default serializes the whole snapshot object; states are value + context.
    serializeState: (snapshot) =>
      options.serializeState
        ? options.serializeState(snapshot as SnapshotOf<TMachine>)
        : serializeSnapshot(snapshot),
    // Passing `events` replaces @xstate/graph's machine default entirely, so the machine's own
    // descriptors (which include `xstate.after.*`) are read here.
    events: (snapshot) => ownEvents(options.samples, snapshot),
    stateMatcher: (snapshot, key) => key === '*' || snapshot.matches(key),
  })
  return { options, testModel }
}

/**
 * - `shortest`: one shortest path to every distinct state (value + context).
 * - `simple`: every simple path (no repeated state) to every state; explodes on large graphs.
 * - `transitions`: every transition of the graph, each taken at the end of the shortest path to
 *   its source state (covers every state and every edge).
 * Paths that are prefixes of other paths are dropped.
 */
export function modelPaths<TMachine extends AnyStateMachine>(
  model: Model<TMachine>,
  kind: 'shortest' | 'simple' | 'transitions' = 'transitions',
): ModelPath[] {
  const { testModel } = model
  if (kind === 'shortest') return testModel.getShortestPaths()
  if (kind === 'simple') return testModel.getSimplePaths()

  const key = (snapshot: Snap) =>
    model.options.serializeState?.(snapshot as SnapshotOf<TMachine>) ?? serializeSnapshot(snapshot)
  const shortest = new Map<string, ModelPath>()
  for (const path of testModel.getShortestPaths({ allowDuplicatePaths: true })) {
    shortest.set(key(path.state), path)
  }
  const edges = adjacencyMapToArray(getAdjacencyMap(testModel.testLogic, testModel.options))
  const paths = edges.map(({ state: source, event, nextState }): ModelPath => {
    const head = shortest.get(key(source))
    if (!head) throw new Error(`walk: no shortest path to ${key(source)}`)
    return {
      state: nextState,
      weight: head.weight + 1,
      steps: [...head.steps, { event, state: nextState }],
    }
  })
  return dropPrefixes(paths)
}

function eventKey(event: StepEvent): string {
  return JSON.stringify(event)
}

function dropPrefixes<T extends { steps: Array<{ event: StepEvent }> }>(paths: T[]): T[] {
  const keys = paths.map((path) => path.steps.map((step) => eventKey(step.event)).join('\n'))
  const sorted = paths
    .map((path, i) => ({ path, key: keys[i] ?? '' }))
    .sort((a, b) => b.path.steps.length - a.path.steps.length)
  const kept: Array<{ path: T; key: string }> = []
  for (const candidate of sorted) {
    if (kept.some((k) => k.key === candidate.key || k.key.startsWith(`${candidate.key}\n`)))
      continue
    kept.push(candidate)
  }
  // Stable, readable order: shorter paths first, then by event sequence.
  return kept
    .sort((a, b) => a.path.steps.length - b.path.steps.length || a.key.localeCompare(b.key))
    .map((k) => k.path)
}

/** `relay.connect → after connectTimeout → socket.closed {"code":1006}` */
export function describePath(path: { steps: Array<{ event: StepEvent }> }): string {
  const events = path.steps
    .map((step) => step.event)
    .filter((event) => event.type !== 'xstate.init')
    .map((event) => {
      if (event.type.startsWith(AFTER_PREFIX)) {
        return `after ${event.type.slice(AFTER_PREFIX.length).split('.')[0]}`
      }
      const { type, ...rest } = event
      return Object.keys(rest).length ? `${type} ${JSON.stringify(rest)}` : type
    })
  return events.length ? events.join(' → ') : '(initial state)'
}

/** Milliseconds of the delayed transition `type` taken from `from` (after `entryEvent`). */
export function delayOf(
  machine: AnyStateMachine,
  type: string,
  from: { context: unknown },
  entryEvent: StepEvent,
): number {
  const nodes = [machine.root, ...getStateNodes(machine.root)]
  for (const node of nodes) {
    const transition = node.after.find((t) => t.eventType === type)
    if (!transition) continue
    const delay: unknown = transition.delay
    if (typeof delay === 'number') return delay
    if (typeof delay !== 'string') break
    const configured: unknown = machine.implementations.delays[delay]
    if (typeof configured === 'number') return configured
    if (typeof configured === 'function') {
      // xstate resolves a named delay with the action args of the state's entry.
      const ms: unknown = configured({ context: from.context, event: entryEvent }, undefined)
      if (typeof ms === 'number') return ms
    }
    throw new Error(`walk: cannot resolve delay '${delay}' for ${type}`)
  }
  throw new Error(`walk: no delayed transition for ${type}`)
}

/** The spec's milliseconds for the delayed step `type` (`xstate.after.<delay>.<state id>`). */
function specDelay(delays: Readonly<Record<string, number>>, type: string): number {
  const name = type.slice(AFTER_PREFIX.length).split('.')[0] ?? ''
  const ms = delays[name]
  if (ms === undefined) throw new Error(`walk: the model's delays do not name '${name}'`)
  return ms
}

/** What must be equal between actor and model: status plus the model's state key. */
function comparable<TMachine extends AnyStateMachine>(model: Model<TMachine>, snapshot: Snap) {
  const key = model.options.serializeState
  if (key) return { status: snapshot.status, state: key(snapshot as SnapshotOf<TMachine>) }
  return { status: snapshot.status, ...JSON.parse(serializeSnapshot(snapshot)) }
}

/**
 * Replays `path` against a real actor made by `harness.arrange()`. Requires vitest fake timers
 * (`vi.useFakeTimers()`), installed before the call.
 */
export async function walkPath<TMachine extends AnyStateMachine, TFakes>(
  model: Model<TMachine>,
  path: ModelPath,
  harness: Harness<TMachine, TFakes>,
): Promise<void> {
  if (!vi.isFakeTimers()) throw new Error('walk: call vi.useFakeTimers() before walkPath')
  const { machine, fakes } = harness.arrange()
  let actor: Actor<TMachine> | undefined
  let previous: { snapshot: Snap; event: StepEvent } | undefined
  const live = (): Actor<TMachine> => {
    if (!actor) throw new Error('walk: the path did not start with xstate.init')
    return actor
  }

  const exec = async (event: StepEvent): Promise<void> => {
    if (event.type === 'xstate.init') {
      actor = createActor(machine, { input: model.options.input })
      harness.observe?.(actor, fakes)
      actor.start()
      return
    }
    if (event.type.startsWith(AFTER_PREFIX)) {
      if (!previous) throw new Error(`walk: ${event.type} before xstate.init`)
      const { delays } = model.options
      const ms = delays
        ? specDelay(delays, event.type)
        : delayOf(model.options.machine, event.type, previous.snapshot, previous.event)
      if (ms > 0) {
        vi.advanceTimersByTime(ms - 1)
        expect(
          comparable(model, live().getSnapshot()),
          `still waiting 1 ms before ${event.type}`,
        ).toEqual(comparable(model, previous.snapshot))
      }
      vi.advanceTimersByTime(ms > 0 ? 1 : 0)
      return
    }
    // Keyed by event type; the per-type signatures are erased to look one up by a runtime string.
    const deliver = (
      harness.deliver as
        | Record<string, ((e: StepEvent, c: object) => void | Promise<void>) | undefined>
        | undefined
    )?.[event.type]
    if (deliver) await deliver(event, { actor: live(), fakes })
    else live().send(event as EventOf<TMachine>)
  }

  let current: StepEvent = { type: 'xstate.init' }
  const events: Record<string, (step: { event: StepEvent }) => Promise<void>> = {}
  for (const step of path.steps) {
    events[step.event.type] = ({ event }) => {
      current = event
      return exec(event)
    }
  }

  // After every step: the actor is where the model says, then the harness's state assertions.
  const check = (expected: Snap) => {
    expect(
      comparable(model, live().getSnapshot()),
      'actor snapshot equals the model snapshot',
    ).toEqual(comparable(model, expected))
    for (const [key, assertion] of Object.entries(harness.states ?? {})) {
      if (key === '*' || expected.matches(key)) {
        const typed = expected as SnapshotOf<TMachine>
        assertion(live().getSnapshot(), { actor: live(), fakes, expected: typed })
      }
    }
  }

  // Remember each step's snapshot and event: a delayed step resolves its delay from them.
  const params: TestParam<Snap, StepEvent> = {
    events,
    states: {
      '*': (expected) => {
        check(expected)
        previous = { snapshot: expected, event: current }
      },
    },
  }
  try {
    await model.testModel.testPath(path, params)
  } finally {
    actor?.stop()
  }
}

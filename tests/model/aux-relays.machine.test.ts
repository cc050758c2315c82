import { getStateNodes } from '@xstate/graph'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Actor, createActor, createMachine } from 'xstate'
import {
  AUX_PLAIN_WS,
  AUX_TICK_MS,
  auxBudgetFull,
  SOCKET_BUDGET,
} from '../../src/core/relays/aux-relays.ts'
import { RELAY_BLACKLISTED } from '../../src/core/relays/relay-url.ts'
import {
  type AuxRelaysContext,
  type AuxRelaysEvent,
  type AuxRelaysMachine,
  auxRelaysMachine,
  auxSocketId,
} from '../../src/machines/aux-relays.machine.ts'
import { maxAttemptsError, type SocketInput } from '../../src/machines/socket.machine.ts'
import {
  createModel,
  describePath,
  type EventSamples,
  type Harness,
  type ModelPath,
  modelPaths,
  walkPath,
} from './walk.ts'

const A = 'wss://a.example'
const B = 'wss://b.example'
const C = 'wss://c.example'
const BAD = 'wss://bad.example'
const PLAIN = 'ws://plain.example'
/** A small budget so that the paths reach it: two sockets, the pool's and these together. */
const BUDGET = 2
const INPUT = { blacklist: [BAD], budget: BUDGET }

// A passive stand-in socket that records the commands it got; told to go, it is closing until
// the test says its close completed (`fake.closed`).
interface Fakes {
  /** Commands received, by relay. */
  received: Record<string, string[]>
  /** Commands received, by socket session (a relay wanted again while it closes has two). */
  bySocket: Record<string, string[]>
  /** The pool took places the auxiliary sockets held: only then may the count pass the budget. */
  poolPushed: boolean
}

function fakeSocket(fakes: Fakes) {
  return createMachine({
    types: {} as { input: SocketInput; context: { url: string } },
    context: ({ input }) => ({ url: input.url }),
    initial: 'open',
    on: { '*': { actions: 'record' } },
    states: {
      open: { on: { 'relay.remove': { target: 'closing', actions: 'record' } } },
      closing: { on: { 'fake.closed': 'removed' } },
      removed: { type: 'final' },
    },
  }).provide({
    actions: {
      record: ({ context, event, self }) => {
        fakes.received[context.url] = [...(fakes.received[context.url] ?? []), event.type]
        fakes.bySocket[self.sessionId] = [...(fakes.bySocket[self.sessionId] ?? []), event.type]
      },
    },
  })
}

function arrange() {
  const fakes: Fakes = { received: {}, bySocket: {}, poolPushed: false }
  // The stand-in has the socket's input and commands, not its snapshot type.
  const machine = auxRelaysMachine.provide({ actors: { socket: fakeSocket(fakes) } as never })
  return { machine, fakes }
}

const outbox = (pubkey: string) => ({ kind: 'outbox', pubkeys: [pubkey] }) as const
const want = (url: string, pubkey = 'p1'): Extract<AuxRelaysEvent, { type: 'aux.want' }> => ({
  type: 'aux.want',
  url,
  reason: outbox(pubkey),
})

const samples: EventSamples<AuxRelaysMachine> = {
  'aux.want': [want(A), want(B), want(C), want(BAD), want(PLAIN)],
  'aux.users': [
    { type: 'aux.users', url: A, users: 1 },
    { type: 'aux.users', url: A, users: 0 },
  ],
  'aux.poolOpen': [
    { type: 'aux.poolOpen', count: 0 },
    { type: 'aux.poolOpen', count: 1 },
  ],
  'aux.requestSucceeded': [],
  'aux.requestFailed': [],
  'aux.authRequired': [],
  'aux.allowAuth': [],
  'aux.closeAll': [{ type: 'aux.closeAll' }],
}

/** A closing socket's close completed (A's second socket too: A wanted again while closing). */
const doneSamples = Object.fromEntries(
  [auxSocketId(A), auxSocketId(A, 2), auxSocketId(B), auxSocketId(C)].map((id) => [
    `xstate.done.actor.${id}`,
    [{ type: `xstate.done.actor.${id}` }],
  ]),
)

/**
 * Closes completing, walked apart (with every close the graph of the model above explodes):
 * three relays taking each other's places, the pool's count, and closes completing.
 */
const closingSamples: EventSamples<AuxRelaysMachine> = {
  ...samples,
  'aux.want': [want(A), want(B), want(C)],
  'aux.users': [{ type: 'aux.users', url: A, users: 1 }],
  // The idle check is walked in the model above.
  ...Object.fromEntries(
    getStateNodes(auxRelaysMachine.root).flatMap((node) =>
      node.after.map((transition) => [transition.eventType, []]),
    ),
  ),
  ...doneSamples,
}

/** Sockets open at once: the pool's, the connections' not queued, the closing ones. */
const openNow = (context: AuxRelaysContext) =>
  context.poolOpen + context.links.length - context.queued.length + context.closing.length
const urlOf = (socket: { getSnapshot(): { context: { url: string } } }) =>
  socket.getSnapshot().context.url

/** The machine's state, with the request counter folded to the order of the connections. */
function key(snapshot: { value: unknown; context: AuxRelaysContext }): string {
  const { context } = snapshot
  const byUse = [...context.links].sort((a, b) => a.lastUsed - b.lastUsed)
  return JSON.stringify({
    value: snapshot.value,
    links: byUse.map(({ url, users, idleTicks }) => ({ url, users, idleTicks })),
    poolOpen: context.poolOpen,
    closing: context.closing.map((socket) => socket.id),
    queued: context.queued,
    refused: context.refused.map(({ url }) => url).sort(),
  })
}

/** The same without which sockets close: they never complete in the first model. */
function keyOpening(snapshot: { value: unknown; context: AuxRelaysContext }): string {
  const { closing, ...rest } = JSON.parse(key(snapshot)) as { closing: string[] }
  return JSON.stringify({ ...rest, closing: Math.min(closing.length, BUDGET + 1) })
}

const harness: Harness<AuxRelaysMachine, Fakes> = {
  arrange,
  deliver: {
    'aux.poolOpen': (event, { actor, fakes }) => {
      const { context } = actor.getSnapshot()
      if (openNow(context) + event.count - context.poolOpen > BUDGET) fakes.poolPushed = true
      actor.send(event)
    },
    // A close completes: the closing fake is done, and xstate tells the machine.
    ...Object.fromEntries(
      Object.keys(doneSamples)
        .filter((type) => type.startsWith('xstate.done.actor.'))
        .map((type) => [
          type,
          (event: { type: string }, { actor }: { actor: Actor<AuxRelaysMachine> }) => {
            const id = type.slice('xstate.done.actor.'.length)
            const closing = actor.getSnapshot().context.closing.find((socket) => socket.id === id)
            if (closing) closing.send({ type: 'fake.closed' } as never)
            else actor.send(event as never)
          },
        ]),
    ),
  },
  states: {
    '*': (snapshot, { actor, fakes }) => {
      const { context } = snapshot
      const urls = context.links.map((link) => link.url)
      // One socket per connection; the closing ones live on, each its own child.
      expect(context.sockets.map(urlOf).sort()).toEqual([...urls].sort())
      expect(Object.keys(actor.getSnapshot().children).sort()).toEqual(
        [...context.sockets, ...context.closing].map((socket) => socket.id).sort(),
      )
      // Each connection told to connect, but a queued one: it waits for a close to complete.
      for (const socket of context.sockets) {
        const connected = fakes.bySocket[socket.sessionId]?.includes('relay.connect') ?? false
        expect(connected, socket.id).toBe(!context.queued.includes(urlOf(socket)))
      }
      for (const url of context.queued) expect(urls).toContain(url)
      // A closing socket was told to go and still counts.
      for (const socket of context.closing) {
        expect(fakes.bySocket[socket.sessionId]?.at(-1)).toBe('relay.remove')
        expect(socket.getSnapshot().status).toBe('active')
      }
      // The places connections hold fit the budget; only the pool pushes the count past it.
      expect(context.poolOpen + urls.length).toBeLessThanOrEqual(Math.max(BUDGET, context.poolOpen))
      if (!fakes.poolPushed) {
        expect(openNow(context)).toBeLessThanOrEqual(BUDGET)
        expect(context.peak).toBeLessThanOrEqual(BUDGET)
      }
      expect(context.peak).toBeGreaterThanOrEqual(openNow(context))
      // Never opened: the blacklisted relay and plain ws:// away from this device.
      expect(urls).not.toContain(BAD)
      expect(urls).not.toContain(PLAIN)
      // A connection a subscription still names is never closed for room or idleness.
      for (const socket of context.sockets) {
        expect(fakes.bySocket[socket.sessionId] ?? []).not.toContain('relay.remove')
      }
    },
    idle: (snapshot) => expect(snapshot.context.links).toEqual([]),
    serving: (snapshot) => expect(snapshot.context.links.length).toBeGreaterThan(0),
  },
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})
afterEach(() => {
  vi.useRealTimers()
})

const pathName = (path: ModelPath) =>
  describePath({
    steps: path.steps.map(({ event }) =>
      'url' in event
        ? { event: { type: `${event.type} ${String(event.url)}` } }
        : 'count' in event
          ? { event: { type: `${event.type} ${String(event.count)}` } }
          : { event },
    ),
  })

describe('auxiliary relays: model paths', () => {
  const model = createModel({
    machine: auxRelaysMachine,
    input: INPUT,
    samples,
    serializeState: keyOpening,
  })
  const paths = modelPaths(model, 'shortest')
  it('walks opening, sharing, making room, refusing, giving way to the pool and idling out', () => {
    const steps = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)))
    for (const type of ['aux.want', 'aux.users', 'aux.poolOpen', 'aux.closeAll']) {
      expect(steps).toContain(type)
    }
    expect([...steps].some((type) => type.startsWith('xstate.after.'))).toBe(true)
  })
  it.each(paths.map((path) => [pathName(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

describe('auxiliary relays: model paths, closes completing', () => {
  const model = createModel({
    machine: auxRelaysMachine,
    input: INPUT,
    samples: closingSamples,
    serializeState: key,
  })
  const paths = modelPaths(model, 'shortest')
  it('walks closes completing, a queued relay connecting, a relay wanted again while closing', () => {
    const steps = paths.flatMap((path) => path.steps)
    expect(steps.some((step) => step.event.type.startsWith('xstate.done.actor.'))).toBe(true)
    // A relay queued for a closing one's place, and A open again while its old socket closes.
    expect(steps.some((step) => step.state.context.queued.length > 0)).toBe(true)
    expect(
      steps.some((step) =>
        step.state.context.sockets.some(
          (socket: { id: string }) => socket.id === auxSocketId(A, 2),
        ),
      ),
    ).toBe(true)
  })
  it.each(paths.map((path) => [pathName(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

describe('auxiliary relays: scenarios', () => {
  const start = (input = INPUT) => {
    const { machine, fakes } = arrange()
    const actor = createActorOf(machine, input)
    return { actor, fakes }
  }

  it('shares one connection between requests and keeps every reason', () => {
    const { actor, fakes } = start()
    actor.send(want(A, 'p1'))
    actor.send(want(A, 'p2'))
    const { links } = actor.getSnapshot().context
    expect(links.map((link) => link.url)).toEqual([A])
    expect(links[0]?.reasons).toEqual([outbox('p1'), outbox('p2')])
    expect(fakes.received[A]?.filter((type) => type === 'relay.connect')).toHaveLength(1)
  })

  it('refuses blacklisted relays and plain ws:// with a reason the modal shows', () => {
    const { actor } = start()
    actor.send(want(BAD))
    actor.send(want(PLAIN))
    expect(actor.getSnapshot().context.refused).toEqual([
      { url: BAD, message: RELAY_BLACKLISTED },
      { url: PLAIN, message: AUX_PLAIN_WS },
    ])
    actor.send(want('ws://127.0.0.1:7780'))
    expect(actor.getSnapshot().context.links.map((link) => link.url)).toEqual([
      'ws://127.0.0.1:7780',
    ])
  })

  it('makes room by closing the least recently asked-for unused connection', () => {
    const { actor, fakes } = start()
    actor.send(want(A))
    actor.send(want(B))
    actor.send({ type: 'aux.users', url: B, users: 1 })
    actor.send(want(C))
    expect(actor.getSnapshot().context.links.map((link) => link.url)).toEqual([B, C])
    expect(fakes.received[A]?.at(-1)).toBe('relay.remove')
  })

  it('a closed connection counts until its close completed; the relay in its place waits for it', () => {
    const { actor, fakes } = start()
    actor.send(want(A))
    actor.send(want(B))
    actor.send(want(C))
    const closingA = actor.getSnapshot().context.closing
    expect(closingA.map((socket) => socket.id)).toEqual([auxSocketId(A)])
    expect(actor.getSnapshot().context.queued).toEqual([C])
    expect(fakes.received[C]).toBeUndefined()
    expect(actor.getSnapshot().context.peak).toBe(BUDGET)
    // A wanted again while its old socket closes: a fresh socket, queued behind the closes.
    actor.send(want(A))
    const { context } = actor.getSnapshot()
    expect(context.closing.map((socket) => socket.id)).toEqual([auxSocketId(A), auxSocketId(B)])
    expect(context.sockets.map((socket) => socket.id)).toEqual([auxSocketId(C), auxSocketId(A, 2)])
    expect(context.queued).toEqual([C, A])
    // A's close completes: C connects in its place; then B's: A's new socket connects.
    closingA[0]?.send({ type: 'fake.closed' } as never)
    expect(fakes.received[C]).toEqual(['relay.connect'])
    expect(actor.getSnapshot().context.queued).toEqual([A])
    actor.getSnapshot().context.closing[0]?.send({ type: 'fake.closed' } as never)
    expect(actor.getSnapshot().context).toMatchObject({ closing: [], queued: [], peak: BUDGET })
    expect(Object.keys(actor.getSnapshot().children).sort()).toEqual(
      [auxSocketId(A, 2), auxSocketId(C)].sort(),
    )
  })

  it('closes every connection on aux.closeAll; each socket stopped once its close completed', () => {
    const { actor } = start()
    actor.send(want(A))
    actor.send(want(B))
    actor.send({ type: 'aux.closeAll' })
    const { closing } = actor.getSnapshot().context
    expect(actor.getSnapshot().value).toBe('idle')
    expect(closing).toHaveLength(2)
    for (const socket of closing) socket.send({ type: 'fake.closed' } as never)
    expect(actor.getSnapshot().context.closing).toEqual([])
    expect(actor.getSnapshot().children).toEqual({})
  })

  it('refuses a new relay when every connection is in use, saying the budget is spent', () => {
    const { actor } = start()
    actor.send(want(A))
    actor.send(want(B))
    actor.send({ type: 'aux.users', url: A, users: 1 })
    actor.send({ type: 'aux.users', url: B, users: 2 })
    actor.send(want(C))
    expect(actor.getSnapshot().context.refused).toEqual([
      { url: C, message: auxBudgetFull(BUDGET, C) },
    ])
    expect(auxBudgetFull(SOCKET_BUDGET, C)).toBe(`Not opened: all 20 sockets are in use (${C})`)
  })

  it('gives way when the pool opens more sockets, unused connections first', () => {
    const { actor } = start()
    actor.send(want(A))
    actor.send(want(B))
    actor.send({ type: 'aux.users', url: A, users: 1 })
    actor.send({ type: 'aux.poolOpen', count: 1 })
    expect(actor.getSnapshot().context.links.map((link) => link.url)).toEqual([A])
    actor.send({ type: 'aux.poolOpen', count: 2 })
    expect(actor.getSnapshot().context.links).toEqual([])
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('closes an unused connection after two idle checks, and keeps a used one', () => {
    const { actor } = start()
    actor.send(want(A))
    actor.send(want(B))
    actor.send({ type: 'aux.users', url: B, users: 1 })
    vi.advanceTimersByTime(AUX_TICK_MS)
    expect(actor.getSnapshot().context.links.map((link) => link.url)).toEqual([A, B])
    vi.advanceTimersByTime(AUX_TICK_MS)
    expect(actor.getSnapshot().context.links.map((link) => link.url)).toEqual([B])
    actor.send({ type: 'aux.users', url: B, users: 0 })
    vi.advanceTimersByTime(2 * AUX_TICK_MS)
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('drops a connection whose socket gave up, and says why', () => {
    const { actor } = start()
    actor.send(want(A))
    actor.send({
      type: `xstate.snapshot.aux:${A}`,
      snapshot: { value: 'disconnected', context: { url: A, lastError: maxAttemptsError(A) } },
    })
    expect(actor.getSnapshot().context.links).toEqual([])
    expect(actor.getSnapshot().context.refused).toEqual([{ url: A, message: maxAttemptsError(A) }])
  })

  it('keeps health records and NIP-42 consent per relay', () => {
    const { actor } = start()
    actor.send(want(A))
    actor.send({ type: 'aux.requestSucceeded', url: A, responseMs: 40, at: 1 })
    actor.send({ type: 'aux.requestFailed', url: A, at: 2 })
    actor.send({ type: 'aux.authRequired', url: A })
    actor.send({ type: 'aux.allowAuth', url: A })
    const { health, authAsked, authAllowed } = actor.getSnapshot().context
    expect(health[A]).toMatchObject({ successCount: 1, failureCount: 1 })
    expect(authAsked).toEqual([A])
    expect(authAllowed).toEqual([A])
  })
})

function createActorOf(machine: AuxRelaysMachine, input: typeof INPUT) {
  return createActor(machine, { input }).start()
}

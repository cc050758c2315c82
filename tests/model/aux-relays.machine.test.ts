import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, createMachine } from 'xstate'
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

// A passive stand-in socket that records the commands it got.
interface Fakes {
  received: Record<string, string[]>
}

function fakeSocket(fakes: Fakes) {
  return createMachine({
    types: {} as { input: SocketInput; context: { url: string } },
    context: ({ input }) => ({ url: input.url }),
    on: {
      '*': {
        actions: ({ context, event }) => {
          fakes.received[context.url] = [...(fakes.received[context.url] ?? []), event.type]
        },
      },
    },
  })
}

function arrange() {
  const fakes: Fakes = { received: {} }
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

/** The machine's state, with the request counter folded to the order of the connections. */
function key(snapshot: { value: unknown; context: AuxRelaysContext }): string {
  const { context } = snapshot
  const byUse = [...context.links].sort((a, b) => a.lastUsed - b.lastUsed)
  return JSON.stringify({
    value: snapshot.value,
    links: byUse.map(({ url, users, idleTicks }) => ({ url, users, idleTicks })),
    poolOpen: context.poolOpen,
    refused: context.refused.map(({ url }) => url).sort(),
  })
}

const harness: Harness<AuxRelaysMachine, Fakes> = {
  arrange,
  states: {
    '*': (snapshot, { actor, fakes }) => {
      const { context } = snapshot
      const urls = context.links.map((link) => link.url)
      // One socket per connection, each told to connect, and never more open than the budget.
      expect(context.sockets.map((socket) => socket.id).sort()).toEqual(
        urls.map(auxSocketId).sort(),
      )
      expect(Object.keys(actor.getSnapshot().children).sort()).toEqual(urls.map(auxSocketId).sort())
      for (const url of urls) expect(fakes.received[url]).toContain('relay.connect')
      expect(context.poolOpen + urls.length).toBeLessThanOrEqual(Math.max(BUDGET, context.poolOpen))
      expect(context.peak).toBeLessThanOrEqual(BUDGET)
      // Never opened: the blacklisted relay and plain ws:// away from this device.
      expect(urls).not.toContain(BAD)
      expect(urls).not.toContain(PLAIN)
      // A connection a subscription still names is never closed for room or idleness.
      for (const url of Object.keys(fakes.received)) {
        if (fakes.received[url]?.at(-1) === 'relay.remove') expect(urls).not.toContain(url)
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
    serializeState: key,
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

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, createMachine } from 'xstate'
import { relayPoolMachine } from '../../src/machines/relay-pool.machine.ts'
import { createModel, describePath, type Harness, modelPaths, walkPath } from './walk.ts'

const URLS = ['ws://127.0.0.1:7777', 'ws://127.0.0.1:7778']

interface Fakes {
  /** Commands each fake socket received, by relay. */
  received: Record<string, string[]>
}

function arrange() {
  const fakes: Fakes = { received: {} }
  // A stand-in socket machine that records what the pool tells it.
  const socket = createMachine({
    types: {} as { input: { url: string }; context: { url: string } },
    context: ({ input }) => ({ url: input.url }),
    on: {
      '*': {
        actions: ({ context, event }) => {
          fakes.received[context.url] = [...(fakes.received[context.url] ?? []), event.type]
        },
      },
    },
  })
  return { machine: relayPoolMachine.provide({ actors: { socket } as never }), fakes }
}

const model = createModel({
  machine: relayPoolMachine,
  input: { urls: URLS },
  samples: {
    'pool.eventRejected': [{ type: 'pool.eventRejected', url: URLS[1]! }],
  },
  // Rejections only count up: zero, one and more than one cover every behaviour.
  serializeState: (snapshot) =>
    JSON.stringify(Object.values(snapshot.context.rejected).map((n) => Math.min(n, 2))),
})

const harness: Harness<typeof relayPoolMachine, Fakes> = {
  arrange,
  states: {
    '*': (snapshot, { fakes, expected }) => {
      expect(snapshot.context.sockets.map((s) => s.id)).toEqual(URLS.map((url) => `socket:${url}`))
      // The model folds counts above two; the actor's count is exact.
      const folded = (n: number) => Math.min(n, 2)
      expect(folded(snapshot.context.rejected[URLS[1]!] ?? 0)).toBe(
        folded(expected.context.rejected[URLS[1]!] ?? 0),
      )
      expect(snapshot.context.rejected[URLS[0]!]).toBeUndefined()
      // Every socket was told to connect at start, and again on each pool.connectAll.
      for (const url of URLS) expect(fakes.received[url]?.[0]).toBe('relay.connect')
    },
  },
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('relay pool machine: a shortest path to every state', () => {
  // Folded states (see serializeState) make edge replay ambiguous; shortest paths reach each class.
  const paths = modelPaths(model, 'shortest')
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )

  it('counts rejected events per relay, exactly', () => {
    const actor = createActor(arrange().machine, { input: { urls: URLS } }).start()
    for (let i = 0; i < 3; i++) actor.send({ type: 'pool.eventRejected', url: URLS[1]! })
    actor.send({ type: 'pool.eventRejected', url: URLS[0]! })
    expect(actor.getSnapshot().context.rejected).toEqual({ [URLS[1]!]: 3, [URLS[0]!]: 1 })
  })
})

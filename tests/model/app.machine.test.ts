import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromCallback, fromPromise } from 'xstate'
import { localRuntimeConfig, type RuntimeConfig } from '../../src/core/platform/runtime-config.ts'
import { appMachine } from '../../src/machines/app.machine.ts'
import type { RelayPoolInput } from '../../src/machines/relay-pool.machine.ts'
import { createModel, describePath, type Harness, modelPaths, walkPath } from './walk.ts'

const CONFIG = localRuntimeConfig(['ws://127.0.0.1:7777', 'ws://127.0.0.1:7778'])
const FAILURE = 'Could not load /config.json (HTTP 404)'

interface Fakes {
  /** The pending configuration load, settled by the path's done or error event. */
  load?: { resolve(config: RuntimeConfig): void; reject(error: Error): void }
  /** Input each started relay pool received. */
  pools: RelayPoolInput[]
}

function arrange() {
  const fakes: Fakes = { pools: [] }
  const machine = appMachine.provide({
    actors: {
      loadConfig: fromPromise<RuntimeConfig>(
        () => new Promise((resolve, reject) => (fakes.load = { resolve, reject })),
      ),
      relayPool: fromCallback<{ type: 'pool.connectAll' }, RelayPoolInput>(({ input }) => {
        fakes.pools.push(input)
      }),
      login: fromCallback(() => {}),
    } as never, // the fake pool stands in for the pool machine: same input, no behaviour
  })
  return { machine, fakes }
}

const model = createModel({
  machine: appMachine,
  samples: {
    'xstate.done.actor.config': [{ type: 'xstate.done.actor.config', output: CONFIG }],
    'xstate.error.actor.config': [{ type: 'xstate.error.actor.config', error: new Error(FAILURE) }],
  },
})

// Promise settlements reach the actor on the microtask queue.
const settle = () => vi.advanceTimersByTimeAsync(0)

const harness: Harness<typeof appMachine, Fakes> = {
  arrange,
  deliver: {
    'xstate.done.actor.config': async (_event, { fakes }) => {
      fakes.load?.resolve(CONFIG)
      await settle()
    },
    'xstate.error.actor.config': async (_event, { fakes }) => {
      fakes.load?.reject(new Error(FAILURE))
      await settle()
    },
  },
  states: {
    loading: (snapshot, { fakes }) => {
      expect(fakes.load, 'a configuration load is under way').toBeDefined()
      expect(snapshot.children.relays).toBeUndefined()
    },
    '*': (snapshot) => {
      expect(snapshot.children.login, 'login runs whatever the relays do').toBeDefined()
    },
    running: (snapshot, { fakes }) => {
      expect(snapshot.context.config).toEqual(CONFIG)
      expect(snapshot.children.relays, 'the relay pool runs').toBeDefined()
      expect(fakes.pools.at(-1)).toEqual({ relays: CONFIG.relays })
    },
    failed: (snapshot) => {
      expect(snapshot.context.error).toBe(FAILURE)
      expect(snapshot.children.relays).toBeUndefined()
    },
  },
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('app machine: every transition', () => {
  const paths = modelPaths(model, 'transitions')
  it('reaches loading, running and failed, and retries', () => {
    const states = new Set(
      paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))),
    )
    expect(states).toEqual(new Set(['"loading"', '"running"', '"failed"']))
    expect(paths.some((path) => path.steps.some((step) => step.event.type === 'app.retry'))).toBe(
      true,
    )
  })
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

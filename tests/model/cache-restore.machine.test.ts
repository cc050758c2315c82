import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { CACHE_MAX_AGE_MS, restoreFailedMessage } from '../../src/core/app/persisted-cache.ts'
import {
  type CacheRestoreMachine,
  cacheRestoreMachine,
  isRestoring,
  type StoredRead,
} from '../../src/machines/cache-restore.machine.ts'
import { createModel, describePath, type Harness, modelPaths, walkPath } from './walk.ts'

const BUSTER = 'test-1'
const NOW = 1_700_000_000_000
const state = { queries: [], mutations: [] }
const reads: Record<string, StoredRead> = {
  missing: { record: null, readAt: NOW },
  valid: { record: { buster: BUSTER, timestamp: NOW - 1000, clientState: state }, readAt: NOW },
  expired: {
    record: { buster: BUSTER, timestamp: NOW - CACHE_MAX_AGE_MS - 1, clientState: state },
    readAt: NOW,
  },
  buster: { record: { buster: 'old', timestamp: NOW, clientState: state }, readAt: NOW },
  noTimestamp: { record: { buster: BUSTER, clientState: state }, readAt: NOW },
  malformed: { record: 'garbage', readAt: NOW },
}
const READ_FAILED = 'The database is corrupted'
const LOAD_FAILED = 'Cannot hydrate'

interface Fakes {
  read?: { resolve(read: StoredRead): void; reject(error: Error): void }
  load?: { resolve(): void; reject(error: Error): void; record: unknown }
  remove?: { resolve(): void; reject(error: Error): void }
  loaded: unknown[]
  removed: number
  saving: boolean
}

function arrange() {
  const fakes: Fakes = { loaded: [], removed: 0, saving: false }
  const machine = cacheRestoreMachine.provide({
    actors: {
      readRecord: fromPromise<StoredRead>(
        () => new Promise((resolve, reject) => (fakes.read = { resolve, reject })),
      ),
      loadRecord: fromPromise<void, { record: unknown }>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            fakes.load = {
              resolve: () => {
                fakes.loaded.push(input.record)
                resolve()
              },
              reject,
              record: input.record,
            }
          }),
      ),
      removeRecord: fromPromise<void>(
        () =>
          new Promise((resolve, reject) => {
            fakes.remove = {
              resolve: () => {
                fakes.removed++
                resolve()
              },
              reject,
            }
          }),
      ),
      saver: fromCallback(() => {
        fakes.saving = true
        return () => {
          fakes.saving = false
        }
      }),
    },
  })
  return { machine, fakes }
}

const done = (id: string, output?: StoredRead) => ({
  type: `xstate.done.actor.${id}` as const,
  ...(output ? { output } : {}),
})

const model = createModel({
  machine: cacheRestoreMachine,
  input: { buster: BUSTER },
  samples: {
    'xstate.done.actor.read': Object.values(reads).map((read) => done('read', read)),
    'xstate.error.actor.read': [{ type: 'xstate.error.actor.read', error: new Error(READ_FAILED) }],
    'xstate.done.actor.load': [done('load')],
    'xstate.error.actor.load': [{ type: 'xstate.error.actor.load', error: new Error(LOAD_FAILED) }],
    'xstate.done.actor.remove': [done('remove')],
    'xstate.error.actor.remove': [
      { type: 'xstate.error.actor.remove', error: new Error('blocked') },
    ],
  },
})

const settle = () => vi.advanceTimersByTimeAsync(0)

const harness: Harness<CacheRestoreMachine, Fakes> = {
  arrange,
  deliver: {
    'xstate.done.actor.read': async (event, { fakes }) => {
      fakes.read?.resolve((event as { output: StoredRead }).output)
      await settle()
    },
    'xstate.error.actor.read': async (_event, { fakes }) => {
      fakes.read?.reject(new Error(READ_FAILED))
      await settle()
    },
    'xstate.done.actor.load': async (_event, { fakes }) => {
      fakes.load?.resolve()
      await settle()
    },
    'xstate.error.actor.load': async (_event, { fakes }) => {
      fakes.load?.reject(new Error(LOAD_FAILED))
      await settle()
    },
    'xstate.done.actor.remove': async (_event, { fakes }) => {
      fakes.remove?.resolve()
      await settle()
    },
    'xstate.error.actor.remove': async (_event, { fakes }) => {
      fakes.remove?.reject(new Error('blocked'))
      await settle()
    },
  },
  states: {
    reading: (snapshot, { fakes }) => {
      expect(isRestoring(snapshot), 'queries held back').toBe(true)
      expect(fakes.saving).toBe(false)
    },
    loading: (snapshot, { fakes }) => {
      expect(isRestoring(snapshot)).toBe(true)
      expect(fakes.load?.record).toEqual(reads.valid!.record)
    },
    removing: (snapshot, { fakes }) => {
      expect(isRestoring(snapshot)).toBe(true)
      expect(fakes.remove).toBeDefined()
      const { removed, error } = snapshot.context
      expect(removed).not.toBe('valid')
      expect(removed === 'error').toBe(error !== null)
    },
    ready: (snapshot, { fakes }) => {
      expect(isRestoring(snapshot)).toBe(false)
      expect(fakes.saving, 'changes are saved again').toBe(true)
      expect(snapshot.context.record).toBeNull()
    },
  },
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('cache restore model', () => {
  const paths = modelPaths(model, 'transitions')
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

describe('cache restore scenarios', () => {
  async function run(read: StoredRead | Error, load?: Error) {
    const { machine, fakes } = arrange()
    const actor = createActor(machine, { input: { buster: BUSTER } }).start()
    if (read instanceof Error) fakes.read?.reject(read)
    else fakes.read?.resolve(read)
    await settle()
    if (load) fakes.load?.reject(load)
    else fakes.load?.resolve()
    await settle()
    fakes.remove?.resolve()
    await settle()
    return { snapshot: actor.getSnapshot(), fakes }
  }

  it('loads a valid record, then saves again', async () => {
    const { snapshot, fakes } = await run(reads.valid!)
    expect(snapshot.value).toBe('ready')
    expect(fakes.loaded).toEqual([reads.valid!.record])
    expect(fakes.removed).toBe(0)
  })

  it.each([
    ['expired', 'expired'],
    ['buster', 'buster'],
    ['noTimestamp', 'no-timestamp'],
    ['malformed', 'malformed'],
  ] as const)('removes a record that is %s, without loading it', async (name, verdict) => {
    const { snapshot, fakes } = await run(reads[name]!)
    expect(snapshot.value).toBe('ready')
    expect(snapshot.context.removed).toBe(verdict)
    expect(fakes.loaded).toEqual([])
    expect(fakes.removed).toBe(1)
  })

  it('removes and reports a record that cannot be read or loaded; the app goes on', async () => {
    const unreadable = await run(new Error(READ_FAILED))
    expect(unreadable.snapshot.context.error).toBe(restoreFailedMessage(READ_FAILED))
    expect(unreadable.fakes.removed).toBe(1)
    const unloadable = await run(reads.valid!, new Error(LOAD_FAILED))
    expect(unloadable.snapshot.context.error).toBe(restoreFailedMessage(LOAD_FAILED))
    expect(unloadable.snapshot.value).toBe('ready')
    expect(unloadable.fakes.removed).toBe(1)
  })

  it('starts with nothing stored: no removal, straight to ready', async () => {
    const { snapshot, fakes } = await run(reads.missing!)
    expect(snapshot.value).toBe('ready')
    expect(snapshot.context.removed).toBeNull()
    expect(fakes.removed).toBe(0)
  })
})

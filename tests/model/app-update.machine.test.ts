import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import {
  type AppUpdateInput,
  type AppUpdateMachine,
  appUpdateMachine,
  updatePromptOf,
} from '../../src/machines/app-update.machine.ts'
import { createModel, describePath, type Harness, modelPaths, walkPath } from './walk.ts'

/** The spec's times, written as it writes them (§9), not read from the code under test. */
const THIRTY_MINUTES = 30 * 60 * 1000
const IOS_RELOAD_MS = 300
/** Not in the spec: Update Now reloads anyway after 10 s without the new worker in control. */
const ACTIVATION_MS = 10_000
const specDelays = (input: AppUpdateInput) => ({
  updateCheckInterval: THIRTY_MINUTES,
  activationTimeout: ACTIVATION_MS,
  reloadDelay: input.ios ? IOS_RELOAD_MS : 0,
})

interface Fakes {
  check?: { resolve(): void; reject(error: Error): void }
  checks: number
  skipWaiting: number
  reloads: number
}

function arrange() {
  const fakes: Fakes = { checks: 0, skipWaiting: 0, reloads: 0 }
  const machine = appUpdateMachine.provide({
    actors: {
      checkForUpdate: fromPromise<void>(
        () =>
          new Promise((resolve, reject) => {
            fakes.checks++
            fakes.check = { resolve: () => resolve(), reject }
          }),
      ),
    },
    actions: {
      skipWaiting: () => {
        fakes.skipWaiting++
      },
      reload: () => {
        fakes.reloads++
      },
    },
  })
  return { machine, fakes }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

const harness: Harness<AppUpdateMachine, Fakes> = {
  arrange,
  deliver: {
    'xstate.done.actor.check': async (_event, { fakes }) => {
      fakes.check?.resolve()
      await settle()
    },
    'xstate.error.actor.check': async (_event, { fakes }) => {
      fakes.check?.reject(new Error('offline'))
      await settle()
    },
  },
  states: {
    '*': (snapshot, { fakes }) => {
      // Nothing is posted or reloaded before the user asks for it.
      const asked = (['updating', 'reloading', 'reloaded'] as const).some((s) =>
        snapshot.matches(s),
      )
      expect(fakes.skipWaiting, 'SKIP_WAITING posted once Update Now is chosen').toBe(asked ? 1 : 0)
      expect(fakes.reloads).toBe(snapshot.matches('reloaded') ? 1 : 0)
    },
    checking: (_snapshot, { fakes }) => {
      expect(fakes.check, 'registration.update() called').toBeDefined()
    },
    available: (snapshot) => {
      expect(updatePromptOf(snapshot)).toBe(snapshot.context.standalone ? 'available' : null)
    },
    updating: (snapshot) => {
      expect(updatePromptOf(snapshot)).toBe(snapshot.context.standalone ? 'updating' : null)
    },
    reloading: (snapshot) => {
      expect(updatePromptOf(snapshot)).toBe(snapshot.context.standalone ? 'updating' : null)
    },
    current: (snapshot) => {
      expect(updatePromptOf(snapshot)).toBeNull()
    },
    postponed: (snapshot) => {
      expect(updatePromptOf(snapshot), 'Later hides the prompt').toBeNull()
    },
    reloaded: (snapshot) => {
      expect(snapshot.status).toBe('done')
    },
  },
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const inputs: Record<string, AppUpdateInput> = {
  'standalone on iOS': { standalone: true, ios: true },
  'standalone elsewhere': { standalone: true, ios: false },
  'in a browser tab': { standalone: false, ios: false },
}

for (const [name, input] of Object.entries(inputs)) {
  describe(`app update model, ${name}`, () => {
    const model = createModel({
      machine: appUpdateMachine,
      input,
      delays: specDelays(input),
      samples: {
        'xstate.done.actor.check': [{ type: 'xstate.done.actor.check' }],
        'xstate.error.actor.check': [{ type: 'xstate.error.actor.check', error: new Error('x') }],
      },
    })
    const paths = modelPaths(model, 'transitions')
    it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
      walkPath(model, path, harness),
    )
  })
}

describe('app update scenarios', () => {
  const start = (input: AppUpdateInput) => {
    const { machine, fakes } = arrange()
    const actor = createActor(machine, { input }).start()
    return { actor, fakes }
  }

  it('checks for an update every 30 minutes, and keeps checking after a failed check', async () => {
    const { actor, fakes } = start({ standalone: true, ios: false })
    vi.advanceTimersByTime(THIRTY_MINUTES - 1)
    expect(fakes.checks).toBe(0)
    vi.advanceTimersByTime(1)
    expect(fakes.checks).toBe(1)
    fakes.check?.reject(new Error('offline'))
    await settle()
    expect(actor.getSnapshot().value).toBe('current')
    vi.advanceTimersByTime(THIRTY_MINUTES - 1)
    expect(fakes.checks).toBe(1)
    vi.advanceTimersByTime(1)
    expect(fakes.checks).toBe(2)
  })

  it('Update Now posts SKIP_WAITING and reloads 300 ms after the new worker takes over on iOS', () => {
    const { actor, fakes } = start({ standalone: true, ios: true })
    actor.send({ type: 'update.waiting' })
    expect(updatePromptOf(actor.getSnapshot())).toBe('available')
    actor.send({ type: 'update.accept' })
    expect(fakes.skipWaiting).toBe(1)
    expect(updatePromptOf(actor.getSnapshot())).toBe('updating')
    actor.send({ type: 'update.controlling' })
    vi.advanceTimersByTime(IOS_RELOAD_MS - 1)
    expect(fakes.reloads).toBe(0)
    vi.advanceTimersByTime(1)
    expect(fakes.reloads).toBe(1)
  })

  it('reloads at once elsewhere, and reloads anyway when the worker never takes over', () => {
    const quick = start({ standalone: true, ios: false })
    quick.actor.send({ type: 'update.waiting' })
    quick.actor.send({ type: 'update.accept' })
    quick.actor.send({ type: 'update.controlling' })
    vi.advanceTimersByTime(0)
    expect(quick.fakes.reloads).toBe(1)

    const stuck = start({ standalone: true, ios: false })
    stuck.actor.send({ type: 'update.waiting' })
    stuck.actor.send({ type: 'update.accept' })
    vi.advanceTimersByTime(ACTIVATION_MS - 1)
    expect(stuck.fakes.reloads).toBe(0)
    vi.advanceTimersByTime(1)
    // The reload's own 0 ms delay, set from inside a timer: the fake clock runs it a tick later.
    vi.advanceTimersByTime(1)
    expect(stuck.fakes.reloads).toBe(1)
  })

  it('Later hides the prompt until the next interval or a newer worker', () => {
    const { actor } = start({ standalone: true, ios: false })
    actor.send({ type: 'update.waiting' })
    actor.send({ type: 'update.later' })
    expect(updatePromptOf(actor.getSnapshot())).toBeNull()
    vi.advanceTimersByTime(THIRTY_MINUTES - 1)
    expect(updatePromptOf(actor.getSnapshot())).toBeNull()
    vi.advanceTimersByTime(1)
    expect(updatePromptOf(actor.getSnapshot())).toBe('available')
    actor.send({ type: 'update.later' })
    actor.send({ type: 'update.waiting' })
    expect(updatePromptOf(actor.getSnapshot())).toBe('available')
  })

  it('shows no prompt in a browser tab (spec §2: standalone only)', () => {
    const { actor } = start({ standalone: false, ios: false })
    actor.send({ type: 'update.waiting' })
    expect(actor.getSnapshot().value).toBe('available')
    expect(updatePromptOf(actor.getSnapshot())).toBeNull()
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { trustedSet } from '../../src/core/people/web-of-trust.ts'
import {
  type FetchListsInput,
  trustKnown,
  type WebOfTrustEvent,
  type WebOfTrustMachine,
  type WebOfTrustSnapshot,
  webOfTrustMachine,
} from '../../src/machines/web-of-trust.machine.ts'
import { createModel, describePath, type Harness, modelPaths, walkPath } from './walk.ts'

const key = (n: number) => n.toString(16).padStart(64, '0')
const USER = key(1)
const OTHER_USER = key(2)
const [A, B, C, D, STRANGER] = [key(10), key(11), key(12), key(13), key(99)]

const watched = (
  user: string | null,
  on: boolean,
  follows: readonly string[] | null,
): Extract<WebOfTrustEvent, { type: 'trust.watched' }> => ({
  type: 'trust.watched',
  user,
  on,
  follows,
})

interface Fakes {
  /** Every fetch started, with whether it was stopped since. */
  fetches: Array<{ input: FetchListsInput; stopped: boolean }>
}

const live = (fakes: Fakes) => fakes.fetches.filter((fetch) => !fetch.stopped)

function arrange() {
  const fakes: Fakes = { fetches: [] }
  const machine = webOfTrustMachine.provide({
    actors: {
      fetchLists: fromCallback<WebOfTrustEvent, FetchListsInput>(({ input }) => {
        const fetch = { input, stopped: false }
        fakes.fetches.push(fetch)
        return () => {
          fetch.stopped = true
        }
      }),
    },
  })
  return { machine, fakes }
}

const model = createModel({
  machine: webOfTrustMachine,
  samples: {
    'trust.watched': [
      watched(null, true, null),
      watched(USER, false, [A]),
      watched(USER, true, null),
      watched(USER, true, [A, B]),
      watched(USER, true, [A]),
      watched(OTHER_USER, true, [A]),
    ],
    'trust.lists': [
      { type: 'trust.lists', lists: [[A, [C]]] },
      { type: 'trust.lists', lists: [[STRANGER, [D]]] },
    ],
    'trust.fetched': [{ type: 'trust.fetched' }],
  },
  serializeState: (snapshot) => {
    const { context } = snapshot
    return JSON.stringify({
      value: snapshot.value,
      user: context.user,
      follows: context.follows,
      lists: [...context.lists.keys()].sort(),
    })
  },
})

/** The set the user, follows and lists held make: the follows alone before any list. */
const expectedTrust = (snapshot: WebOfTrustSnapshot) => {
  const { user, follows, lists } = snapshot.context
  return trustedSet(user!, follows!, lists.values())
}

const harness: Harness<WebOfTrustMachine, Fakes> = {
  arrange,
  states: {
    off: (snapshot, { fakes }) => {
      expect(snapshot.context.trusted).toBeNull()
      expect(snapshot.context.user).toBeNull()
      expect(live(fakes)).toEqual([])
      expect(trustKnown(snapshot)).toBe(true)
    },
    waiting: (snapshot, { fakes }) => {
      // The user's follows are not known: nothing folds, nothing is asked.
      expect(snapshot.context.trusted).toBeNull()
      expect(snapshot.context.follows).toBeNull()
      expect(live(fakes)).toEqual([])
      // A count waits: the follows may fold what it would count.
      expect(trustKnown(snapshot)).toBe(false)
    },
    loading: (snapshot, { fakes }) => {
      expect(live(fakes).map((fetch) => fetch.input)).toEqual([
        { follows: snapshot.context.follows },
      ])
      expect(snapshot.context.trusted).toEqual(expectedTrust(snapshot))
      // Never the user's own or their follows' notes, whatever has arrived.
      for (const pubkey of [snapshot.context.user!, ...snapshot.context.follows!]) {
        expect(snapshot.context.trusted?.has(pubkey)).toBe(true)
      }
      expect(snapshot.context.trusted?.has(STRANGER)).toBe(false)
      expect(trustKnown(snapshot)).toBe(false)
    },
    ready: (snapshot, { fakes }) => {
      expect(live(fakes)).toEqual([])
      expect(snapshot.context.trusted).toEqual(expectedTrust(snapshot))
      // Lists only of people followed.
      expect(
        [...snapshot.context.lists.keys()].every((a) => snapshot.context.follows?.includes(a)),
      ).toBe(true)
      expect(trustKnown(snapshot)).toBe(true)
    },
  },
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('web-of-trust model', () => {
  const paths = modelPaths(model, 'transitions')
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

describe('web-of-trust scenarios', () => {
  function start() {
    const { machine, fakes } = arrange()
    const actor = createActor(machine).start()
    return { actor, fakes, snapshot: (): WebOfTrustSnapshot => actor.getSnapshot() }
  }

  it('logged in with the setting on: the follows first, each batch of lists as it arrives', () => {
    const { actor, fakes, snapshot } = start()
    actor.send(watched(USER, true, null))
    expect(snapshot().value).toBe('waiting')
    actor.send(watched(USER, true, [A, B]))
    expect(snapshot().value).toBe('loading')
    expect(fakes.fetches.map((fetch) => fetch.input)).toEqual([{ follows: [A, B] }])
    expect([...snapshot().context.trusted!].sort()).toEqual([USER, A, B].sort())
    actor.send({ type: 'trust.lists', lists: [[A, [C]]] })
    expect(snapshot().context.trusted?.has(C)).toBe(true)
    actor.send({ type: 'trust.lists', lists: [[B, [D]]] })
    actor.send({ type: 'trust.fetched' })
    expect(snapshot().value).toBe('ready')
    expect([...snapshot().context.trusted!].sort()).toEqual([USER, A, B, C, D].sort())
  })

  it('the same follows again (a refetched list) asks nothing more; other follows ask again, keeping the lists still followed', () => {
    const { actor, fakes, snapshot } = start()
    actor.send(watched(USER, true, [A, B]))
    actor.send({
      type: 'trust.lists',
      lists: [
        [A, [C]],
        [B, [D]],
      ],
    })
    // While asking, too: the ask goes on, not started again.
    actor.send(watched(USER, true, [A, B]))
    expect(fakes.fetches).toHaveLength(1)
    expect(live(fakes)).toHaveLength(1)
    actor.send({ type: 'trust.fetched' })
    actor.send(watched(USER, true, [A, B]))
    expect(fakes.fetches).toHaveLength(1)
    actor.send(watched(USER, true, [A]))
    expect(snapshot().value).toBe('loading')
    expect(fakes.fetches.at(-1)?.input).toEqual({ follows: [A] })
    expect([...snapshot().context.trusted!].sort()).toEqual([USER, A, C].sort())
  })

  it('the setting off, or a logout, folds nothing and stops the asking', () => {
    const { actor, fakes, snapshot } = start()
    actor.send(watched(USER, true, [A]))
    actor.send(watched(USER, false, [A]))
    expect(snapshot().value).toBe('off')
    expect(snapshot().context.trusted).toBeNull()
    expect(live(fakes)).toEqual([])
    actor.send(watched(USER, true, [A]))
    actor.send(watched(null, true, null))
    expect(snapshot().value).toBe('off')
    expect(snapshot().context.trusted).toBeNull()
  })

  it('a user who follows nobody has nothing folded; a first follow starts the fold', () => {
    const { actor, snapshot } = start()
    actor.send(watched(USER, true, []))
    expect(snapshot().context.trusted).toBeNull()
    actor.send(watched(USER, true, [A]))
    expect([...snapshot().context.trusted!].sort()).toEqual([USER, A].sort())
  })
})

import { npubEncode } from 'nostr-tools/nip19'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import {
  CONTACTS_UNREADABLE,
  type ContactListEvent,
  changeContacts,
  FOLLOW_MESSAGES,
  type FollowRequest,
  followProblem,
  listFollows,
} from '../../src/core/people/follow.ts'
import {
  type ConfirmParams,
  type FollowChange,
  type FollowMachine,
  type FollowSnapshot,
  followMachine,
  type PublishContactsInput,
  type PublishedContacts,
  pendingChange,
} from '../../src/machines/follow.machine.ts'
import { recordRequests } from './deferred.ts'
import { createModel, describePath, type Harness, modelPaths, walkPath } from './walk.ts'

const USER = 'ab'.repeat(32)
const TARGET = 'cd'.repeat(32)
const OTHER = 'ef'.repeat(32)
const PUBLISH_FAILED = 'Publish failed: ws://127.0.0.1:7777/: blocked: no writes here'

const request = (overrides: Partial<FollowRequest> = {}): FollowRequest => ({
  action: 'follow',
  target: TARGET,
  user: USER,
  ready: true,
  relays: ['ws://127.0.0.1:7777/'],
  ...overrides,
})
const FOLLOW = request()
const UNFOLLOW = request({ action: 'unfollow', target: npubEncode(TARGET) })
const VISITOR = request({ user: null })
const SELF = request({ action: 'unfollow', target: USER })

/** The user's list as relays have it: hints, petnames and content must survive a change. */
const WITHOUT: ContactListEvent = {
  tags: [
    ['p', OTHER, 'wss://relay.example', 'erin'],
    ['t', 'nostr'],
  ],
  content: '{"wss://relay.example":{"read":true,"write":true}}',
  created_at: 100,
}
const WITH: ContactListEvent = { ...WITHOUT, tags: [...WITHOUT.tags, ['p', TARGET]] }

const published = (list: ContactListEvent | null, tags: string[][]): PublishedContacts => ({
  event: { tags, content: list?.content ?? '', created_at: 200 },
  results: [{ relay: 'ws://127.0.0.1:7777/', ok: true, message: '' }],
})

interface Fakes {
  recorder: ReturnType<typeof recordRequests>
  applied: FollowChange[]
  rolledBack: FollowChange[]
  confirmed: ConfirmParams[]
}

function arrange() {
  const recorder = recordRequests()
  const fakes: Fakes = { recorder, applied: [], rolledBack: [], confirmed: [] }
  const machine = followMachine.provide({
    actors: {
      readContacts: recorder.deferred(),
      publishContacts: recorder.deferred(),
      refetchContacts: recorder.deferred(),
    },
    actions: {
      applyOptimistic: (_, change) => void fakes.applied.push(change),
      rollback: (_, change) => void fakes.rolledBack.push(change),
      confirm: (_, params) => void fakes.confirmed.push(params),
    },
  })
  return { machine, fakes }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

/** The publish output the walk resolves with: the tags the machine asked for. */
const publishOutput = (fakes: Fakes): PublishedContacts => {
  const input = fakes.recorder.pending('publish').input as PublishContactsInput
  return published(input.base, input.tags)
}

const model = createModel({
  machine: followMachine,
  samples: {
    'follow.requested': [FOLLOW, UNFOLLOW, VISITOR, SELF].map((r) => ({
      type: 'follow.requested' as const,
      request: r,
    })),
    'xstate.done.actor.read': [null, WITHOUT, WITH].map((output) => ({
      type: 'xstate.done.actor.read' as const,
      output,
    })),
    'xstate.error.actor.read': [
      { type: 'xstate.error.actor.read', error: new Error(CONTACTS_UNREADABLE) },
    ],
    // Stands for the list the machine asked to publish (`deliver` resolves with that one); the
    // model compares the number of relay answers, which is the same.
    'xstate.done.actor.publish': [
      { type: 'xstate.done.actor.publish', output: published(WITHOUT, WITHOUT.tags) },
    ],
    'xstate.error.actor.publish': [
      { type: 'xstate.error.actor.publish', error: new Error(PUBLISH_FAILED) },
    ],
    'xstate.done.actor.refetch': [{ type: 'xstate.done.actor.refetch' }],
    'xstate.error.actor.refetch': [
      { type: 'xstate.error.actor.refetch', error: new Error('offline') },
    ],
  },
  // The last change matters only while one is under way; resting states differ by their message.
  serializeState: (snapshot) => {
    const { context } = snapshot
    return JSON.stringify({
      value: snapshot.value,
      change: pendingChange(snapshot),
      base: snapshot.matches('busy') ? context.base : null,
      error: context.error,
      detail: context.detail,
      results: context.results.length,
    })
  },
})

const harness: Harness<FollowMachine, Fakes> = {
  arrange,
  deliver: {
    'xstate.done.actor.read': async (event, { fakes }) => {
      fakes.recorder.pending('read').resolve(event.output)
      await settle()
    },
    'xstate.error.actor.read': async (event, { fakes }) => {
      fakes.recorder.pending('read').reject(event.error)
      await settle()
    },
    'xstate.done.actor.publish': async (_event, { fakes }) => {
      fakes.recorder.pending('publish').resolve(publishOutput(fakes))
      await settle()
    },
    'xstate.error.actor.publish': async (event, { fakes }) => {
      fakes.recorder.pending('publish').reject(event.error)
      await settle()
    },
    'xstate.done.actor.refetch': async (_event, { fakes }) => {
      fakes.recorder.pending('refetch').resolve()
      await settle()
    },
    'xstate.error.actor.refetch': async (event, { fakes }) => {
      fakes.recorder.pending('refetch').reject(event.error)
      await settle()
    },
  },
  states: {
    busy: (snapshot, { fakes }) => {
      // The view changed at once, before any relay was asked.
      expect(fakes.applied.at(-1)).toEqual(snapshot.context.change)
    },
    'busy.publishing': (snapshot, { fakes }) => {
      const { action, target } = snapshot.context.change!
      const input = fakes.recorder.pending('publish').input as PublishContactsInput
      expect(input.tags).toEqual(changeContacts(action, snapshot.context.base?.tags ?? [], target))
      expect(listFollows(input.tags, target)).toBe(action === 'follow')
      // Every other contact, hint and petname survives.
      for (const tag of snapshot.context.base?.tags ?? []) {
        if (tag[1] !== target) expect(input.tags).toContainEqual(tag)
      }
    },
    'busy.rollingBack': (snapshot, { fakes }) => {
      const change = snapshot.context.change!
      expect(fakes.rolledBack.at(-1)).toEqual(change)
      expect(snapshot.context.error).toBe(FOLLOW_MESSAGES.failed[change.action])
      expect([CONTACTS_UNREADABLE, PUBLISH_FAILED]).toContain(snapshot.context.detail)
      expect(fakes.recorder.pending('refetch').input).toEqual({ user: change.user })
    },
    'ready.done': (snapshot, { fakes }) => {
      const change = snapshot.context.change!
      const confirmed = fakes.confirmed.at(-1)!
      expect(confirmed.user).toBe(USER)
      expect(listFollows(confirmed.list?.tags ?? [], change.target)).toBe(
        change.action === 'follow',
      )
      expect(snapshot.context.error).toBeNull()
    },
    'ready.rolledBack': (snapshot, { fakes }) => {
      expect(fakes.recorder.live()).toEqual([])
      expect(snapshot.context.error).toBe(FOLLOW_MESSAGES.failed[snapshot.context.change!.action])
    },
    'ready.rejected': (snapshot, { fakes }) => {
      expect([followProblem(VISITOR), followProblem(SELF)]).toContain(snapshot.context.error)
      expect(fakes.recorder.live()).toEqual([])
    },
    ready: (snapshot) => {
      expect(pendingChange(snapshot)).toBeNull()
    },
  },
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('follow model', () => {
  const paths = modelPaths(model, 'transitions')
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

describe('follow scenarios', () => {
  function start() {
    const { machine, fakes } = arrange()
    const actor = createActor(machine).start()
    const send = (r: FollowRequest) => actor.send({ type: 'follow.requested', request: r })
    return { actor, fakes, send, snapshot: (): FollowSnapshot => actor.getSnapshot() }
  }

  it('follows: shown at once, the read list changed by one tag, published, confirmed', async () => {
    const { fakes, send, snapshot } = start()
    send(FOLLOW)
    expect(fakes.applied).toEqual([{ action: 'follow', target: TARGET, user: USER }])
    expect(fakes.recorder.pending('read').input).toEqual({ user: USER })
    fakes.recorder.pending('read').resolve(WITHOUT)
    await settle()
    const input = fakes.recorder.pending('publish').input as PublishContactsInput
    expect(input.tags).toEqual([...WITHOUT.tags, ['p', TARGET]])
    expect(input.base?.content).toBe(WITHOUT.content)
    fakes.recorder.pending('publish').resolve(published(WITHOUT, input.tags))
    await settle()
    expect(snapshot().matches({ ready: 'done' })).toBe(true)
    expect(fakes.confirmed.at(-1)?.list?.tags).toEqual(input.tags)
    expect(snapshot().context.results).toHaveLength(1)
    expect(fakes.rolledBack).toEqual([])
  })

  it('already following counts as success: nothing is published', async () => {
    const { fakes, send, snapshot } = start()
    send(FOLLOW)
    fakes.recorder.pending('read').resolve(WITH)
    await settle()
    expect(snapshot().matches({ ready: 'done' })).toBe(true)
    expect(fakes.recorder.requests.map((r) => r.id)).toEqual(['read'])
    expect(fakes.confirmed).toEqual([{ user: USER, list: WITH }])
  })

  it('not following counts as success for an unfollow', async () => {
    const { fakes, send, snapshot } = start()
    send(UNFOLLOW)
    fakes.recorder.pending('read').resolve(null)
    await settle()
    expect(snapshot().matches({ ready: 'done' })).toBe(true)
    expect(fakes.recorder.requests.map((r) => r.id)).toEqual(['read'])
  })

  it('every relay refuses: rolled back with "Follow failed" and why, then fetched again', async () => {
    const { fakes, send, snapshot } = start()
    send(FOLLOW)
    fakes.recorder.pending('read').resolve(WITHOUT)
    await settle()
    fakes.recorder.pending('publish').reject(new Error(PUBLISH_FAILED))
    await settle()
    expect(fakes.rolledBack).toEqual(fakes.applied)
    expect(snapshot().context).toMatchObject({ error: 'Follow failed', detail: PUBLISH_FAILED })
    fakes.recorder.pending('refetch').resolve()
    await settle()
    expect(snapshot().matches({ ready: 'rolledBack' })).toBe(true)
    // The message stays until dismissed or the next request.
    expect(snapshot().context.error).toBe('Follow failed')
  })

  it('a list that cannot be read is never replaced: nothing published, "Unfollow failed"', async () => {
    const { actor, fakes, send, snapshot } = start()
    send(UNFOLLOW)
    fakes.recorder.pending('read').reject(new Error(CONTACTS_UNREADABLE))
    await settle()
    expect(fakes.recorder.requests.map((r) => r.id)).toEqual(['read', 'refetch'])
    expect(snapshot().context).toMatchObject({
      error: 'Unfollow failed',
      detail: CONTACTS_UNREADABLE,
    })
    fakes.recorder.pending('refetch').reject(new Error('offline'))
    await settle()
    actor.send({ type: 'follow.dismissed' })
    expect(snapshot().matches({ ready: 'idle' })).toBe(true)
    expect(snapshot().context.error).toBeNull()
  })

  it.each([
    [request({ ready: false }), 'Nostr client not ready'],
    [VISITOR, 'Sign in required to follow users'],
    [request({ action: 'unfollow', user: null }), 'Sign in required to unfollow users'],
    [request({ user: 'me' }), 'Invalid user pubkey'],
    [request({ relays: [] }), 'No relays configured'],
    [
      request({ target: 'npub1nope' }),
      'Invalid pubkey format. Please enter a valid 64-character hex pubkey or npub.',
    ],
    [request({ target: USER.toUpperCase() }), "Can't follow yourself"],
    [SELF, "Can't unfollow yourself"],
  ])('refuses %o with the spec message, touching nothing', (r, message) => {
    const { fakes, send, snapshot } = start()
    send(r)
    expect(snapshot().matches({ ready: 'rejected' })).toBe(true)
    expect(snapshot().context.error).toBe(message)
    expect(fakes.applied).toEqual([])
    expect(fakes.recorder.requests).toEqual([])
  })

  it('one change at a time: a request while busy is ignored', async () => {
    const { fakes, send } = start()
    send(FOLLOW)
    send(request({ target: OTHER }))
    expect(fakes.applied).toHaveLength(1)
    expect(fakes.recorder.requests).toHaveLength(1)
  })
})

import { npubEncode } from 'nostr-tools/nip19'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { type RestoreOffer, restoreQuestion } from '../../src/core/people/contact-versions.ts'
import {
  CONTACTS_UNREADABLE,
  type ContactListEvent,
  changeContacts,
  FOLLOW_MESSAGES,
  type FollowRequest,
  followProblem,
  listFollows,
  type RestoreRequest,
  restoreProblem,
} from '../../src/core/people/follow.ts'
import { riskyShrink, shrinkQuestion } from '../../src/core/people/follow-guard.ts'
import {
  type AcceptParams,
  type ConfirmParams,
  type ContactsRead,
  type FollowChange,
  nextTags,
  type PublishContactsInput,
  type PublishedContacts,
} from '../../src/machines/follow.context.ts'
import {
  type FollowMachine,
  type FollowSnapshot,
  followMachine,
  followQuestion,
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
/** A list of 6 people, and the same user's newer list shrunk by another client to 1. */
const PEOPLE = ['11', '22', '33', '44', '55'].map((byte) => byte.repeat(32))
const LONG: ContactListEvent = {
  tags: [...WITHOUT.tags, ...PEOPLE.map((pubkey) => ['p', pubkey])],
  content: '{"wss://old.example":{"read":true,"write":true}}',
  created_at: 50,
}
const SHRUNK: ContactListEvent = { tags: [['p', OTHER]], content: '', created_at: 150 }
const OFFER: RestoreOffer = {
  earlier: LONG,
  shrink: { before: 6, after: 1, dropped: 5 },
  newestAt: SHRUNK.created_at,
}
/** Restoring the short list over the long one asks first; a visitor cannot restore. */
const restoreOf = (overrides: Partial<RestoreRequest> = {}): RestoreRequest => ({
  version: WITHOUT,
  user: USER,
  ready: true,
  relays: ['ws://127.0.0.1:7777/'],
  ...overrides,
})
const RESTORE = restoreOf()
const RESTORE_VISITOR = restoreOf({ user: null })
const read = (list: ContactListEvent | null, offer: RestoreOffer | null = null): ContactsRead => ({
  list,
  offer,
})

const published = (
  list: ContactListEvent | null,
  tags: string[][],
  content = list?.content ?? '',
): PublishedContacts => ({
  event: { tags, content, created_at: 200 },
  results: [{ relay: 'ws://127.0.0.1:7777/', ok: true, message: '' }],
})

interface Fakes {
  recorder: ReturnType<typeof recordRequests>
  applied: FollowChange[]
  rolledBack: FollowChange[]
  confirmed: ConfirmParams[]
  accepted: AcceptParams[]
}

function arrange() {
  const recorder = recordRequests()
  const fakes: Fakes = { recorder, applied: [], rolledBack: [], confirmed: [], accepted: [] }
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
      acceptList: (_, params) => void fakes.accepted.push(params),
    },
  })
  return { machine, fakes }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

/** The publish output the walk resolves with: the tags the machine asked for. */
const publishOutput = (fakes: Fakes): PublishedContacts => {
  const input = fakes.recorder.pending('publish').input as PublishContactsInput
  return published(input.base, input.tags, input.content)
}

const model = createModel({
  machine: followMachine,
  samples: {
    'follow.requested': [FOLLOW, UNFOLLOW, VISITOR, SELF].map((r) => ({
      type: 'follow.requested' as const,
      request: r,
    })),
    'follow.restoreRequested': [RESTORE, RESTORE_VISITOR].map((r) => ({
      type: 'follow.restoreRequested' as const,
      request: r,
    })),
    'xstate.done.actor.read': [
      read(null),
      read(WITHOUT),
      read(WITH),
      read(LONG),
      read(SHRUNK, OFFER),
    ].map((output) => ({
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
      question: followQuestion(snapshot),
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
      const change = snapshot.context.change!
      const { action, target, version } = change
      const input = fakes.recorder.pending('publish').input as PublishContactsInput
      expect(input.tags).toEqual(nextTags(change, snapshot.context.base))
      if (action === 'restore') {
        // The version's own tags and content (NIP-02 relay map), dated after the newest.
        expect(input.tags).toEqual(version?.tags)
        expect(input.content).toBe(version?.content)
        return
      }
      expect(input.tags).toEqual(changeContacts(action, snapshot.context.base?.tags ?? [], target))
      expect(listFollows(input.tags, target)).toBe(action === 'follow')
      expect(input.content).toBe(snapshot.context.base?.content ?? '')
      // Every other contact, hint and petname survives.
      for (const tag of snapshot.context.base?.tags ?? []) {
        if (tag[1] !== target) expect(input.tags).toContainEqual(tag)
      }
    },
    'busy.offering': (snapshot, { fakes }) => {
      // Built on the shrunk newest only once the user says so: nothing sent yet.
      expect(snapshot.context.offer).toEqual(OFFER)
      expect(snapshot.context.base).toEqual(SHRUNK)
      expect(fakes.recorder.live()).toEqual([])
      expect(followQuestion(snapshot)).toEqual({ kind: 'restore', offer: OFFER })
    },
    'busy.confirmingShrink': (snapshot, { fakes }) => {
      const { base, change } = snapshot.context
      const shrink = riskyShrink(base?.tags ?? [], nextTags(change!, base))
      expect(shrink).not.toBeNull()
      expect(snapshot.context.shrink).toEqual(shrink)
      expect(fakes.recorder.live()).toEqual([])
    },
    'ready.cancelled': (snapshot, { fakes }) => {
      // Put back, nothing published, nothing left running.
      expect(fakes.rolledBack.at(-1)).toEqual(snapshot.context.change)
      expect(fakes.recorder.requests.map((r) => r.id)).not.toContain('publish')
      expect(fakes.recorder.live()).toEqual([])
      expect(snapshot.context.error).toBeNull()
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
      if (change.action === 'restore') expect(confirmed.list?.tags).toEqual(change.version?.tags)
      else {
        expect(listFollows(confirmed.list?.tags ?? [], change.target)).toBe(
          change.action === 'follow',
        )
      }
      expect(snapshot.context.error).toBeNull()
    },
    'ready.rolledBack': (snapshot, { fakes }) => {
      expect(fakes.recorder.live()).toEqual([])
      expect(snapshot.context.error).toBe(FOLLOW_MESSAGES.failed[snapshot.context.change!.action])
    },
    'ready.rejected': (snapshot, { fakes }) => {
      expect([
        followProblem(VISITOR),
        followProblem(SELF),
        restoreProblem(RESTORE_VISITOR),
      ]).toContain(snapshot.context.error)
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
    expect(fakes.applied).toEqual([{ action: 'follow', target: TARGET, user: USER, version: null }])
    expect(fakes.recorder.pending('read').input).toEqual({ user: USER })
    fakes.recorder.pending('read').resolve(read(WITHOUT))
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
    fakes.recorder.pending('read').resolve(read(WITH))
    await settle()
    expect(snapshot().matches({ ready: 'done' })).toBe(true)
    expect(fakes.recorder.requests.map((r) => r.id)).toEqual(['read'])
    expect(fakes.confirmed).toEqual([{ user: USER, list: WITH }])
  })

  it('not following counts as success for an unfollow', async () => {
    const { fakes, send, snapshot } = start()
    send(UNFOLLOW)
    fakes.recorder.pending('read').resolve(read(null))
    await settle()
    expect(snapshot().matches({ ready: 'done' })).toBe(true)
    expect(fakes.recorder.requests.map((r) => r.id)).toEqual(['read'])
  })

  it('every relay refuses: rolled back with "Follow failed" and why, then fetched again', async () => {
    const { fakes, send, snapshot } = start()
    send(FOLLOW)
    fakes.recorder.pending('read').resolve(read(WITHOUT))
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
  it('a list shrunk by another client: asked first; "Restore it first" builds on the earlier one', async () => {
    const { actor, fakes, send, snapshot } = start()
    send(FOLLOW)
    fakes.recorder.pending('read').resolve(read(SHRUNK, OFFER))
    await settle()
    expect(snapshot().matches({ busy: 'offering' })).toBe(true)
    expect(restoreQuestion(OFFER)).toMatch(
      /^Your newest follow list \(.+\) names 1 person; an earlier one \(.+\) named 6 people\. Another app may have published an old or empty copy\. Restore the earlier list before this change\?$/,
    )
    actor.send({ type: 'follow.confirmed' })
    await settle()
    const input = fakes.recorder.pending('publish').input as PublishContactsInput
    expect(input.tags).toEqual([...LONG.tags, ['p', TARGET]])
    expect(input.content).toBe(LONG.content)
    // Dated as the newest, so the list published replaces it.
    expect(input.base?.created_at).toBe(SHRUNK.created_at)
    expect(fakes.accepted).toEqual([])
  })

  it('"Keep the newest": the shrunk list is accepted and the change made to it', async () => {
    const { actor, fakes, send } = start()
    send(FOLLOW)
    fakes.recorder.pending('read').resolve(read(SHRUNK, OFFER))
    await settle()
    actor.send({ type: 'follow.declined' })
    await settle()
    expect(fakes.accepted).toEqual([{ user: USER, createdAt: SHRUNK.created_at }])
    const input = fakes.recorder.pending('publish').input as PublishContactsInput
    expect(input.tags).toEqual([...SHRUNK.tags, ['p', TARGET]])
  })

  it('Cancel at the question: the view put back, nothing published', async () => {
    const { actor, fakes, send, snapshot } = start()
    send(UNFOLLOW)
    fakes.recorder.pending('read').resolve(read(SHRUNK, OFFER))
    await settle()
    actor.send({ type: 'follow.cancelled' })
    expect(snapshot().matches({ ready: 'cancelled' })).toBe(true)
    expect(fakes.rolledBack).toEqual(fakes.applied)
    expect(fakes.recorder.requests.map((r) => r.id)).toEqual(['read'])
  })

  it('restoring a much shorter version asks with the numbers; "Publish anyway" publishes it', async () => {
    const { actor, fakes, snapshot } = start()
    actor.send({ type: 'follow.restoreRequested', request: RESTORE })
    fakes.recorder.pending('read').resolve(read(LONG))
    await settle()
    const question = followQuestion(snapshot())
    expect(question).toEqual({ kind: 'shrink', shrink: { before: 6, after: 1, dropped: 5 } })
    expect(question?.kind === 'shrink' && shrinkQuestion(question.shrink)).toBe(
      'This would leave you following 1 person instead of 6: 5 of the people in your newest list would be dropped, on every relay.',
    )
    actor.send({ type: 'follow.confirmed' })
    await settle()
    const input = fakes.recorder.pending('publish').input as PublishContactsInput
    expect(input).toEqual({ user: USER, base: LONG, tags: WITHOUT.tags, content: WITHOUT.content })
    fakes.recorder.pending('publish').reject(new Error(PUBLISH_FAILED))
    await settle()
    expect(snapshot().context).toMatchObject({ error: 'Restore failed', detail: PUBLISH_FAILED })
  })

  it('a restore that keeps the list as long publishes at once, with its own content', async () => {
    const { actor, fakes, snapshot } = start()
    actor.send({ type: 'follow.restoreRequested', request: restoreOf({ version: LONG }) })
    fakes.recorder.pending('read').resolve(read(SHRUNK, OFFER))
    await settle()
    // The restore is the answer already: not asked whether to restore.
    expect(followQuestion(snapshot())).toBeNull()
    const input = fakes.recorder.pending('publish').input as PublishContactsInput
    expect(input).toEqual({ user: USER, base: SHRUNK, tags: LONG.tags, content: LONG.content })
  })

  it.each([
    [restoreOf({ user: null }), 'Sign in required to restore your follow list'],
    [restoreOf({ user: 'me' }), 'Invalid user pubkey'],
    [restoreOf({ relays: [] }), 'No relays configured'],
    [restoreOf({ ready: false }), 'Nostr client not ready'],
  ])('refuses the restore %o with its message, touching nothing', (r, message) => {
    const { actor, fakes, snapshot } = start()
    actor.send({ type: 'follow.restoreRequested', request: r })
    expect(snapshot().matches({ ready: 'rejected' })).toBe(true)
    expect(snapshot().context.error).toBe(message)
    expect(fakes.applied).toEqual([])
  })
})

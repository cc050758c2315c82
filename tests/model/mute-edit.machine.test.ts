import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import {
  changeMuteParts,
  listsMute,
  MUTE_MESSAGES,
  type MuteChange,
  type MuteListEvent,
  type MuteRequest,
  muteProblem,
} from '../../src/core/people/mute-edit.ts'
import {
  type ConfirmParams,
  type MuteEditMachine,
  type MuteEditSnapshot,
  muteEditMachine,
  type PublishedMuteList,
  type PublishMuteListInput,
  pendingMute,
} from '../../src/machines/mute-edit.machine.ts'
import { recordRequests, settleByInvokeId } from './deferred.ts'
import { createModel, describePath, type Harness, modelPaths, walkPath } from './walk.ts'

const USER = 'ab'.repeat(32)
const TARGET = 'cd'.repeat(32)
const OTHER = 'ef'.repeat(32)
const RELAY = 'ws://127.0.0.1:7777/'
const PUBLISH_FAILED = `Publish failed: ${RELAY}: blocked: no writes here`
const SIGNER_REFUSED = 'The extension refused'

const request = (
  change: Partial<MuteChange> = {},
  overrides: Partial<MuteRequest> = {},
): MuteRequest => ({
  change: { action: 'mute', target: { kind: 'p', value: TARGET }, place: 'public', ...change },
  user: USER,
  ready: true,
  relays: [RELAY],
  ...overrides,
})
const MUTE_PUBLIC = request()
const MUTE_WORD_PRIVATE = request({ target: { kind: 'word', value: 'Secret' }, place: 'private' })
const UNMUTE = request({ action: 'unmute' })
const VISITOR = request({}, { user: null })

/** The list as relays have it: a hint and an unknown tag must survive, and the private part. */
const PUBLIC_ONLY: MuteListEvent = {
  tags: [
    ['p', OTHER, 'wss://relay.example'],
    ['unknown', 'kept'],
  ],
  content: '',
  created_at: 100,
}
const WITH_PRIVATE: MuteListEvent = { ...PUBLIC_ONLY, content: 'nip44-ciphertext' }
/** What WITH_PRIVATE's content decrypts to. */
const HIDDEN = [['p', TARGET]]
const NEW_CONTENT = 'nip44-ciphertext-2'
const RESULTS = [{ relay: RELAY, ok: true, message: '' }]

interface Fakes {
  recorder: ReturnType<typeof recordRequests>
  confirmed: ConfirmParams[]
}

function arrange() {
  const recorder = recordRequests()
  const fakes: Fakes = { recorder, confirmed: [] }
  const machine = muteEditMachine.provide({
    actors: {
      readMuteList: recorder.deferred(),
      decryptMutes: recorder.deferred(),
      encryptMutes: recorder.deferred(),
      publishMuteList: recorder.deferred(),
    },
    actions: { confirm: (_, params) => void fakes.confirmed.push(params) },
  })
  return { machine, fakes }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

const PUBLISHED: PublishedMuteList = {
  event: { tags: [], content: '', created_at: 101 },
  results: RESULTS,
}

const model = createModel({
  machine: muteEditMachine,
  samples: {
    'mute.requested': [MUTE_PUBLIC, MUTE_WORD_PRIVATE, UNMUTE, VISITOR].map((r) => ({
      type: 'mute.requested' as const,
      request: r,
    })),
    'xstate.done.actor.read': [null, PUBLIC_ONLY, WITH_PRIVATE].map((output) => ({
      type: 'xstate.done.actor.read' as const,
      output,
    })),
    'xstate.error.actor.read': [
      { type: 'xstate.error.actor.read', error: new Error(MUTE_MESSAGES.unreadable) },
    ],
    'xstate.done.actor.decrypt': [{ type: 'xstate.done.actor.decrypt', output: HIDDEN }],
    'xstate.error.actor.decrypt': [
      { type: 'xstate.error.actor.decrypt', error: new Error('invalid MAC') },
    ],
    'xstate.done.actor.encrypt': [{ type: 'xstate.done.actor.encrypt', output: NEW_CONTENT }],
    'xstate.error.actor.encrypt': [
      { type: 'xstate.error.actor.encrypt', error: new Error(SIGNER_REFUSED) },
    ],
    'xstate.done.actor.publish': [{ type: 'xstate.done.actor.publish', output: PUBLISHED }],
    'xstate.error.actor.publish': [
      { type: 'xstate.error.actor.publish', error: new Error(PUBLISH_FAILED) },
    ],
  },
  serializeState: (snapshot) => {
    const { context } = snapshot
    return JSON.stringify({
      value: snapshot.value,
      change: pendingMute(snapshot),
      base: snapshot.matches('busy') ? context.base : null,
      privateTags: snapshot.matches('busy') ? context.privateTags : null,
      content: snapshot.matches('busy') ? context.content : null,
      error: context.error,
      detail: context.detail,
      results: context.results.length,
    })
  },
})

const EVENTS = [
  'xstate.done.actor.read',
  'xstate.error.actor.read',
  'xstate.done.actor.decrypt',
  'xstate.error.actor.decrypt',
  'xstate.done.actor.encrypt',
  'xstate.error.actor.encrypt',
  'xstate.done.actor.publish',
  'xstate.error.actor.publish',
]

const harness: Harness<MuteEditMachine, Fakes> = {
  arrange,
  deliver: settleByInvokeId<Fakes>(EVENTS, settle),
  states: {
    'busy.reading': (snapshot, { fakes }) => {
      expect(fakes.recorder.pending('read').input).toEqual({ user: USER })
      expect(snapshot.context.base).toBeNull()
    },
    'busy.decrypting': (snapshot, { fakes }) => {
      expect(fakes.recorder.pending('decrypt').input).toEqual({
        user: USER,
        content: WITH_PRIVATE.content,
      })
      expect(snapshot.context.base).toEqual(WITH_PRIVATE)
    },
    'busy.encrypting': (snapshot, { fakes }) => {
      const { context } = snapshot
      const change = context.change!
      const { tags } = fakes.recorder.pending('encrypt').input as { tags: string[][] }
      // The private part as decrypted, changed by this one mute.
      expect(tags).toEqual(
        changeMuteParts(change, { public: context.base?.tags ?? [], private: context.privateTags })
          .private,
      )
      expect(listsMute(tags, change.target)).toBe(
        change.action === 'mute' && change.place === 'private',
      )
    },
    'busy.publishing': (snapshot, { fakes }) => {
      const { context } = snapshot
      const change = context.change!
      const input = fakes.recorder.pending('publish').input as PublishMuteListInput
      expect(listsMute(input.tags, change.target)).toBe(
        change.action === 'mute' && change.place === 'public',
      )
      // Every other tag survives, with its hint; our client tag last.
      for (const tag of context.base?.tags ?? []) {
        if (tag[1] !== change.target.value) expect(input.tags).toContainEqual(tag)
      }
      expect(input.tags.at(-1)).toEqual(['client', 'Plume'])
      // Re-encrypted only when the private part changed; kept as read otherwise.
      const encrypted = fakes.recorder.requests.some((r) => r.id === 'encrypt' && r.settled)
      expect(input.content).toBe(encrypted ? NEW_CONTENT : (context.base?.content ?? ''))
      // A private mute is always encrypted, into a list that had no private part too.
      if (change.action === 'mute' && change.place === 'private') expect(encrypted).toBe(true)
    },
    'ready.done': (snapshot, { fakes }) => {
      const confirmed = fakes.confirmed.at(-1)!
      expect(confirmed.user).toBe(USER)
      expect(snapshot.context.error).toBeNull()
      expect(fakes.recorder.live()).toEqual([])
    },
    'ready.failed': (snapshot, { fakes }) => {
      const change = snapshot.context.change!
      expect(snapshot.context.error).toBe(MUTE_MESSAGES.failed[change.action])
      expect([
        MUTE_MESSAGES.unreadable,
        MUTE_MESSAGES.privateUnreadable,
        SIGNER_REFUSED,
        PUBLISH_FAILED,
      ]).toContain(snapshot.context.detail)
      expect(fakes.recorder.live()).toEqual([])
    },
    'ready.rejected': (snapshot, { fakes }) => {
      expect(snapshot.context.error).toBe(muteProblem(VISITOR))
      expect(fakes.recorder.live()).toEqual([])
    },
    ready: (snapshot) => {
      expect(pendingMute(snapshot)).toBeNull()
    },
  },
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('mute-edit model', () => {
  const paths = modelPaths(model, 'transitions')
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

describe('mute-edit scenarios', () => {
  function start() {
    const { machine, fakes } = arrange()
    const actor = createActor(machine).start()
    const send = (r: MuteRequest) => actor.send({ type: 'mute.requested', request: r })
    return { actor, fakes, send, snapshot: (): MuteEditSnapshot => actor.getSnapshot() }
  }
  const resolve = async (fakes: Fakes, id: string, value: unknown) => {
    fakes.recorder.pending(id).resolve(value)
    await settle()
  }

  it('mutes a word privately: decrypted, changed, encrypted again, published with the public tags kept', async () => {
    const { fakes, send, snapshot } = start()
    send(MUTE_WORD_PRIVATE)
    await resolve(fakes, 'read', WITH_PRIVATE)
    await resolve(fakes, 'decrypt', HIDDEN)
    expect(fakes.recorder.pending('encrypt').input).toEqual({
      user: USER,
      tags: [...HIDDEN, ['word', 'secret']],
    })
    await resolve(fakes, 'encrypt', NEW_CONTENT)
    expect(fakes.recorder.pending('publish').input).toEqual({
      user: USER,
      base: WITH_PRIVATE,
      tags: [...PUBLIC_ONLY.tags, ['client', 'Plume']],
      content: NEW_CONTENT,
    })
    await resolve(fakes, 'publish', PUBLISHED)
    expect(snapshot().matches({ ready: 'done' })).toBe(true)
    expect(fakes.confirmed).toEqual([
      { user: USER, list: PUBLISHED.event, privateTags: [...HIDDEN, ['word', 'secret']] },
    ])
    expect(snapshot().context.results).toEqual(RESULTS)
  })

  it('moves a private mute to public: out of the private part, into the tags', async () => {
    const { fakes, send } = start()
    send(MUTE_PUBLIC)
    await resolve(fakes, 'read', WITH_PRIVATE)
    await resolve(fakes, 'decrypt', HIDDEN)
    expect((fakes.recorder.pending('encrypt').input as { tags: string[][] }).tags).toEqual([])
    await resolve(fakes, 'encrypt', NEW_CONTENT)
    expect((fakes.recorder.pending('publish').input as PublishMuteListInput).tags).toEqual([
      ...PUBLIC_ONLY.tags,
      ['p', TARGET],
      ['client', 'Plume'],
    ])
  })

  it('a private part it cannot decrypt: a public mute goes on with the content kept; a private one fails', async () => {
    const { fakes, send, snapshot } = start()
    send(request({ target: { kind: 't', value: 'news' } }))
    await resolve(fakes, 'read', WITH_PRIVATE)
    fakes.recorder.pending('decrypt').reject(new Error('invalid MAC'))
    await settle()
    expect((fakes.recorder.pending('publish').input as PublishMuteListInput).content).toBe(
      WITH_PRIVATE.content,
    )
    await resolve(fakes, 'publish', PUBLISHED)
    expect(fakes.confirmed.at(-1)?.privateTags).toBeNull()

    send(MUTE_WORD_PRIVATE)
    await resolve(fakes, 'read', WITH_PRIVATE)
    fakes.recorder.pending('decrypt').reject(new Error('invalid MAC'))
    await settle()
    expect(snapshot().matches({ ready: 'failed' })).toBe(true)
    expect(snapshot().context).toMatchObject({
      error: 'Mute failed',
      detail: MUTE_MESSAGES.privateUnreadable,
    })
    expect(fakes.recorder.requests.filter((r) => r.id === 'publish')).toHaveLength(1)
  })

  it('no relay answered: "Mute failed", nothing published', async () => {
    const { fakes, send, snapshot } = start()
    send(MUTE_PUBLIC)
    fakes.recorder.pending('read').reject(new Error(MUTE_MESSAGES.unreadable))
    await settle()
    expect(snapshot().context).toMatchObject({
      error: 'Mute failed',
      detail: MUTE_MESSAGES.unreadable,
    })
    expect(fakes.recorder.requests.map((r) => r.id)).toEqual(['read'])
  })

  it('as asked already: done without publishing, the list read shown', async () => {
    const { fakes, send, snapshot } = start()
    send(UNMUTE)
    await resolve(fakes, 'read', PUBLIC_ONLY)
    expect(snapshot().matches({ ready: 'done' })).toBe(true)
    expect(fakes.confirmed).toEqual([{ user: USER, list: PUBLIC_ONLY, privateTags: [] }])
    expect(fakes.recorder.requests.map((r) => r.id)).toEqual(['read'])
  })

  it('one change at a time; a refused request says why; dismissed, the message goes', async () => {
    const { actor, fakes, send, snapshot } = start()
    send(MUTE_PUBLIC)
    send(MUTE_WORD_PRIVATE)
    expect(pendingMute(snapshot())?.target).toEqual({ kind: 'p', value: TARGET })
    await resolve(fakes, 'read', null)
    await resolve(fakes, 'publish', PUBLISHED)
    send(VISITOR)
    expect(snapshot().context.error).toBe('No signing method available')
    actor.send({ type: 'mute.dismissed' })
    expect(snapshot().matches({ ready: 'idle' })).toBe(true)
    expect(snapshot().context.error).toBeNull()
  })
})

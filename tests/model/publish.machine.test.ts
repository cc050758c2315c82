import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import type { PublishRequest } from '../../src/core/publish/publish-request.ts'
import { type PublishResult, publishFailedMessage } from '../../src/core/relays/publish-result.ts'
import {
  type AcceptedParams,
  isPublished,
  isPublishing,
  type PublishEmitted,
  type PublishEvent,
  type PublishMachine,
  type PublishSnapshot,
  publishMachine,
  publishStep,
  type SendInput,
} from '../../src/machines/publish.machine.ts'
import { recordRequests } from './deferred.ts'
import { createModel, describePath, type Harness, modelPaths, walkPath } from './walk.ts'

const REQUEST: PublishRequest = { kind: 'note', content: 'hello #plume' }
const TEMPLATE = { kind: 1, created_at: 1000, tags: [['t', 'plume']], content: 'hello #plume' }
const MINED = { ...TEMPLATE, tags: [...TEMPLATE.tags, ['nonce', '7', '16']] }
const SIGNED = finalizeEvent({ ...MINED }, generateSecretKey())
const ACCEPTED: PublishResult = { relay: 'wss://a.example', ok: true, message: '' }
const REFUSED: PublishResult = { relay: 'wss://b.example', ok: false, message: 'blocked: no' }
const BUILD_FAILED = 'Nostr client not ready'
const PREPARE_FAILED = 'Mining aborted'
const SIGN_FAILED = 'No signing method available'
const DROPPED = 'Not sent: "hello #plume" was refused by wss://b.example: blocked: no'

interface Send {
  input: SendInput
  sendBack(event: PublishEvent): void
  stopped: boolean
}

interface Fakes {
  requests: ReturnType<typeof recordRequests>
  sends: Send[]
  /** The watches on the publish queue's verdict, one per stay in `queued`. */
  fates: Send[]
  remembered: AcceptedParams[]
  emitted: PublishEmitted[]
  /** 'publish.queued' announcements: the event went to the outbox, offline. */
  queued: PublishEmitted[]
  /** 'publish.dropped' announcements: the outbox dropped it, a relay refused it for good. */
  dropped: PublishEmitted[]
}

function arrange() {
  const requests = recordRequests()
  const fakes: Fakes = {
    requests,
    sends: [],
    fates: [],
    remembered: [],
    emitted: [],
    queued: [],
    dropped: [],
  }
  const machine = publishMachine.provide({
    actors: {
      build: requests.deferred(),
      prepare: requests.deferred(),
      sign: requests.deferred(),
      send: fromCallback<PublishEvent, SendInput>(({ input, sendBack }) => {
        const send: Send = { input, sendBack, stopped: false }
        fakes.sends.push(send)
        return () => {
          send.stopped = true
        }
      }),
      queueFate: fromCallback<PublishEvent, SendInput>(({ input, sendBack }) => {
        const fate: Send = { input, sendBack, stopped: false }
        fakes.fates.push(fate)
        return () => {
          fate.stopped = true
        }
      }),
    },
    actions: {
      remember: (_, params: AcceptedParams) => {
        fakes.remembered.push(params)
      },
    },
  }) as PublishMachine
  return { machine, fakes }
}

/** The one actor of a kind running now. */
const live = (actors: Send[]): Send => {
  const running = actors.filter((actor) => !actor.stopped)
  expect(running).toHaveLength(1)
  return running[0]!
}
const liveSend = (fakes: Fakes): Send => live(fakes.sends)

const settle = () => vi.advanceTimersByTimeAsync(0)

const model = createModel({
  machine: publishMachine,
  samples: {
    'publish.submitted': [{ type: 'publish.submitted', request: REQUEST }],
    'publish.answered': [
      { type: 'publish.answered', result: ACCEPTED },
      { type: 'publish.answered', result: REFUSED },
    ],
    'xstate.done.actor.build': [{ type: 'xstate.done.actor.build', output: TEMPLATE }],
    'xstate.error.actor.build': [
      { type: 'xstate.error.actor.build', error: new Error(BUILD_FAILED) },
    ],
    'xstate.done.actor.prepare': [{ type: 'xstate.done.actor.prepare', output: MINED }],
    'xstate.error.actor.prepare': [
      { type: 'xstate.error.actor.prepare', error: new Error(PREPARE_FAILED) },
    ],
    'xstate.done.actor.sign': [{ type: 'xstate.done.actor.sign', output: SIGNED }],
    'xstate.error.actor.sign': [{ type: 'xstate.error.actor.sign', error: new Error(SIGN_FAILED) }],
    'publish.queueDropped': [{ type: 'publish.queueDropped', message: DROPPED }],
  },
  // Answers may repeat without end: two or more are one class.
  serializeState: (snapshot) => {
    const { results, error, template, event } = snapshot.context
    return JSON.stringify({
      value: snapshot.value,
      answers: Math.min(results.length, 2),
      accepted: results.some((result) => result.ok),
      error,
      template: template === MINED ? 'mined' : template ? 'built' : null,
      signed: event !== null,
    })
  },
})

const resolve =
  (id: string, value?: unknown) =>
  async (_: unknown, { fakes }: { fakes: Fakes }) => {
    fakes.requests.pending(id).resolve(value)
    await settle()
  }
const reject =
  (id: string, message: string) =>
  async (_: unknown, { fakes }: { fakes: Fakes }) => {
    fakes.requests.pending(id).reject(new Error(message))
    await settle()
  }

const harness: Harness<PublishMachine, Fakes> = {
  arrange,
  observe: (actor, fakes) => {
    actor.on('publish.accepted', (event) => fakes.emitted.push(event))
    actor.on('publish.queued', (event) => fakes.queued.push(event))
    actor.on('publish.dropped', (event) => fakes.dropped.push(event))
  },
  deliver: {
    'xstate.done.actor.build': resolve('build', TEMPLATE),
    'xstate.error.actor.build': reject('build', BUILD_FAILED),
    'xstate.done.actor.prepare': resolve('prepare', MINED),
    'xstate.error.actor.prepare': reject('prepare', PREPARE_FAILED),
    'xstate.done.actor.sign': resolve('sign', SIGNED),
    'xstate.error.actor.sign': reject('sign', SIGN_FAILED),
    'publish.answered': (event, { fakes }) => liveSend(fakes).sendBack(event),
    'publish.settled': (event, { fakes }) => liveSend(fakes).sendBack(event),
    'publish.queued': (event, { fakes }) => liveSend(fakes).sendBack(event),
    'publish.queueSent': (event, { fakes }) => live(fakes.fates).sendBack(event),
    'publish.queueDropped': (event, { fakes }) => live(fakes.fates).sendBack(event),
  },
  states: {
    '*': (snapshot, { fakes }) => {
      // Effects run only in their state: nothing left over from an earlier step.
      const live = fakes.requests.live().map((request) => request.id)
      const steps = { building: 'build', preparing: 'prepare', signing: 'sign' } as const
      const step = (Object.keys(steps) as (keyof typeof steps)[]).find((state) =>
        snapshot.matches(state),
      )
      expect(live).toEqual(step ? [steps[step]] : [])
      expect(fakes.sends.filter((send) => !send.stopped)).toHaveLength(
        snapshot.matches('sending') ? 1 : 0,
      )
      expect(fakes.fates.filter((fate) => !fate.stopped)).toHaveLength(
        snapshot.matches('queued') ? 1 : 0,
      )
      // Announced and remembered exactly as often as a relay first accepted an event.
      expect(fakes.emitted).toHaveLength(fakes.remembered.length)
    },
    idle: (snapshot) => {
      expect(isPublishing(snapshot)).toBe(false)
      expect(isPublished(snapshot)).toBe(false)
    },
    building: (snapshot, { fakes }) => {
      expect(fakes.requests.pending('build').input).toEqual({ request: REQUEST })
      expect(snapshot.context.results).toEqual([])
      expect(snapshot.context.error).toBeNull()
      expect(publishStep(snapshot)).toBe('building')
    },
    preparing: (_, { fakes }) => {
      expect(fakes.requests.pending('prepare').input).toEqual({ template: TEMPLATE })
    },
    signing: (snapshot, { fakes }) => {
      // The prepared (mined) event is what is signed.
      expect(fakes.requests.pending('sign').input).toEqual({ template: MINED })
      expect(isPublishing(snapshot)).toBe(true)
    },
    sending: (_, { fakes }) => {
      expect(liveSend(fakes).input).toEqual({ event: SIGNED })
    },
    'sending.waiting': (snapshot) => {
      expect(snapshot.context.results.every((result) => !result.ok)).toBe(true)
      expect(isPublishing(snapshot)).toBe(true)
    },
    'sending.accepted': (snapshot, { fakes }) => {
      expect(isPublished(snapshot)).toBe(true)
      expect(isPublishing(snapshot)).toBe(false)
      expect(fakes.remembered.at(-1)).toEqual({ event: SIGNED, request: REQUEST })
      expect(fakes.emitted.at(-1)).toEqual({
        type: 'publish.accepted',
        event: SIGNED,
        request: REQUEST,
      })
    },
    published: (snapshot, { fakes }) => {
      // A relay accepted it, or the queue sent it later (the first try's answers are gone).
      const { results } = snapshot.context
      if (results.length === 0) expect(fakes.queued).not.toHaveLength(0)
      else expect(results.some((result) => result.ok)).toBe(true)
      expect(publishStep(snapshot)).toBe('published')
      expect(snapshot.context.error).toBeNull()
    },
    queued: (snapshot, { fakes }) => {
      // Stored in the outbox (the send actor did that): not published, nothing remembered here;
      // the queue's verdict is watched for this event.
      expect(live(fakes.fates).input).toEqual({ event: SIGNED })
      expect(publishStep(snapshot)).toBe('queued')
      expect(isPublishing(snapshot)).toBe(false)
      expect(isPublished(snapshot)).toBe(false)
      expect(snapshot.context.error).toBeNull()
      expect(fakes.queued.at(-1)).toEqual({
        type: 'publish.queued',
        event: SIGNED,
        request: REQUEST,
      })
    },
    failed: (snapshot, { fakes }) => {
      const { error, results, event } = snapshot.context
      expect(publishStep(snapshot)).toBe('failed')
      if (error === DROPPED) {
        expect(fakes.dropped.at(-1)).toEqual({
          type: 'publish.dropped',
          event: SIGNED,
          request: REQUEST,
        })
      } else if (event) expect(error).toBe(publishFailedMessage(results))
      else expect([BUILD_FAILED, PREPARE_FAILED, SIGN_FAILED]).toContain(error)
    },
  },
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('publish model', () => {
  const paths = modelPaths(model, 'transitions')
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

describe('publish scenarios', () => {
  async function through(send: (actor: ReturnType<typeof start>) => void | Promise<void>) {
    const actor = start()
    actor.send({ type: 'publish.submitted', request: REQUEST })
    await send(actor)
    return actor.getSnapshot() as PublishSnapshot
  }
  let fakes: Fakes
  function start() {
    const arranged = arrange()
    fakes = arranged.fakes
    return createActor(arranged.machine).start()
  }
  async function untilSent() {
    fakes.requests.pending('build').resolve(TEMPLATE)
    await settle()
    fakes.requests.pending('prepare').resolve(MINED)
    await settle()
    fakes.requests.pending('sign').resolve(SIGNED)
    await settle()
    return liveSend(fakes)
  }

  it('succeeds with the first acceptance and keeps taking the other answers', async () => {
    const snapshot = await through(async () => {
      const send = await untilSent()
      send.sendBack({ type: 'publish.answered', result: REFUSED })
      send.sendBack({ type: 'publish.answered', result: ACCEPTED })
      send.sendBack({ type: 'publish.answered', result: { ...REFUSED, relay: 'wss://c' } })
      send.sendBack({ type: 'publish.settled' })
    })
    expect(snapshot.value).toBe('published')
    expect(snapshot.context.results.map((result) => result.relay)).toEqual([
      'wss://b.example',
      'wss://a.example',
      'wss://c',
    ])
    expect(fakes.remembered).toHaveLength(1)
  })

  it("fails naming every relay when none accepts: 'Publish failed: …'", async () => {
    const snapshot = await through(async () => {
      const send = await untilSent()
      send.sendBack({ type: 'publish.answered', result: REFUSED })
      send.sendBack({ type: 'publish.settled' })
    })
    expect(snapshot.context.error).toBe('Publish failed: wss://b.example: blocked: no')
    expect(fakes.remembered).toHaveLength(0)
  })

  it('fails when there is no relay to send to', async () => {
    const snapshot = await through(async () => {
      const send = await untilSent()
      send.sendBack({ type: 'publish.settled' })
    })
    expect(snapshot.context.error).toBe('Publish failed: no relay to publish to')
  })

  it('without a prepare step, signs the event as built', async () => {
    const requests = recordRequests()
    const actor = createActor(
      publishMachine.provide({
        actors: { build: requests.deferred(), sign: requests.deferred() },
      }),
    ).start()
    actor.send({ type: 'publish.submitted', request: REQUEST })
    requests.pending('build').resolve(TEMPLATE)
    await settle()
    expect(requests.pending('sign').input).toEqual({ template: TEMPLATE })
    actor.stop()
  })

  it('can be cancelled before it is sent, and tried again', async () => {
    const actor = start()
    actor.send({ type: 'publish.submitted', request: REQUEST })
    fakes.requests.pending('build').resolve(TEMPLATE)
    await settle()
    actor.send({ type: 'publish.cancelled' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(fakes.requests.live()).toEqual([])
    actor.send({ type: 'publish.submitted', request: REQUEST })
    expect(actor.getSnapshot().value).toBe('building')
  })
})

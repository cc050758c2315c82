/**
 * One publish at a time, from the user's request to every relay's answer: a note, a reply, a
 * quote, a reaction or a repost.
 *
 * - `building`: the checks (ready client, relays, a valid target; spec §5) and the unsigned event
 *   (`build`), with the spec's message on failure.
 * - `preparing`: whatever must happen to the unsigned event before it is signed (`prepare`):
 *   proof of work is mined here. Without it the event passes as it is.
 * - `signing`: the signer of whoever is logged in (`sign`).
 * - `sending`: the signed event goes to the write relays (`send`), which report each relay's
 *   answer (`publish.answered`) and then that all have answered (`publish.settled`). The first
 *   acceptance is success (spec §4: at least one relay): the event goes into the app's
 *   caches at once (`remember`) and is announced (`publish.accepted`, emitted), while the other relays' answers keep arriving; when every relay
 *   has answered and none accepted, the publish failed with 'Publish failed: {relay}: {reason}; …'.
 * - `queued`: offline, or no relay answered at all (each answer may have been lost), the signed
 *   event went to the outbox instead (`publish.queued` from `send`, emitted too): it is sent again
 *   as it is when the relays can be reached (actors/publish/publish-queue.effects.ts). The queue's
 *   verdict is watched (`queueFate`): sent, it is `published` (the answers shown were of the first
 *   try, and go); refused for good, it `failed` with the queue's message (`publish.dropped`,
 *   emitted: the composer gives the text back).
 * - `published`, `queued` and `failed` keep the answers and the message until the next request.
 *   Before the event is sent the user may cancel (a long mining run, a signer that does not
 *   answer).
 *
 * Every effect is a named actor supplied by src/actors/publish/publish.effects.ts with `provide`.
 */
import type { EventTemplate, NostrEvent } from 'nostr-tools/pure'
import {
  type ActorRefFrom,
  assign,
  emit,
  fromCallback,
  fromPromise,
  type SnapshotFrom,
  setup,
} from 'xstate'
import { messageOf } from '../core/platform/error-message.ts'
import type { PublishRequest } from '../core/publish/publish-request.ts'
import { type PublishResult, publishFailedMessage } from '../core/relays/publish-result.ts'

export interface PublishContext {
  request: PublishRequest | null
  template: EventTemplate | null
  event: NostrEvent | null
  /** Each relay's answer, in the order they came. */
  results: PublishResult[]
  /** Why the last publish failed; null otherwise. */
  error: string | null
}

/** What the `send` actor reports back. */
export type SendReport =
  | { type: 'publish.answered'; result: PublishResult }
  /** Every relay has answered (or given up). */
  | { type: 'publish.settled' }
  /** Offline: the event is stored in the outbox, to be sent once back online. */
  | { type: 'publish.queued' }

/** What the `queueFate` actor reports: the queue sent the event, or dropped it. */
export type QueueFate =
  | { type: 'publish.queueSent' }
  | { type: 'publish.queueDropped'; message: string }

export type PublishEvent =
  | { type: 'publish.submitted'; request: PublishRequest }
  | { type: 'publish.cancelled' }
  | SendReport
  | QueueFate

export type PublishEmitted = {
  /** A relay took it; it went to the queue; the queue dropped it (a relay refused it for good). */
  type: 'publish.accepted' | 'publish.queued' | 'publish.dropped'
  event: NostrEvent
  request: PublishRequest
}

export interface BuildInput {
  request: PublishRequest
}
export interface TemplateInput {
  template: EventTemplate
}
export interface SendInput {
  event: NostrEvent
}

const notProvided = (name: string) => () => {
  throw new Error(`publish.machine: the '${name}' actor was not provided`)
}

/** What `remember` is given: the event that a relay accepted, and what it was for. */
export interface AcceptedParams {
  event: NostrEvent
  request: PublishRequest
}

const fresh = { template: null, event: null, results: [], error: null } satisfies Omit<
  PublishContext,
  'request'
>

const acceptedParams = ({ context }: { context: PublishContext }): AcceptedParams => {
  if (!context.event || !context.request) throw new Error('publish.machine: nothing sent')
  return { event: context.event, request: context.request }
}

const keepTemplate = {
  type: 'keepTemplate',
  params: ({ event }: { event: { output: EventTemplate } }) => ({ template: event.output }),
} as const
const fail = {
  type: 'fail',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const

const start = {
  target: '#publish.building',
  actions: 'startRequest',
} as const

export const publishMachine = setup({
  types: {
    context: {} as PublishContext,
    events: {} as PublishEvent,
    emitted: {} as PublishEmitted,
  },
  actors: {
    build: fromPromise<EventTemplate, BuildInput>(notProvided('build')),
    /** Identity unless provided: the proof-of-work step supplies the miner here. */
    prepare: fromPromise<EventTemplate, TemplateInput>(async ({ input }) => input.template),
    sign: fromPromise<NostrEvent, TemplateInput>(notProvided('sign')),
    send: fromCallback<PublishEvent, SendInput>(notProvided('send')),
    queueFate: fromCallback<PublishEvent, SendInput>(notProvided('queueFate')),
  },
  guards: {
    accepting: ({ event }) => event.type === 'publish.answered' && event.result.ok,
    anyAccepted: ({ context }) => context.results.some((result) => result.ok),
  },
  actions: {
    startRequest: assign(({ event }) =>
      event.type === 'publish.submitted' ? { ...fresh, request: event.request } : {},
    ),
    keepTemplate: assign((_, params: { template: EventTemplate }) => params),
    keepEvent: assign((_, params: { event: NostrEvent }) => params),
    fail: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    record: assign({
      results: ({ context, event }) =>
        event.type === 'publish.answered' ? [...context.results, event.result] : context.results,
    }),
    failEverywhere: assign({ error: ({ context }) => publishFailedMessage(context.results) }),
    forgetAnswers: assign({ results: [] }),
    failDropped: assign({
      error: ({ event }) => (event.type === 'publish.queueDropped' ? event.message : null),
    }),
    /** Puts the accepted event where the app shows it (the query caches). */
    remember: (_, _params: AcceptedParams) => {
      throw new Error("publish.machine: the 'remember' action was not provided")
    },
    announce: emit((_, params: AcceptedParams) => ({
      type: 'publish.accepted' as const,
      ...params,
    })),
    announceQueued: emit((_, params: AcceptedParams) => ({
      type: 'publish.queued' as const,
      ...params,
    })),
    announceDropped: emit((_, params: AcceptedParams) => ({
      type: 'publish.dropped' as const,
      ...params,
    })),
  },
}).createMachine({
  id: 'publish',
  context: { request: null, ...fresh },
  initial: 'idle',
  states: {
    idle: {
      on: { 'publish.submitted': start },
    },
    building: {
      invoke: {
        id: 'build',
        src: 'build',
        input: ({ context }) => ({ request: context.request! }),
        onDone: { target: 'preparing', actions: keepTemplate },
        onError: { target: 'failed', actions: fail },
      },
      on: { 'publish.cancelled': 'idle' },
    },
    preparing: {
      invoke: {
        id: 'prepare',
        src: 'prepare',
        input: ({ context }) => ({ template: context.template! }),
        onDone: { target: 'signing', actions: keepTemplate },
        onError: { target: 'failed', actions: fail },
      },
      on: { 'publish.cancelled': 'idle' },
    },
    signing: {
      invoke: {
        id: 'sign',
        src: 'sign',
        input: ({ context }) => ({ template: context.template! }),
        onDone: {
          target: 'sending',
          actions: { type: 'keepEvent', params: ({ event }) => ({ event: event.output }) },
        },
        onError: { target: 'failed', actions: fail },
      },
      on: { 'publish.cancelled': 'idle' },
    },
    sending: {
      invoke: { id: 'send', src: 'send', input: ({ context }) => ({ event: context.event! }) },
      initial: 'waiting',
      on: {
        'publish.answered': { actions: 'record' },
        'publish.settled': [
          { guard: 'anyAccepted', target: 'published' },
          { target: 'failed', actions: 'failEverywhere' },
        ],
      },
      states: {
        waiting: {
          on: {
            // Offline, the send actor stores the event in the outbox before any relay is asked;
            // when no relay answered, once every one has let its wait run out.
            'publish.queued': '#publish.queued',
            'publish.answered': [
              { guard: 'accepting', target: 'accepted', actions: 'record' },
              { actions: 'record' },
            ],
          },
        },
        accepted: {
          entry: [
            { type: 'remember', params: acceptedParams },
            { type: 'announce', params: acceptedParams },
          ],
          // Published already: the next request need not wait for a slow relay.
          on: { 'publish.submitted': start },
        },
      },
    },
    published: {
      on: { 'publish.submitted': start },
    },
    queued: {
      entry: { type: 'announceQueued', params: acceptedParams },
      invoke: {
        id: 'queueFate',
        src: 'queueFate',
        input: ({ context }) => ({ event: context.event! }),
      },
      on: {
        'publish.submitted': start,
        'publish.queueSent': { target: 'published', actions: 'forgetAnswers' },
        'publish.queueDropped': {
          target: 'failed',
          actions: ['failDropped', { type: 'announceDropped', params: acceptedParams }],
        },
      },
    },
    failed: {
      on: { 'publish.submitted': start },
    },
  },
})

export type PublishMachine = typeof publishMachine
export type PublishActorRef = ActorRefFrom<PublishMachine>
export type PublishSnapshot = SnapshotFrom<PublishMachine>

/** Building, preparing, signing or waiting for the first relay to accept. */
export const isPublishing = (snapshot: PublishSnapshot): boolean =>
  snapshot.matches('building') ||
  snapshot.matches('preparing') ||
  snapshot.matches('signing') ||
  snapshot.matches({ sending: 'waiting' })

/** At least one relay accepted the last event. */
export const isPublished = (snapshot: PublishSnapshot): boolean =>
  snapshot.matches('published') || snapshot.matches({ sending: 'accepted' })

/** The step under way, for the button's label. */
export function publishStep(
  snapshot: PublishSnapshot,
): 'idle' | 'building' | 'preparing' | 'signing' | 'sending' | 'published' | 'queued' | 'failed' {
  if (isPublished(snapshot)) return 'published'
  if (snapshot.matches('sending')) return 'sending'
  return snapshot.value as 'idle' | 'building' | 'preparing' | 'signing' | 'queued' | 'failed'
}

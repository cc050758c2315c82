/**
 * Follow and unfollow (spec §4): the user's contact list changes optimistically, rolls back on
 * error and is fetched again afterwards. One change at a time, since each one rewrites the whole
 * list (kind 3) and two at once would each drop the other's change.
 *
 * - `ready`: resting. `follow.requested` is checked first (core/follow `followProblem`: the spec's
 *   messages); a refused request rests in `ready.rejected` with its message.
 * - `busy.applying`: the view shows the change at once (`applyOptimistic`).
 * - `busy.reading`: the current list is read, newest wins (`readContacts`). When it cannot be read
 *   it fails: a list built from nothing would replace every follow the user has. When the list is
 *   already as wanted (already following, or not following) that counts as success: nothing is
 *   published, the list read is shown (`confirm`).
 * - `busy.publishing`: the changed list is signed and sent (`publishContacts`); accepted by one
 *   relay is success, and the published list is shown (`confirm`).
 * - `busy.rollingBack`: the view is put back (`rollback`), 'Follow failed' or 'Unfollow failed'
 *   kept with why, and the list fetched again (`refetchContacts`), so the view ends as the relays
 *   have it.
 *
 * Every effect is a named actor or action supplied by src/actors/people/follow.effects.ts with `provide`.
 */
import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import {
  alreadyDone,
  type ContactListEvent,
  changeContacts,
  FOLLOW_MESSAGES,
  type FollowAction,
  type FollowRequest,
  followProblem,
  parseContactPubkey,
} from '../core/people/follow.ts'
import type { PublishResult } from '../core/relays/publish-result.ts'

/** One change to one user's list. */
export interface FollowChange {
  action: FollowAction
  /** The person, lowercase hex. */
  target: string
  /** The user whose list changes. */
  user: string
}

export interface FollowContext {
  /** The change under way, or the last one. */
  change: FollowChange | null
  /** The list as read before the change. */
  base: ContactListEvent | null
  /** The spec's message for the last request that failed or was refused. */
  error: string | null
  /** Why it failed: the relays' answers, the signer's message or why the list was unreadable. */
  detail: string | null
  /** Each relay's answer to the last published list; empty when nothing needed publishing. */
  results: PublishResult[]
}

export type FollowEvent =
  | { type: 'follow.requested'; request: FollowRequest }
  /** The user closed the message. */
  | { type: 'follow.dismissed' }

export interface UserInput {
  user: string
}
export interface PublishContactsInput {
  user: string
  base: ContactListEvent | null
  tags: string[][]
}
export interface PublishedContacts {
  event: ContactListEvent
  results: PublishResult[]
}
/** What `confirm` shows: this list is the user's now. */
export interface ConfirmParams {
  user: string
  list: ContactListEvent | null
}

const notProvided = (name: string) =>
  new Error(
    `follow.machine: '${name}' was not provided; use followMachine.provide({ actors, actions }) (src/actors/people/follow.effects.ts)`,
  )

const messageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : String(error)

const changeOf = (context: FollowContext): FollowChange => {
  if (!context.change) throw new Error('follow.machine: no change under way')
  return context.change
}

/** The failure of a read or a publish: the spec's message, and why. */
const failWith = {
  type: 'fail',
  params: ({ event }: { event: { error: unknown } }) => event.error,
} as const

const initialContext: FollowContext = {
  change: null,
  base: null,
  error: null,
  detail: null,
  results: [],
}

export const followMachine = setup({
  types: {
    context: {} as FollowContext,
    events: {} as FollowEvent,
    children: {} as {
      read: 'readContacts'
      publish: 'publishContacts'
      refetch: 'refetchContacts'
    },
  },
  actors: {
    readContacts: fromPromise<ContactListEvent | null, UserInput>(async () => {
      throw notProvided('readContacts')
    }),
    publishContacts: fromPromise<PublishedContacts, PublishContactsInput>(async () => {
      throw notProvided('publishContacts')
    }),
    refetchContacts: fromPromise<void, UserInput>(async () => {
      throw notProvided('refetchContacts')
    }),
  },
  guards: {
    refused: (_, request: FollowRequest) => followProblem(request) !== null,
    alreadyDone: ({ context }, list: ContactListEvent | null) => {
      const { action, target } = changeOf(context)
      return alreadyDone(action, list?.tags ?? [], target)
    },
  },
  actions: {
    applyOptimistic: (_, _change: FollowChange) => {
      throw notProvided('applyOptimistic')
    },
    rollback: (_, _change: FollowChange) => {
      throw notProvided('rollback')
    },
    confirm: (_, _params: ConfirmParams) => {
      throw notProvided('confirm')
    },
    refuse: assign((_, request: FollowRequest) => ({
      error: followProblem(request),
      detail: null,
      results: [],
    })),
    begin: assign((_, request: FollowRequest) => ({
      change: {
        action: request.action,
        // Checked by `refused` before: both are valid here.
        target: parseContactPubkey(request.target) ?? '',
        user: (request.user ?? '').toLowerCase(),
      },
      base: null,
      error: null,
      detail: null,
      results: [],
    })),
    keepBase: assign((_, list: ContactListEvent | null) => ({ base: list })),
    succeed: assign((_, published: PublishedContacts) => ({ results: published.results })),
    fail: assign(({ context }, error: unknown) => ({
      error: FOLLOW_MESSAGES.failed[changeOf(context).action],
      detail: messageOf(error),
    })),
    dismiss: assign({ error: null, detail: null }),
  },
}).createMachine({
  id: 'follow',
  context: initialContext,
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      states: {
        idle: {},
        done: {},
        rejected: {},
        rolledBack: {},
      },
      on: {
        'follow.requested': [
          {
            guard: { type: 'refused', params: ({ event }) => event.request },
            target: '.rejected',
            actions: { type: 'refuse', params: ({ event }) => event.request },
          },
          { target: 'busy', actions: { type: 'begin', params: ({ event }) => event.request } },
        ],
        'follow.dismissed': { target: '.idle', actions: 'dismiss' },
      },
    },
    busy: {
      initial: 'applying',
      states: {
        applying: {
          entry: { type: 'applyOptimistic', params: ({ context }) => changeOf(context) },
          always: 'reading',
        },
        reading: {
          invoke: {
            id: 'read',
            src: 'readContacts',
            input: ({ context }) => ({ user: changeOf(context).user }),
            onDone: [
              {
                guard: { type: 'alreadyDone', params: ({ event }) => event.output },
                target: '#follow.ready.done',
                actions: [
                  { type: 'keepBase', params: ({ event }) => event.output },
                  {
                    type: 'confirm',
                    params: ({ context, event }) => ({
                      user: changeOf(context).user,
                      list: event.output,
                    }),
                  },
                ],
              },
              {
                target: 'publishing',
                actions: { type: 'keepBase', params: ({ event }) => event.output },
              },
            ],
            onError: { target: 'rollingBack', actions: failWith },
          },
        },
        publishing: {
          invoke: {
            id: 'publish',
            src: 'publishContacts',
            input: ({ context }) => {
              const { action, target, user } = changeOf(context)
              return {
                user,
                base: context.base,
                tags: changeContacts(action, context.base?.tags ?? [], target),
              }
            },
            onDone: {
              target: '#follow.ready.done',
              actions: [
                { type: 'succeed', params: ({ event }) => event.output },
                {
                  type: 'confirm',
                  params: ({ context, event }) => ({
                    user: changeOf(context).user,
                    list: event.output.event,
                  }),
                },
              ],
            },
            onError: { target: 'rollingBack', actions: failWith },
          },
        },
        rollingBack: {
          entry: { type: 'rollback', params: ({ context }) => changeOf(context) },
          invoke: {
            id: 'refetch',
            src: 'refetchContacts',
            input: ({ context }) => ({ user: changeOf(context).user }),
            // The refetch only brings the view in line with the relays; its failure changes nothing.
            onDone: '#follow.ready.rolledBack',
            onError: '#follow.ready.rolledBack',
          },
        },
      },
    },
  },
})

export type FollowMachine = typeof followMachine
export type FollowSnapshot = SnapshotFrom<FollowMachine>
export type FollowActorRef = ActorRefFrom<FollowMachine>

/** The change under way, or null while resting. */
export const pendingChange = (snapshot: FollowSnapshot): FollowChange | null =>
  snapshot.matches('busy') ? snapshot.context.change : null

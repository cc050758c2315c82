/**
 * Follow, unfollow and restore (spec §4): the user's contact list (kind 3, NIP-02) changes
 * optimistically, rolls back on error and is fetched again afterwards. One change at a time, since
 * each one rewrites the whole list and two at once would each drop the other's change.
 *
 * - `ready`: resting. `follow.requested` is checked first (core/follow `followProblem`: the spec's
 *   messages), `follow.restoreRequested` likewise (`restoreProblem`); a refused request rests in
 *   `ready.rejected` with its message. A change the user cancelled rests in `ready.cancelled`.
 * - `busy.applying`: the view shows the change at once (`applyOptimistic`).
 * - `busy.reading`: the current list is read, newest wins (`readContacts`), with an earlier
 *   version it is much shorter than, if Plume kept one (core/contact-versions `restoreOffer`).
 *   When it cannot be read it fails: a list built from nothing would replace every follow the
 *   user has.
 * - `busy.deciding`: a follow or unfollow on a list shrunk by another client first asks
 *   (`busy.offering`) whether to build on the earlier list instead; kept, the newest is accepted
 *   (`acceptList`) and not questioned again. When the list is already as wanted (already
 *   following, or not following) that counts as success: nothing is published, the list read is
 *   shown (`confirm`).
 * - `busy.checking`: a list much shorter than the newest (core/follow-guard `riskyShrink`) is not
 *   published before the user says so (`busy.confirmingShrink`: Publish anyway / Cancel).
 * - `busy.publishing`: the changed list is signed and sent (`publishContacts`); accepted by one
 *   relay is success, and the published list is shown (`confirm`).
 * - `busy.rollingBack`: the view is put back (`rollback`), 'Follow failed', 'Unfollow failed' or
 *   'Restore failed' kept with why, and the list fetched again (`refetchContacts`), so the view
 *   ends as the relays have it. A cancelled change is put back without a fetch: nothing was sent.
 *
 * Every effect is a named actor or action supplied by src/actors/people/follow.effects.ts with `provide`.
 * The context, events and pure functions over them live in follow.context.ts.
 */
import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import type { RestoreOffer } from '../core/people/contact-versions.ts'
import {
  alreadyDone,
  FOLLOW_MESSAGES,
  type FollowRequest,
  followProblem,
  parseContactPubkey,
  type RestoreRequest,
  restoreProblem,
} from '../core/people/follow.ts'
import { riskyShrink, type Shrink } from '../core/people/follow-guard.ts'
import { messageOf } from '../core/platform/error-message.ts'
import {
  type AcceptParams,
  type ConfirmParams,
  type ContactsRead,
  cancel,
  changeOf,
  type FollowChange,
  type FollowContext,
  type FollowEvent,
  failWith,
  fresh,
  initialContext,
  nextContent,
  nextTags,
  type PublishContactsInput,
  type PublishedContacts,
  type UserInput,
} from './follow.context.ts'

const notProvided = (name: string) =>
  new Error(
    `follow.machine: '${name}' was not provided; use followMachine.provide({ actors, actions }) (src/actors/people/follow.effects.ts)`,
  )

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
    readContacts: fromPromise<ContactsRead, UserInput>(async () => {
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
    restoreRefused: (_, request: RestoreRequest) => restoreProblem(request) !== null,
    offered: ({ context }) => context.offer !== null,
    alreadyDone: ({ context }) => {
      const { action, target } = changeOf(context)
      return action !== 'restore' && alreadyDone(action, context.base?.tags ?? [], target)
    },
    muchShorter: ({ context }) =>
      riskyShrink(context.base?.tags ?? [], nextTags(changeOf(context), context.base)) !== null,
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
    acceptList: (_, _params: AcceptParams) => {
      throw notProvided('acceptList')
    },
    refuse: assign((_, request: FollowRequest) => ({
      error: followProblem(request),
      detail: null,
      results: [],
    })),
    refuseRestore: assign((_, request: RestoreRequest) => ({
      error: restoreProblem(request),
      detail: null,
      results: [],
    })),
    begin: assign((_, request: FollowRequest) => ({
      change: {
        action: request.action,
        // Checked by `refused` before: both are valid here.
        target: parseContactPubkey(request.target) ?? '',
        user: (request.user ?? '').toLowerCase(),
        version: null,
      },
      ...fresh,
    })),
    beginRestore: assign((_, request: RestoreRequest) => ({
      change: {
        action: 'restore' as const,
        target: '',
        user: (request.user ?? '').toLowerCase(),
        version: request.version,
      },
      ...fresh,
    })),
    keepRead: assign(({ context }, read: ContactsRead) => ({
      base: read.list,
      // A restore is the answer already: it is not asked whether to restore.
      offer: changeOf(context).action === 'restore' ? null : read.offer,
    })),
    /** The earlier list becomes the base, dated as the newest so the new one still replaces it. */
    restoreEarlier: assign(({ context }) => {
      const earlier = context.offer?.earlier ?? null
      const base =
        earlier && context.base
          ? { ...earlier, created_at: Math.max(earlier.created_at, context.base.created_at) }
          : (earlier ?? context.base)
      return { base, offer: null }
    }),
    keepNewest: assign({ offer: null }),
    keepShrink: assign(({ context }) => ({
      shrink: riskyShrink(context.base?.tags ?? [], nextTags(changeOf(context), context.base)),
    })),
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
        cancelled: {},
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
        'follow.restoreRequested': [
          {
            guard: { type: 'restoreRefused', params: ({ event }) => event.request },
            target: '.rejected',
            actions: { type: 'refuseRestore', params: ({ event }) => event.request },
          },
          {
            target: 'busy',
            actions: { type: 'beginRestore', params: ({ event }) => event.request },
          },
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
            onDone: {
              target: 'deciding',
              actions: { type: 'keepRead', params: ({ event }) => event.output },
            },
            onError: { target: 'rollingBack', actions: failWith },
          },
        },
        deciding: {
          always: [
            { guard: 'offered', target: 'offering' },
            {
              guard: 'alreadyDone',
              target: '#follow.ready.done',
              actions: {
                type: 'confirm',
                params: ({ context }) => ({ user: changeOf(context).user, list: context.base }),
              },
            },
            { target: 'checking' },
          ],
        },
        offering: {
          on: {
            'follow.confirmed': { target: 'checking', actions: 'restoreEarlier' },
            'follow.declined': {
              target: 'deciding',
              actions: [
                {
                  type: 'acceptList',
                  params: ({ context }) => ({
                    user: changeOf(context).user,
                    createdAt: context.offer?.newestAt ?? 0,
                  }),
                },
                'keepNewest',
              ],
            },
            'follow.cancelled': cancel,
          },
        },
        checking: {
          always: [
            { guard: 'muchShorter', target: 'confirmingShrink', actions: 'keepShrink' },
            { target: 'publishing' },
          ],
        },
        confirmingShrink: {
          on: {
            'follow.confirmed': 'publishing',
            'follow.cancelled': cancel,
          },
        },
        publishing: {
          invoke: {
            id: 'publish',
            src: 'publishContacts',
            input: ({ context }) => {
              const change = changeOf(context)
              return {
                user: change.user,
                base: context.base,
                tags: nextTags(change, context.base),
                content: nextContent(change, context.base),
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

/** The question the user must answer now, or null. */
export type FollowQuestion =
  | { kind: 'restore'; offer: RestoreOffer }
  | { kind: 'shrink'; shrink: Shrink }

export function followQuestion(snapshot: FollowSnapshot): FollowQuestion | null {
  const { offer, shrink } = snapshot.context
  if (snapshot.matches({ busy: 'offering' }) && offer) return { kind: 'restore', offer }
  if (snapshot.matches({ busy: 'confirmingShrink' }) && shrink) return { kind: 'shrink', shrink }
  return null
}

/** The change under way, or null while resting. */
export const pendingChange = (snapshot: FollowSnapshot): FollowChange | null =>
  snapshot.matches('busy') ? snapshot.context.change : null

/**
 * Muting and unmuting (NIP-51 kind 10000): a person, a thread, a hashtag or a word, public or
 * private, one change at a time, since each rewrites the whole list and two at once would each
 * drop the other's change.
 *
 * - `ready`: resting. `mute.requested` is checked first (core/people/mute-edit `muteProblem`: the
 *   spec's messages); a refused request rests in `ready.rejected` with its message.
 * - `busy.reading`: the newest list is read from the relays (`readMuteList`). When no relay
 *   answers it fails: a list built from nothing would replace every mute the user has.
 * - `busy.decrypting`: a list with a private part has it decrypted with the user's signer
 *   (`decryptMutes`, NIP-44 or the older NIP-04). When it cannot be, a change that needs the
 *   private part (a private mute, an unmute) fails, since a private part built from nothing would
 *   drop every private mute; a public mute goes on and keeps the content as it was.
 * - `busy.deciding`: a list already as asked is done without publishing (`confirm` shows it).
 * - `busy.encrypting`: a changed private part is encrypted to oneself with NIP-44
 *   (`encryptMutes`).
 * - `busy.publishing`: the list is signed and sent (`publishMuteList`); accepted by one relay is
 *   success, and the published list is shown (`confirm`).
 * - a failure rests in `ready.failed`: 'Mute failed' or 'Unmute failed', with why.
 *
 * Every effect is a named actor or action supplied by src/actors/people/mute-edit.effects.ts with
 * `provide`.
 */
import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import {
  alreadyDone,
  changeMuteParts,
  cleanTarget,
  MUTE_MESSAGES,
  type MuteChange,
  type MuteListEvent,
  type MuteParts,
  type MuteRequest,
  muteProblem,
  needsPrivate,
  privateChanged,
} from '../core/people/mute-edit.ts'
import { hasPrivatePart } from '../core/people/mute-private.ts'
import { messageOf } from '../core/platform/error-message.ts'
import type { PublishResult } from '../core/relays/publish-result.ts'

export interface MuteEditContext {
  /** The change under way, or the last one. */
  change: MuteChange | null
  /** The user whose list changes. */
  user: string
  /** The list the change is made to, as read; null when the user has none. */
  base: MuteListEvent | null
  /** The private tags as decrypted (empty for a list without any); null when unreadable. */
  privateTags: string[][] | null
  /** The encrypted private part to publish. */
  content: string
  /** The message of the last request that failed or was refused. */
  error: string | null
  /** Why it failed: the relays' answers, the signer's message or why the list was unreadable. */
  detail: string | null
  /** Each relay's answer to the last published list; empty when nothing needed publishing. */
  results: PublishResult[]
}

export type MuteEditEvent =
  | { type: 'mute.requested'; request: MuteRequest }
  /** The user closed the message. */
  | { type: 'mute.dismissed' }

export interface UserInput {
  user: string
}
export interface DecryptInput {
  user: string
  content: string
}
export interface EncryptInput {
  user: string
  tags: string[][]
}
export interface PublishMuteListInput {
  user: string
  base: MuteListEvent | null
  tags: string[][]
  content: string
}
export interface PublishedMuteList {
  event: MuteListEvent
  results: PublishResult[]
}
/** What `confirm` shows: this list, with these private tags, is the user's now. */
export interface ConfirmParams {
  user: string
  list: MuteListEvent | null
  /** Null when the private part could not be read: the view keeps what it decrypted. */
  privateTags: string[][] | null
}

const notProvided = (name: string) =>
  new Error(
    `mute-edit.machine: '${name}' was not provided; use muteEditMachine.provide({ actors, actions }) (src/actors/people/mute-edit.effects.ts)`,
  )

const changeOf = (context: MuteEditContext): MuteChange => {
  if (!context.change) throw new Error('mute-edit.machine: no change under way')
  return context.change
}

/** Both parts as read. */
const partsOf = (context: MuteEditContext): MuteParts => ({
  public: context.base?.tags ?? [],
  private: context.privateTags,
})

/** Both parts after the change. */
export const nextParts = (context: MuteEditContext): MuteParts =>
  changeMuteParts(changeOf(context), partsOf(context))

/** The private part could not be read, though the list has one. */
const privateUnread = (context: MuteEditContext): boolean =>
  context.privateTags === null && hasPrivatePart(context.base?.content ?? '')

const failWith = {
  type: 'fail',
  params: ({ event }: { event: { error: unknown } }) => event.error,
} as const

/** What a new change starts without. */
const fresh = {
  base: null,
  privateTags: null,
  content: '',
  error: null,
  detail: null,
  results: [],
} satisfies Partial<MuteEditContext>

const initialContext: MuteEditContext = { change: null, user: '', ...fresh }

const confirmNow = {
  type: 'confirm',
  params: ({ context }: { context: MuteEditContext }) => ({
    user: context.user,
    list: context.base,
    privateTags: context.privateTags,
  }),
} as const

export const muteEditMachine = setup({
  types: {
    context: {} as MuteEditContext,
    events: {} as MuteEditEvent,
    children: {} as {
      read: 'readMuteList'
      decrypt: 'decryptMutes'
      encrypt: 'encryptMutes'
      publish: 'publishMuteList'
    },
  },
  actors: {
    readMuteList: fromPromise<MuteListEvent | null, UserInput>(async () => {
      throw notProvided('readMuteList')
    }),
    decryptMutes: fromPromise<string[][], DecryptInput>(async () => {
      throw notProvided('decryptMutes')
    }),
    encryptMutes: fromPromise<string, EncryptInput>(async () => {
      throw notProvided('encryptMutes')
    }),
    publishMuteList: fromPromise<PublishedMuteList, PublishMuteListInput>(async () => {
      throw notProvided('publishMuteList')
    }),
  },
  guards: {
    refused: (_, request: MuteRequest) => muteProblem(request) !== null,
    hasPrivatePart: (_, list: MuteListEvent | null) => hasPrivatePart(list?.content ?? ''),
    privateNeededUnread: ({ context }) => privateUnread(context) && needsPrivate(changeOf(context)),
    alreadyDone: ({ context }) => alreadyDone(changeOf(context), partsOf(context)),
    privateChanged: ({ context }) => privateChanged(partsOf(context), nextParts(context)),
  },
  actions: {
    confirm: (_, _params: ConfirmParams) => {
      throw notProvided('confirm')
    },
    refuse: assign((_, request: MuteRequest) => ({
      change: request.change,
      error: muteProblem(request),
      detail: null,
      results: [],
    })),
    begin: assign((_, request: MuteRequest) => ({
      change: { ...request.change, target: cleanTarget(request.change.target) },
      // Checked by `refused` before: the user is there.
      user: (request.user ?? '').toLowerCase(),
      ...fresh,
    })),
    // A list without a private part has an empty one, which a private mute can add to.
    keepRead: assign((_, base: MuteListEvent | null) => ({
      base,
      content: base?.content ?? '',
      privateTags: hasPrivatePart(base?.content ?? '') ? null : [],
    })),
    keepPrivate: assign((_, tags: string[][]) => ({ privateTags: tags })),
    keepContent: assign((_, content: string) => ({ content })),
    succeed: assign((_, published: PublishedMuteList) => ({ results: published.results })),
    fail: assign(({ context }, error: unknown) => ({
      error: MUTE_MESSAGES.failed[changeOf(context).action],
      detail: messageOf(error),
    })),
    failUnreadable: assign(({ context }) => ({
      error: MUTE_MESSAGES.failed[changeOf(context).action],
      detail: MUTE_MESSAGES.privateUnreadable,
    })),
    dismiss: assign({ error: null, detail: null }),
  },
}).createMachine({
  id: 'muteEdit',
  context: initialContext,
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      states: {
        idle: {},
        done: {},
        rejected: {},
        failed: {},
      },
      on: {
        'mute.requested': [
          {
            guard: { type: 'refused', params: ({ event }) => event.request },
            target: '.rejected',
            actions: { type: 'refuse', params: ({ event }) => event.request },
          },
          { target: 'busy', actions: { type: 'begin', params: ({ event }) => event.request } },
        ],
        'mute.dismissed': { target: '.idle', actions: 'dismiss' },
      },
    },
    busy: {
      initial: 'reading',
      states: {
        reading: {
          invoke: {
            id: 'read',
            src: 'readMuteList',
            input: ({ context }) => ({ user: context.user }),
            onDone: [
              {
                guard: { type: 'hasPrivatePart', params: ({ event }) => event.output },
                target: 'decrypting',
                actions: { type: 'keepRead', params: ({ event }) => event.output },
              },
              {
                target: 'deciding',
                actions: { type: 'keepRead', params: ({ event }) => event.output },
              },
            ],
            onError: { target: '#muteEdit.ready.failed', actions: failWith },
          },
        },
        decrypting: {
          invoke: {
            id: 'decrypt',
            src: 'decryptMutes',
            input: ({ context }) => ({ user: context.user, content: context.content }),
            onDone: {
              target: 'deciding',
              actions: { type: 'keepPrivate', params: ({ event }) => event.output },
            },
            // Left null: `deciding` tells whether the change can do without it.
            onError: 'deciding',
          },
        },
        deciding: {
          always: [
            {
              guard: 'privateNeededUnread',
              target: '#muteEdit.ready.failed',
              actions: 'failUnreadable',
            },
            { guard: 'alreadyDone', target: '#muteEdit.ready.done', actions: confirmNow },
            { guard: 'privateChanged', target: 'encrypting' },
            { target: 'publishing' },
          ],
        },
        encrypting: {
          invoke: {
            id: 'encrypt',
            src: 'encryptMutes',
            input: ({ context }) => ({
              user: context.user,
              tags: nextParts(context).private ?? [],
            }),
            onDone: {
              target: 'publishing',
              actions: { type: 'keepContent', params: ({ event }) => event.output },
            },
            onError: { target: '#muteEdit.ready.failed', actions: failWith },
          },
        },
        publishing: {
          invoke: {
            id: 'publish',
            src: 'publishMuteList',
            input: ({ context }) => ({
              user: context.user,
              base: context.base,
              tags: nextParts(context).public,
              content: context.content,
            }),
            onDone: {
              target: '#muteEdit.ready.done',
              actions: [
                { type: 'succeed', params: ({ event }) => event.output },
                {
                  type: 'confirm',
                  params: ({ context, event }) => ({
                    user: context.user,
                    list: event.output.event,
                    privateTags: nextParts(context).private,
                  }),
                },
              ],
            },
            onError: { target: '#muteEdit.ready.failed', actions: failWith },
          },
        },
      },
    },
  },
})

export type MuteEditMachine = typeof muteEditMachine
export type MuteEditSnapshot = SnapshotFrom<MuteEditMachine>
export type MuteEditActorRef = ActorRefFrom<MuteEditMachine>

/** The change under way, or null while resting. */
export const pendingMute = (snapshot: MuteEditSnapshot): MuteChange | null =>
  snapshot.matches('busy') ? snapshot.context.change : null

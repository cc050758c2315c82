/**
 * Deleting one of the user's own notes (NIP-09): asked, confirmed, published; the note leaves
 * every view at once and comes back if no relay takes the request. One deletion at a time.
 *
 * - `idle`: nothing asked. `delete.requested` is checked first (core/publish/note-delete
 *   `deleteProblem`: a ready client, relays, a user who can sign and wrote the note); a refused
 *   request rests in `rejected` with its message.
 * - `confirming`: the user reads what happens (relays are asked, copies elsewhere may remain) and
 *   confirms with an optional reason (`delete.confirmed`) or cancels (`delete.cancelled`).
 * - `publishing`: the note is hidden from every view (`hide`), the kind 5 signed and sent to the
 *   user's write relays and the relays the note was seen on (`publishDeletion`); accepted by one
 *   relay is success.
 * - `done`: deleted; each relay's answer so far is kept.
 * - `failed`: no relay accepted, or signing failed: the note is shown again (`rollback`), 'Delete
 *   failed' kept with why. `delete.confirmed` tries again.
 *
 * Every effect is a named actor or action supplied by src/actors/publish/note-delete.effects.ts
 * with `provide`.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { messageOf } from '../core/platform/error-message.ts'
import {
  DELETE_MESSAGES,
  type DeleteRequest,
  type DeleteTarget,
  deleteProblem,
} from '../core/publish/note-delete.ts'
import type { PublishResult } from '../core/relays/publish-result.ts'

export interface NoteDeleteContext {
  /** The note asked about, or the last one. */
  note: DeleteTarget | null
  /** The user deleting it. */
  user: string | null
  /** Where the request goes. */
  relays: readonly string[]
  /** The reason given, '' for none. */
  reason: string
  /** Why the last request was refused or failed. */
  error: string | null
  /** What lies behind a failure: each relay's answer, or the signer's message. */
  detail: string | null
  /** Each relay's answer to the published request, once a relay accepted it. */
  results: PublishResult[]
}

export type NoteDeleteEvent =
  | { type: 'delete.requested'; request: DeleteRequest }
  /** Delete (or, after a failure, Try again), with the reason typed, if any. */
  | { type: 'delete.confirmed'; reason?: string }
  /** The dialog closed without deleting, or after it ended. */
  | { type: 'delete.cancelled' }

export interface PublishDeletionInput {
  note: DeleteTarget
  user: string
  relays: readonly string[]
  reason: string
}
export interface PublishedDeletion {
  event: NostrEvent
  results: PublishResult[]
}

const notProvided = (name: string) =>
  new Error(
    `note-delete.machine: '${name}' was not provided; use noteDeleteMachine.provide({ actors, actions }) (src/actors/publish/note-delete.effects.ts)`,
  )

const noteOf = (context: NoteDeleteContext): DeleteTarget => {
  if (!context.note) throw new Error('note-delete.machine: no note asked about')
  return context.note
}

const initialContext: NoteDeleteContext = {
  note: null,
  user: null,
  relays: [],
  reason: '',
  error: null,
  detail: null,
  results: [],
}

/** A new request, from any resting state: refused with its message, or confirming. */
const request = [
  {
    guard: {
      type: 'refused',
      params: ({ event }: { event: { request: DeleteRequest } }) => event.request,
    },
    target: '#noteDelete.rejected',
    actions: {
      type: 'refuse',
      params: ({ event }: { event: { request: DeleteRequest } }) => event.request,
    },
  },
  {
    target: '#noteDelete.confirming',
    actions: {
      type: 'begin',
      params: ({ event }: { event: { request: DeleteRequest } }) => event.request,
    },
  },
] as const

export const noteDeleteMachine = setup({
  types: {
    context: {} as NoteDeleteContext,
    events: {} as NoteDeleteEvent,
    children: {} as { publish: 'publishDeletion' },
  },
  actors: {
    publishDeletion: fromPromise<PublishedDeletion, PublishDeletionInput>(async () => {
      throw notProvided('publishDeletion')
    }),
  },
  guards: {
    refused: (_, request: DeleteRequest) => deleteProblem(request) !== null,
  },
  actions: {
    /** The note leaves every view. */
    hide: (_, _note: DeleteTarget) => {
      throw notProvided('hide')
    },
    /** The note is shown again. */
    rollback: (_, _note: DeleteTarget) => {
      throw notProvided('rollback')
    },
    refuse: assign((_, request: DeleteRequest) => ({
      note: request.note,
      user: request.user,
      relays: request.relays,
      reason: '',
      error: deleteProblem(request),
      detail: null,
      results: [],
    })),
    begin: assign((_, request: DeleteRequest) => ({
      note: request.note,
      user: request.user,
      relays: request.relays,
      reason: '',
      error: null,
      detail: null,
      results: [],
    })),
    keepReason: assign((_, reason: string | undefined) => ({ reason: (reason ?? '').trim() })),
    succeed: assign((_, published: PublishedDeletion) => ({
      results: published.results,
      error: null,
      detail: null,
    })),
    fail: assign((_, error: unknown) => ({
      error: DELETE_MESSAGES.failed,
      detail: messageOf(error),
      results: [],
    })),
    clear: assign({ error: null, detail: null }),
  },
}).createMachine({
  id: 'noteDelete',
  context: initialContext,
  initial: 'idle',
  states: {
    idle: {
      on: { 'delete.requested': request },
    },
    rejected: {
      on: {
        'delete.requested': request,
        'delete.cancelled': { target: 'idle', actions: 'clear' },
      },
    },
    confirming: {
      on: {
        'delete.confirmed': {
          target: 'publishing',
          actions: { type: 'keepReason', params: ({ event }) => event.reason },
        },
        'delete.cancelled': 'idle',
        'delete.requested': request,
      },
    },
    publishing: {
      entry: [{ type: 'hide', params: ({ context }) => noteOf(context) }, 'clear'],
      invoke: {
        id: 'publish',
        src: 'publishDeletion',
        input: ({ context }) => ({
          note: noteOf(context),
          // Checked by `refused` before: the user is there.
          user: context.user ?? '',
          relays: context.relays,
          reason: context.reason,
        }),
        onDone: {
          target: 'done',
          actions: { type: 'succeed', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'fail', params: ({ event }: { event: { error: unknown } }) => event.error },
            { type: 'rollback', params: ({ context }) => noteOf(context) },
          ],
        },
      },
    },
    done: {
      on: {
        'delete.requested': request,
        'delete.cancelled': 'idle',
      },
    },
    failed: {
      on: {
        // Try again, with the reason given then or a new one.
        'delete.confirmed': {
          target: 'publishing',
          actions: {
            type: 'keepReason',
            params: ({ context, event }) => event.reason ?? context.reason,
          },
        },
        'delete.requested': request,
        'delete.cancelled': { target: 'idle', actions: 'clear' },
      },
    },
  },
})

export type NoteDeleteMachine = typeof noteDeleteMachine
export type NoteDeleteSnapshot = SnapshotFrom<NoteDeleteMachine>
export type NoteDeleteActorRef = ActorRefFrom<NoteDeleteMachine>

/** The note being deleted now, or null. */
export const deletingNote = (snapshot: NoteDeleteSnapshot): DeleteTarget | null =>
  snapshot.matches('publishing') ? snapshot.context.note : null

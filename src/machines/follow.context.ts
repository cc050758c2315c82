/**
 * The follow machine's context, events and effect parameters, and the pure functions over them
 * (follow.machine.ts says when; these say what).
 */
import type { RestoreOffer } from '../core/people/contact-versions.ts'
import {
  type ContactListEvent,
  changeContacts,
  type FollowRequest,
  type ListAction,
  type RestoreRequest,
} from '../core/people/follow.ts'
import type { Shrink } from '../core/people/follow-guard.ts'
import type { PublishResult } from '../core/relays/publish-result.ts'

/** One change to one user's list. */
export interface FollowChange {
  action: ListAction
  /** The person, lowercase hex; empty for a restore. */
  target: string
  /** The user whose list changes. */
  user: string
  /** The version a restore puts back; null for a follow or unfollow. */
  version: ContactListEvent | null
}

export interface FollowContext {
  /** The change under way, or the last one. */
  change: FollowChange | null
  /** The list the change is made to: as read, or the earlier one the user chose to restore. */
  base: ContactListEvent | null
  /** An earlier list the newest is much shorter than, while the user is asked about it. */
  offer: RestoreOffer | null
  /** The new list compared with the newest, while the user is asked to publish it anyway. */
  shrink: Shrink | null
  /** The spec's message for the last request that failed or was refused. */
  error: string | null
  /** Why it failed: the relays' answers, the signer's message or why the list was unreadable. */
  detail: string | null
  /** Each relay's answer to the last published list; empty when nothing needed publishing. */
  results: PublishResult[]
}

export type FollowEvent =
  | { type: 'follow.requested'; request: FollowRequest }
  | { type: 'follow.restoreRequested'; request: RestoreRequest }
  /** Yes to the question: restore the earlier list first, or publish the shorter list anyway. */
  | { type: 'follow.confirmed' }
  /** Keep the newest list (the restore question only). */
  | { type: 'follow.declined' }
  /** No to the question: nothing is published, the view put back. */
  | { type: 'follow.cancelled' }
  /** The user closed the message. */
  | { type: 'follow.dismissed' }

/** What `readContacts` found: the newest list, and an earlier one it is much shorter than. */
export interface ContactsRead {
  list: ContactListEvent | null
  offer: RestoreOffer | null
}

export interface UserInput {
  user: string
}
export interface PublishContactsInput {
  user: string
  base: ContactListEvent | null
  tags: string[][]
  content: string
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
/** What `acceptList` keeps: the user chose this list over an earlier, longer one. */
export interface AcceptParams {
  user: string
  createdAt: number
}

export const changeOf = (context: FollowContext): FollowChange => {
  if (!context.change) throw new Error('follow.machine: no change under way')
  return context.change
}

/** The tags the change publishes: the version restored, or the base with one p tag changed. */
export const nextTags = (change: FollowChange, base: ContactListEvent | null): string[][] =>
  change.action === 'restore'
    ? (change.version?.tags ?? []).map((tag) => [...tag])
    : changeContacts(change.action, base?.tags ?? [], change.target)

/** The content published: a restored version's own (NIP-02 relay map), else the base's. */
export const nextContent = (change: FollowChange, base: ContactListEvent | null): string =>
  change.action === 'restore' ? (change.version?.content ?? '') : (base?.content ?? '')

/** The failure of a read or a publish: the spec's message, and why. */
export const failWith = {
  type: 'fail',
  params: ({ event }: { event: { error: unknown } }) => event.error,
} as const

/** What a new change starts without. */
export const fresh = {
  base: null,
  offer: null,
  shrink: null,
  error: null,
  detail: null,
  results: [],
} satisfies Partial<FollowContext>

export const initialContext: FollowContext = { change: null, ...fresh }

/** No to a question: the view put back, nothing sent, so nothing to fetch again. */
export const cancel = {
  target: '#follow.ready.cancelled',
  actions: {
    type: 'rollback',
    params: ({ context }: { context: FollowContext }) => changeOf(context),
  },
} as const

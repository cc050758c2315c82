/**
 * The follow machine's effects: the contact list read and published through own-events (newest
 * wins, never built from nothing), and the query caches changed at once: the user's contact list
 * (the Follow button, the following count, Follow Only) and the person's followers. A rollback
 * puts back exactly what the caches held before the change. The versions of the list seen are
 * kept (contact-versions.ts): every list read and published adds to them, and the read says
 * whether the newest is much shorter than an earlier one. The composition root holds the one
 * follow actor, started on first use (the profile page's, not the feed's).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { fromPromise } from 'xstate'
import { restoreOffer } from '../../core/people/contact-versions.ts'
import {
  CONTACTS_KIND,
  CONTACTS_QUERY_LIMIT,
  parseContactList,
} from '../../core/people/contacts.ts'
import {
  CONTACTS_UNREADABLE,
  type ContactListEvent,
  contactListTemplate,
  type FollowAction,
  type FollowRequest,
  type RestoreRequest,
} from '../../core/people/follow.ts'
import type { Followers } from '../../core/people/followers.ts'
import type {
  AcceptParams,
  ConfirmParams,
  ContactsRead,
  FollowChange,
  PublishContactsInput,
  PublishedContacts,
  UserInput,
} from '../../machines/follow.context.ts'
import type { FollowActorRef } from '../../machines/follow.machine.ts'
import type { ContactVersionsStore } from './contact-versions.ts'
import type { OwnEvents } from './own-events.ts'
import { profileKeys } from './profile-keys.ts'
import type { ContactList } from './profile-queries.ts'

/** The profile page's follow: the actor and the way to ask it. */
export interface Follow {
  actor: FollowActorRef
  /** Asks to follow or unfollow, as the machine checks it (who can sign now, the relays). */
  request(action: FollowAction, target: string): void
  /** Asks to publish an earlier version of the user's list again, dated now. */
  restore(version: ContactListEvent): void
  /** Answers the question asked: yes (restore first, publish anyway), keep the newest, or no. */
  answer(answer: 'confirmed' | 'declined' | 'cancelled'): void
  dismiss(): void
}

export interface FollowDeps {
  own: OwnEvents
  queryClient: QueryClient
  versions: ContactVersionsStore
  /** Seconds clock for created_at. */
  now?: () => number
}

const contactListOf = (list: ContactListEvent): ContactList => ({
  contacts: parseContactList({ kind: CONTACTS_KIND, tags: list.tags }),
  createdAt: list.created_at,
})

/** The user's list with the change shown (the person added at the end, or left out). */
function changedList(list: ContactList | null | undefined, change: FollowChange): ContactList {
  if (change.action === 'restore' && change.version) return contactListOf(change.version)
  const others = (list?.contacts ?? []).filter((contact) => contact.pubkey !== change.target)
  const contacts =
    change.action === 'follow'
      ? [...others, { pubkey: change.target, relay: '', petname: '' }]
      : others
  return { contacts, createdAt: list?.createdAt ?? 0 }
}

/** The person's followers with the user in or out. */
function changedFollowers(followers: Followers | undefined, change: FollowChange) {
  if (!followers) return undefined
  const others = followers.pubkeys.filter((pubkey) => pubkey !== change.user)
  const pubkeys = change.action === 'follow' ? [change.user, ...others] : others
  return { ...followers, pubkeys }
}

export function followEffects({ own, queryClient, versions, now }: FollowDeps) {
  const seconds = now ?? (() => Math.floor(Date.now() / 1000))
  /** What the caches held before the change under way (one at a time). */
  let before: Array<[QueryKey, unknown]> = []

  const read = (user: string) =>
    own.read(CONTACTS_KIND, user, CONTACTS_QUERY_LIMIT, CONTACTS_UNREADABLE)

  const show = (user: string, list: ContactListEvent | null) =>
    queryClient.setQueryData<ContactList | null>(
      profileKeys.contacts(user),
      list ? contactListOf(list) : null,
    )

  return {
    actors: {
      readContacts: fromPromise<ContactsRead, UserInput>(async ({ input }) => {
        const list = await read(input.user)
        return { list, offer: restoreOffer(await versions.load(input.user), list) }
      }),
      publishContacts: fromPromise<PublishedContacts, PublishContactsInput>(async ({ input }) => {
        const template = contactListTemplate(input.base, input.tags, seconds(), input.content)
        const published = await own.publish(template, input.user)
        const relays = published.results.filter((r) => r.ok).map((r) => r.relay)
        // The user made this list here: the versions before it are not questioned again.
        versions.record(input.user, [published.event], { relays })
        versions.accept(input.user, published.event.created_at)
        return published
      }),
      // Read like before a change, so relays that do not answer leave the view alone.
      refetchContacts: fromPromise<void, UserInput>(async ({ input }) => {
        show(input.user, await read(input.user))
      }),
    },
    actions: {
      applyOptimistic: (_: unknown, change: FollowChange) => {
        const lists = profileKeys.contacts(change.user)
        const followers = profileKeys.followers(change.target)
        before = [
          [lists, queryClient.getQueryData(lists)],
          [followers, queryClient.getQueryData(followers)],
        ]
        queryClient.setQueryData<ContactList | null>(lists, (list) => changedList(list, change))
        if (change.action !== 'restore') {
          queryClient.setQueryData<Followers>(followers, (list) => changedFollowers(list, change))
        }
      },
      rollback: () => {
        for (const [key, data] of before) {
          if (data === undefined) queryClient.removeQueries({ queryKey: key, exact: true })
          else queryClient.setQueryData(key, data)
        }
        before = []
      },
      confirm: (_: unknown, { user, list }: ConfirmParams) => {
        before = []
        show(user, list)
      },
      acceptList: (_: unknown, { user, createdAt }: AcceptParams) =>
        versions.accept(user, createdAt),
    },
  }
}

export interface FollowRequestDeps {
  /** Who is logged in and can sign, or null. */
  user(): string | null
  /** The relay pool runs. */
  ready(): boolean
  own: Pick<OwnEvents, 'writeTargets'>
}

/**
 * The request as the machine checks it: a login that cannot sign (a public key only) is not
 * signed in for this purpose; a locked key is unlocked by the UI before it asks.
 */
export function followRequest(
  { user, ready, own }: FollowRequestDeps,
  action: FollowAction,
  target: string,
): FollowRequest {
  return { action, target, user: user(), ready: ready(), relays: own.writeTargets() }
}

/** A restore as the machine checks it, like a follow. */
export function restoreRequest(
  { user, ready, own }: FollowRequestDeps,
  version: ContactListEvent,
): RestoreRequest {
  return { version, user: user(), ready: ready(), relays: own.writeTargets() }
}

/**
 * What the profile page does to people (loaded with it, not with the feed): follow and unfollow
 * (the follow machine's one actor), mute and unmute, and editing one's own profile, all reading
 * and publishing the user's own lists through one own-events (its newest copies are shared).
 */
import type { QueryClient } from '@tanstack/react-query'
import type { NostrEvent } from 'nostr-tools/pure'
import { createActor, waitFor } from 'xstate'
import type { MuteChange } from '../../core/people/mute-edit.ts'
import { followMachine } from '../../machines/follow.machine.ts'
import { canSign, type LoginActorRef } from '../../machines/login.machine.ts'
import { muteEditMachine } from '../../machines/mute-edit.machine.ts'
import type { RelayPoolActorRef } from '../../machines/relay-pool.machine.ts'
import type { ContactVersionsStore } from '../people/contact-versions.ts'
import {
  type Follow,
  followEffects,
  followRequest,
  restoreRequest,
} from '../people/follow.effects.ts'
import { type MuteEdit, muteEditEffects } from '../people/mute-edit.effects.ts'
import { createOwnEvents, type OwnEvents } from '../people/own-events.ts'
import type { PrivateMutes } from '../people/private-mutes.ts'
import { type ProfileEdit, profileEdit } from '../people/profile-edit.ts'
import type { Signer } from '../platform/signer.ts'
import type { RelayHub } from '../relays/relay-hub.ts'

export interface PeopleActionsDeps {
  hub: Pick<RelayHub, 'query' | 'publish' | 'subscribe' | 'seenOn'>
  /** The signer of whoever is logged in now. */
  signer(): Signer
  /** The relay pool, once it runs. */
  pool(): RelayPoolActorRef | undefined
  login: LoginActorRef
  queryClient: QueryClient
  /** The mute list's private part, decrypted and encrypted in memory. */
  secrets: PrivateMutes
  /** The versions of the user's contact list, kept on this device. */
  versions: ContactVersionsStore
}

export interface PeopleActions {
  /** The follow actor, started on first use. */
  follow(): Follow
  /** The mute-edit actor, started on first use. */
  muteEdit(): MuteEdit
  profileEdit: ProfileEdit
}

interface Asker {
  own: OwnEvents
  queryClient: QueryClient
  versions: ContactVersionsStore
  /** Who is logged in and can sign (a public key only cannot), or null. */
  user(): string | null
  /** The relay pool runs. */
  ready(): boolean
}

function startFollow({ own, queryClient, versions, user, ready }: Asker): Follow {
  const actor = createActor(
    followMachine.provide(followEffects({ own, queryClient, versions })),
  ).start()
  return {
    actor,
    request: (action, target) =>
      actor.send({
        type: 'follow.requested',
        request: followRequest({ user, ready, own }, action, target),
      }),
    restore: (version) =>
      actor.send({
        type: 'follow.restoreRequested',
        request: restoreRequest({ user, ready, own }, version),
      }),
    answer: (answer) => actor.send({ type: `follow.${answer}` }),
    dismiss: () => actor.send({ type: 'follow.dismissed' }),
  }
}

function startMuteEdit({ own, queryClient, user, ready }: Asker, secrets: PrivateMutes): MuteEdit {
  const actor = createActor(
    muteEditMachine.provide(muteEditEffects({ own, queryClient, secrets })),
  ).start()
  const request = (change: MuteChange) =>
    actor.send({
      type: 'mute.requested',
      request: { change, user: user(), ready: ready(), relays: own.writeTargets() },
    })
  const rested = () =>
    waitFor(actor, (snapshot) => snapshot.matches('ready'), { timeout: Infinity })
  return {
    actor,
    request,
    run: async (change) => {
      await rested()
      request(change)
      return rested()
    },
    dismiss: () => actor.send({ type: 'mute.dismissed' }),
  }
}

export function startPeopleActions({
  hub,
  signer,
  pool,
  login,
  queryClient,
  secrets,
  versions,
}: PeopleActionsDeps): PeopleActions {
  // Each relay answers with its newest list: the user's differ when another client shrank one.
  const onRead = (user: string, events: readonly NostrEvent[]) => {
    versions.record(user, events)
  }
  const own = createOwnEvents({ hub, signer, pool, onRead })
  const asker: Asker = {
    own,
    queryClient,
    versions,
    user: () => {
      const snapshot = login.getSnapshot()
      return snapshot.matches('signedIn') && canSign(snapshot) ? snapshot.context.pubkey : null
    },
    ready: () => pool() !== undefined,
  }
  let follow: Follow | undefined
  let muteEdit: MuteEdit | undefined
  return {
    follow: () => (follow ??= startFollow(asker)),
    muteEdit: () => (muteEdit ??= startMuteEdit(asker, secrets)),
    profileEdit: profileEdit({ own, queryClient }),
  }
}

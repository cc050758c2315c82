/**
 * The user's relay list (NIP-65) actor, started and linked to the pool and the login: loaded with
 * `import()` (lazy-actor.ts), since a visit without a login needs none of it for the first note.
 */
import { type ActorOptions, type AnyActorLogic, createActor } from 'xstate'
import type { RuntimeConfig } from '../../core/platform/runtime-config.ts'
import type { LoginActorRef } from '../../machines/login.machine.ts'
import { type RelayListActorRef, relayListMachine } from '../../machines/relay-list.machine.ts'
import {
  linkRelayList,
  type UserRelaysDeps,
  userRelayEffects,
} from '../relays/relay-list.effects.ts'

/** What the list follows once the pool runs: who is logged in, and the config's default relays. */
export interface RelayListLink {
  login: LoginActorRef
  config: RuntimeConfig
}

export function startRelayList(
  deps: UserRelaysDeps,
  link: RelayListLink | null,
  inspect?: ActorOptions<AnyActorLogic>['inspect'],
): RelayListActorRef {
  const relayList = createActor(relayListMachine.provide(userRelayEffects(deps)), { inspect })
  relayList.start()
  if (link) linkRelayList(relayList, link.login, link.config)
  return relayList
}

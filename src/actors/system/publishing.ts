/**
 * Publishing (notes, replies, quotes, reposts, likes): the publish machine with the app's effects,
 * proof of work before signing for the composers, and one-shot publishes for the like button.
 * Loaded on first use (a composer opens, a like), never on the first note's path.
 */
import { createActor, waitFor } from 'xstate'
import type { PublishRequest } from '../../core/publish/publish-request.ts'
import { isPublished, publishMachine } from '../../machines/publish.machine.ts'
import { powPrepare } from '../publish/pow-prepare.ts'
import {
  type PublishDeps,
  type Publishing,
  type PublishLogic,
  publishEffects,
  writeRelays,
} from '../publish/publish.effects.ts'
import { createInboxRelays, type PeopleLists } from '../relays/inbox-relays.ts'

/** The publish machine with the app's effects. */
export const publishLogic = (deps: PublishDeps): PublishLogic =>
  publishMachine.provide(publishEffects(deps))

/**
 * Publishes one request (a like) and resolves once a relay accepted it or it was queued offline,
 * with null, or once it failed, with the message. The answers of the other relays are not waited
 * for.
 */
export async function publishOnce(
  deps: PublishDeps,
  request: PublishRequest,
): Promise<string | null> {
  const actor = createActor(publishLogic(deps)).start()
  actor.send({ type: 'publish.submitted', request })
  const end = await waitFor(
    actor,
    (snapshot) => isPublished(snapshot) || snapshot.matches('queued') || snapshot.matches('failed'),
  )
  actor.stop()
  return end.matches('failed') ? end.context.error : null
}

/**
 * Publishing with the app's effects; `lists` gives the relay lists of the people an event names,
 * whose read relays it also goes to (NIP-65 inbox).
 */
export function startPublishing({
  lists,
  ...rest
}: Omit<PublishDeps, 'prepare' | 'inbox'> & { lists: PeopleLists }): Publishing {
  const deps: Omit<PublishDeps, 'prepare'> = { ...rest, inbox: createInboxRelays(lists) }
  const relays = () => writeRelays(deps.pool()?.getSnapshot().context.entries ?? [])
  return {
    logic: (onMining) =>
      publishLogic({
        ...deps,
        prepare: powPrepare({
          relays,
          pubkey: deps.pubkey,
          onSession: onMining,
          miner: () => import('./mining.ts').then(({ miner }) => miner),
        }),
      }),
    once: (request) => publishOnce(deps, request),
  }
}

/**
 * The publish queue (posts written offline, sent once back online): its machine with the stored
 * queue and the relays, started on first use (a publish made offline, the idle start-up).
 */
import { createActor } from 'xstate'
import { publishQueueMachine } from '../../machines/publish-queue.machine.ts'
import { browserOnline } from '../platform/online.ts'
import {
  type PublishQueue,
  type PublishQueueDeps,
  publishQueueEffects,
  runPublishQueue,
} from '../publish/publish-queue.effects.ts'
import { publishQueueStore } from '../publish/publish-queue-store.ts'
import { createInboxRelays, type PeopleLists } from '../relays/inbox-relays.ts'

/** `lists` gives the relay lists of the people an event names (NIP-65 inbox), as a publish. */
export function startPublishQueue({
  lists,
  ...rest
}: Omit<PublishQueueDeps, 'inbox'> & { lists: PeopleLists }): PublishQueue {
  const deps: PublishQueueDeps = { ...rest, inbox: createInboxRelays(lists) }
  const store = deps.store ?? publishQueueStore()
  const online = deps.online ?? browserOnline
  const actor = createActor(publishQueueMachine.provide(publishQueueEffects({ ...deps, store })), {
    input: { online: online() },
  }).start()
  return runPublishQueue(actor, { ...deps, store })
}

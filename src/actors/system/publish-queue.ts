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

export function startPublishQueue(deps: PublishQueueDeps): PublishQueue {
  const store = deps.store ?? publishQueueStore()
  const online = deps.online ?? browserOnline
  const actor = createActor(publishQueueMachine.provide(publishQueueEffects({ ...deps, store })), {
    input: { online: online() },
  }).start()
  return runPublishQueue(actor, { ...deps, store })
}

import { useSelector } from '@xstate/react'
import { PUBLISH_QUEUE_TEXTS } from '../../../core/publish/publish-queue.ts'
import type { PublishQueueActorRef } from '../../../machines/publish-queue.machine.ts'
import { useLoaded } from '../../hooks/use-loaded.ts'
import { useSystem } from '../../system-context.tsx'

/**
 * What waits in the publish queue (publishing queued until back online): how many items, that
 * they are being sent, and any a relay refused for good, until dismissed. Mounting it starts the
 * queue, so what was queued before a reload goes out once the network is back.
 */
export function PublishQueueNotice() {
  // A queue whose code failed to load (offline right after an update) shows nothing.
  const queue = useLoaded(useSystem().publishQueue)
  return queue ? <PublishQueueStatus actor={queue.actor} /> : null
}

function PublishQueueStatus({ actor }: { actor: PublishQueueActorRef }) {
  const count = useSelector(actor, (snapshot) => snapshot.context.queue.length)
  const flushing = useSelector(actor, (snapshot) => snapshot.matches('flushing'))
  const online = useSelector(actor, (snapshot) => snapshot.context.online)
  const drops = useSelector(actor, (snapshot) => snapshot.context.drops)
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  if (count === 0 && drops.length === 0 && !error) return null
  return (
    <div className="outbox-notice">
      {count > 0 && (
        <p role="status" data-testid="outbox-count">
          {flushing
            ? PUBLISH_QUEUE_TEXTS.sending(count)
            : PUBLISH_QUEUE_TEXTS.queuedCount(count, online)}
        </p>
      )}
      {error && <p role="alert">{PUBLISH_QUEUE_TEXTS.storeFailed(error)}</p>}
      {drops.map((drop) => (
        <p key={drop.id} role="alert" className="outbox-drop">
          <span>{PUBLISH_QUEUE_TEXTS.dropped(drop)}</span>
          <button
            type="button"
            className="button-quiet"
            onClick={() => actor.send({ type: 'publishQueue.dismissed', id: drop.id })}
          >
            Dismiss
          </button>
        </p>
      ))}
    </div>
  )
}

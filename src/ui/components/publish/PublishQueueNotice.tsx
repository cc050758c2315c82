import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import type { Outbox } from '../../../actors/publish/publish-queue.effects.ts'
import { OUTBOX_TEXTS } from '../../../core/publish/publish-queue.ts'
import type { OutboxActorRef } from '../../../machines/publish-queue.machine.ts'
import { useSystem } from '../../system-context.tsx'

/**
 * What waits in the outbox (publishing queued until back online): how many items, that
 * they are being sent, and any a relay refused for good, until dismissed. Mounting it starts the
 * outbox, so what was queued before a reload goes out once the network is back.
 */
export function OutboxNotice() {
  const system = useSystem()
  const [outbox, setOutbox] = useState<Outbox | null>(null)
  useEffect(() => {
    let live = true
    system.outbox().then(
      (started) => live && setOutbox(started),
      // The outbox's code failed to load (offline right after an update): nothing to show.
      () => {},
    )
    return () => {
      live = false
    }
  }, [system])
  return outbox ? <OutboxStatus actor={outbox.actor} /> : null
}

function OutboxStatus({ actor }: { actor: OutboxActorRef }) {
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
          {flushing ? OUTBOX_TEXTS.sending(count) : OUTBOX_TEXTS.queuedCount(count, online)}
        </p>
      )}
      {error && <p role="alert">{OUTBOX_TEXTS.storeFailed(error)}</p>}
      {drops.map((drop) => (
        <p key={drop.id} role="alert" className="outbox-drop">
          <span>{OUTBOX_TEXTS.dropped(drop)}</span>
          <button
            type="button"
            className="button-quiet"
            onClick={() => actor.send({ type: 'outbox.dismissed', id: drop.id })}
          >
            Dismiss
          </button>
        </p>
      ))}
    </div>
  )
}

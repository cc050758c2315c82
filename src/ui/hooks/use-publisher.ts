/**
 * A publish machine for a composer or a modal, with the app's effects, for the component's life,
 * and its snapshot. Imported by lazily loaded screens only: the publishing code stays out of the
 * first feed paint.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { publishDepsOf, publishLogic } from '../../actors/publish-note.ts'
import type { PublishActorRef, PublishSnapshot } from '../../machines/publish.machine.ts'
import { useSystem } from '../system-context.tsx'

export function usePublisher(): { actor: PublishActorRef; snapshot: PublishSnapshot } {
  const system = useSystem()
  const logic = useMemo(() => publishLogic(publishDepsOf(system)), [system])
  const actor = useActorRef(logic)
  const snapshot = useSelector(actor, (current) => current)
  return { actor, snapshot }
}

/**
 * A publish machine for a composer or a modal, with the app's effects, for the component's life,
 * and its snapshot. The publishing code is the system's, loaded on first use: until it is, the
 * component suspends (as a lazily loaded screen does while its code loads).
 */
import { useActorRef, useSelector } from '@xstate/react'
import { use, useMemo, useState } from 'react'
import type { MiningActor } from '../../../actors/publish/mining.effects.ts'
import type { PublishActorRef, PublishSnapshot } from '../../../machines/publish.machine.ts'
import { useSystem } from '../../system-context.tsx'

export interface Publisher {
  actor: PublishActorRef
  snapshot: PublishSnapshot
  /** The proof-of-work session of the note being published, once one started. */
  mining: MiningActor | null
}

export function usePublisher(): Publisher {
  const publishing = use(useSystem().publishing())
  const [mining, setMining] = useState<MiningActor | null>(null)
  const logic = useMemo(() => publishing.logic(setMining), [publishing])
  const actor = useActorRef(logic)
  const snapshot = useSelector(actor, (current) => current)
  return { actor, snapshot, mining }
}

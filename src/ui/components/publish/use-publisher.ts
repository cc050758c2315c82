/**
 * A publish machine for a composer or a modal, with the app's effects, for the component's life,
 * and its snapshot. Imported by lazily loaded screens only: the publishing code stays out of the
 * first feed paint.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useMemo, useState } from 'react'
import type { MiningActor } from '../../../actors/publish/mining.effects.ts'
import { powPrepare } from '../../../actors/publish/pow-prepare.ts'
import {
  publishDepsOf,
  publishLogic,
  writeRelays,
} from '../../../actors/publish/publish.effects.ts'
import type { PublishActorRef, PublishSnapshot } from '../../../machines/publish.machine.ts'
import { useSystem } from '../../system-context.tsx'

export interface Publisher {
  actor: PublishActorRef
  snapshot: PublishSnapshot
  /** The proof-of-work session of the note being published, once one started. */
  mining: MiningActor | null
}

export function usePublisher(): Publisher {
  const system = useSystem()
  const [mining, setMining] = useState<MiningActor | null>(null)
  const logic = useMemo(() => {
    const prepare = powPrepare({
      relays: () =>
        writeRelays(system.app.getSnapshot().children.relays?.getSnapshot().context.entries ?? []),
      pubkey: () => system.login.getSnapshot().context.pubkey,
      onSession: setMining,
    })
    return publishLogic(publishDepsOf(system, prepare))
  }, [system])
  const actor = useActorRef(logic)
  const snapshot = useSelector(actor, (current) => current)
  return { actor, snapshot, mining }
}

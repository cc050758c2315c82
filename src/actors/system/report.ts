/**
 * Reporting notes and people (NIP-56): the report machine's one actor with the app's effects,
 * loaded on first use (a note's Report or a profile's), never on the first note's path.
 */
import { createActor } from 'xstate'
import { canSign, type LoginActorRef } from '../../machines/login.machine.ts'
import type { RelayPoolActorRef } from '../../machines/relay-pool.machine.ts'
import { reportMachine } from '../../machines/report.machine.ts'
import { type Reporting, reportEffects, reportRequest } from '../people/report.effects.ts'
import type { Signer } from '../platform/signer.ts'
import type { RelayHub } from '../relays/relay-hub.ts'

export interface ReportingDeps {
  hub: Pick<RelayHub, 'publish'>
  /** The signer of whoever is logged in now. */
  signer(): Signer
  /** The relay pool, once it runs. */
  pool(): RelayPoolActorRef | undefined
  login: LoginActorRef
}

export function startReporting({ hub, signer, pool, login }: ReportingDeps): Reporting {
  const actor = createActor(reportMachine.provide(reportEffects({ hub, signer }))).start()
  const asker = {
    // A public key alone cannot sign: not logged in for this purpose; a locked key is unlocked
    // by the view before it asks.
    user: () => {
      const snapshot = login.getSnapshot()
      return snapshot.matches('signedIn') && canSign(snapshot) ? snapshot.context.pubkey : null
    },
    pool: () => pool()?.getSnapshot().context.entries,
  }
  return {
    actor,
    request: (target) =>
      actor.send({ type: 'report.requested', request: reportRequest(asker, target) }),
    confirm: (reportType, comment) =>
      actor.send({ type: 'report.confirmed', reportType: reportType ?? undefined, comment }),
    cancel: () => actor.send({ type: 'report.cancelled' }),
  }
}

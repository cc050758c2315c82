/**
 * Operations a reload interrupted, finished when the wallet opens: reservations settled with
 * their mint (a reservation machine each, resumed from the journal) and receives whose outputs
 * are recovered from their noted counters. Both wait when the key is locked or the mint is away,
 * and try again on any change of the login.
 */
import { createActor } from 'xstate'
import type { WalletRecord } from '../cashu-store.ts'
import { recoverReceives } from '../cashu-transfer.ts'
import { reservationLogic } from '../proof-reservation.effects.ts'
import { effectsOf, transferDeps } from './mints.ts'
import type { Session, SessionDeps } from './open-wallet.ts'

const isReceive = (opKey: string) => opKey.startsWith('receive:')

export function settleOpen(d: SessionDeps, s: Session, record: WalletRecord): void {
  for (const entry of record.book.journal) {
    if (s.settling.has(entry.opId)) continue
    const actor = createActor(reservationLogic(effectsOf(d, s)), {
      input: { ...entry, resume: true },
    })
    s.settling.set(entry.opId, actor)
    actor.subscribe({
      next: () => d.changed(s),
      complete: () => {
        s.settling.delete(entry.opId)
        d.changed(s)
      },
    })
    actor.start()
  }
}

/** Receives a reload interrupted; tried again on a change of the login (an unlocked key). */
export function recoverInterrupted(d: SessionDeps, s: Session): void {
  if (s.recovering || !s.record || !Object.keys(s.record.opCounters).some(isReceive)) return
  s.recovering = true
  recoverReceives(transferDeps(d, s))
    .catch(() => {}) // the key locked or the mint away: the noted counters wait
    .finally(() => {
      s.recovering = false
    })
}

/** The login changed (the key unlocked, perhaps): what waited tries again. */
export function retryInterrupted(d: SessionDeps, s: Session): void {
  for (const actor of s.settling.values()) {
    if (actor.getSnapshot().matches('unresolved')) actor.send({ type: 'reservation.retry' })
  }
  recoverInterrupted(d, s)
}

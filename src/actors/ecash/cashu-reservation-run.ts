/**
 * Runs one proof reservation (spec §4) for a caller that waits on it: done when the machine is
 * final, or when it is unresolved (the mint could not be asked its proofs' states). The
 * unresolved one is handed to the open wallet's settling, which shows why it waits and tries
 * again, so the caller never waits for ever on a mint that is away.
 */
import type { Actor } from 'xstate'
import type { ReservationOutcome } from '../../machines/proof-reservation.machine.ts'
import type { reservationLogic } from './proof-reservation.effects.ts'

export interface RunHooks {
  /** An operation left unresolved: settle it from the journal (the open wallet's settling). */
  settleLater?(): void
}

export interface RunOutput {
  outcome: ReservationOutcome | 'unresolved'
  error: string | null
}

export function runReservation(
  actor: Actor<ReturnType<typeof reservationLogic>>,
  hooks: RunHooks,
): Promise<RunOutput> {
  return new Promise<RunOutput>((resolve) => {
    let done = false
    const finish = (output: RunOutput) => {
      if (done) return
      done = true
      subscription.unsubscribe()
      resolve(output)
    }
    const subscription = actor.subscribe({
      next(snapshot) {
        if (!snapshot.matches('unresolved')) return
        finish({ outcome: 'unresolved', error: snapshot.context.error })
        actor.stop()
        hooks.settleLater?.()
      },
      complete() {
        const output = actor.getSnapshot().output
        finish({ outcome: output?.outcome ?? 'unresolved', error: output?.error ?? null })
      },
    })
    actor.start()
  })
}

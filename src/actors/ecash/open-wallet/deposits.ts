/**
 * A session's deposits: each a deposit machine (deposit.effects.ts) started for a new deposit or
 * resumed for a quote a reload left waiting, with the view its screen shows, kept in step with
 * the machine's snapshots.
 */
import { createActor } from 'xstate'
import type { WalletRecord } from '../cashu-store.ts'
import type { DepositView } from '../cashu-wallet-api.ts'
import { depositLogic } from '../deposit.effects.ts'
import { effectsOf } from './mints.ts'
import { newId, type Session, type SessionDeps } from './open-wallet.ts'

/** Starts a deposit (resumed when given its quote); returns its id in the view. */
export function startDeposit(
  d: SessionDeps,
  s: Session,
  input: { mint: string; amount: number; quote?: WalletRecord['quotes'][number] },
): string {
  const id = newId()
  const logic = depositLogic({ ...effectsOf(d, s), newId })
  const actor = createActor(logic, { input })
  const entry = {
    actor,
    view: {
      id,
      mint: input.mint,
      amount: input.amount,
      step: 'starting',
      invoice: input.quote?.request ?? null,
      outcome: null,
      error: null,
    } as DepositView,
  }
  s.deposits.set(id, entry)
  actor.subscribe((snapshot) => {
    const { context } = snapshot
    const step =
      typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]
    entry.view = {
      ...entry.view,
      step: step ?? 'starting',
      invoice: context.quote?.request ?? null,
      outcome: context.outcome,
      error: context.error,
    }
    d.changed(s)
  })
  actor.start()
  return id
}

/**
 * An open wallet's deposits: each a deposit machine (deposit.effects.ts) started for a new
 * deposit or resumed for a quote a reload left waiting, with the view its screen shows, kept in
 * step with the machine's snapshots.
 */
import { type Actor, createActor } from 'xstate'
import type { WalletRecord } from '../cashu-store.ts'
import type { DepositView } from '../cashu-wallet-api.ts'
import { type DepositDeps, depositLogic } from '../deposit.effects.ts'
import type { Changed } from './part-deps.ts'

export interface Deposits {
  /** Starts a deposit (resumed when given its quote); returns its id in the view. */
  start(input: { mint: string; amount: number; quote?: WalletRecord['quotes'][number] }): string
  cancel(id: string): void
  views(): DepositView[]
  /** How many deposits at `mint` have no outcome yet. */
  unfinishedAt(mint: string): number
  stop(): void
}

export function createDeposits(deps: DepositDeps, changed: Changed): Deposits {
  const running = new Map<
    string,
    { actor: Actor<ReturnType<typeof depositLogic>>; view: DepositView }
  >()
  return {
    start(input) {
      const id = deps.newId()
      const actor = createActor(depositLogic(deps), { input })
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
      running.set(id, entry)
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
        changed()
      })
      actor.start()
      return id
    },
    cancel: (id) => running.get(id)?.actor.send({ type: 'deposit.cancel' }),
    views: () => [...running.values()].map((d) => d.view),
    unfinishedAt: (mint) =>
      [...running.values()].filter(({ view }) => view.mint === mint && !view.outcome).length,
    stop() {
      for (const { actor } of running.values()) actor.stop()
    },
  }
}

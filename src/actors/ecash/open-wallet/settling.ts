/**
 * Operations a reload interrupted, finished when the wallet opens: reservations settled with
 * their mint (a reservation machine each, resumed from the journal; a payment still PENDING then
 * waits for its melt quote to settle) and receives whose outputs are recovered from their noted
 * counters. Both wait when the key is locked or the mint is away, and try again on any change of
 * the login; a reservation also asks its mint again by itself every CASHU.unresolvedRetryMs.
 */
import { type Actor, createActor } from 'xstate'
import { settlePendingMelt } from '../cashu-melt.ts'
import type { WalletRecord } from '../cashu-store.ts'
import { recoverReceives, type TransferDeps } from '../cashu-transfer.ts'
import { reservationLogic } from '../proof-reservation.effects.ts'
import type { Changed } from './part-deps.ts'

export interface SettlingDeps {
  /** What the reservations and the recovery run with. */
  transfer: TransferDeps
  /** The record as the open wallet last read or wrote it. */
  record(): WalletRecord | null
  changed: Changed
}

export interface Settling {
  /** Settles the journal's operations not already settling. */
  settle(record: WalletRecord): void
  /** Recovers the receives a reload interrupted, unless that runs already. */
  recover(): void
  /** The login changed (the key unlocked, perhaps): what waited tries again. */
  retry(): void
  /** Operations still settling. */
  count(): number
  /** Why settling waits: the first unresolved operation's error. */
  error(): string | null
  stop(): void
}

const isReceive = (opKey: string) => opKey.startsWith('receive:')

export function createSettling({ transfer, record, changed }: SettlingDeps): Settling {
  /** Reservation actors by operation id. */
  const settling = new Map<string, Actor<ReturnType<typeof reservationLogic>>>()
  /** Payments PENDING at the mint whose melt quote is being watched. */
  const watching = new Set<string>()
  let recovering = false
  let stopped = false

  const recover = () => {
    const current = record()
    if (recovering || !current || !Object.keys(current.opCounters).some(isReceive)) return
    recovering = true
    recoverReceives(transfer)
      .catch(() => {}) // the key locked or the mint away: the noted counters wait
      .finally(() => {
        recovering = false
      })
  }

  return {
    settle(current) {
      for (const entry of current.book.journal) {
        if (settling.has(entry.opId)) continue
        const actor = createActor(reservationLogic(transfer), {
          input: { ...entry, resume: true },
        })
        settling.set(entry.opId, actor)
        actor.subscribe({
          next: () => changed(),
          complete: () => {
            settling.delete(entry.opId)
            changed()
            // Still open after checkstate: a payment PENDING at the mint, settled with its quote.
            const left = record()
            const quote = left?.opCounters[entry.opId]?.quote
            const open = left?.book.journal.some((j) => j.opId === entry.opId)
            if (quote && open && !watching.has(entry.opId)) {
              watching.add(entry.opId)
              void settlePendingMelt(transfer, entry.mint, entry.opId, quote, () => !stopped)
                .catch(() => false) // the store unreadable: the next open settles it
                .finally(() => watching.delete(entry.opId))
            }
          },
        })
        actor.start()
      }
    },
    recover,
    retry() {
      for (const actor of settling.values()) {
        if (actor.getSnapshot().matches('unresolved')) actor.send({ type: 'reservation.retry' })
      }
      recover()
    },
    count: () => settling.size,
    error() {
      for (const actor of settling.values()) {
        const snapshot = actor.getSnapshot()
        if (snapshot.matches('unresolved')) return snapshot.context.error
      }
      return null
    },
    stop() {
      stopped = true
      for (const actor of settling.values()) actor.stop()
    },
  }
}

/**
 * Stored events from relays a request names (outbox, hints, the user's own list), alongside or
 * instead of the pool. A subscription sends the same filters to every relay it asks, so relays
 * asked for different things are asked in requests of their own, at once, and their answers
 * merged: each event once (the first relay it came from), answered when any relay answered.
 */
import type { Filter } from 'nostr-tools/filter'
import type { RelayReason } from '../../core/relays/relay-reason.ts'
import type { RelayHub } from './relay-hub.ts'
import { queryStored, type Sourced, type StoredAnswer } from './stored-events.ts'

export interface RoutedRequest {
  relays: readonly string[]
  filters: Filter[]
  reason: RelayReason
}

/** Relays outside the pool to ask as well, and why. */
export interface ExtraRelays {
  relays: readonly string[]
  reason: RelayReason
}

/** One answer of several: each event once, answered when one of them was. */
export function mergeAnswers(answers: readonly StoredAnswer[]): StoredAnswer {
  const seen = new Set<string>()
  const found: Sourced[] = []
  // What another answer had first is a copy: each relay's events stay known (sentBy).
  const copies = answers.flatMap((answer) => answer.copies)
  for (const sourced of answers.flatMap((answer) => answer.found)) {
    if (seen.has(sourced.event.id)) copies.push(sourced)
    else {
      seen.add(sourced.event.id)
      found.push(sourced)
    }
  }
  return {
    found,
    copies,
    answered: answers.some((answer) => answer.answered),
    eosedBy: new Set(answers.flatMap((answer) => [...answer.eosedBy])),
  }
}

/** Each request on its own relays, all at once. */
export async function queryEach(
  hub: Pick<RelayHub, 'subscribe'>,
  requests: readonly RoutedRequest[],
): Promise<StoredAnswer> {
  const answers = await Promise.all(
    requests
      .filter((request) => request.relays.length > 0 && request.filters.length > 0)
      .map(({ relays, filters, reason }) => queryStored(hub, filters, { relays, reason })),
  )
  return mergeAnswers(answers)
}

/**
 * The pool's answer (the request as it is sent without routing) and, at once, the same filters
 * on the extra relays, once they are known (a relay list may have to be looked up first).
 */
export async function queryPoolAnd(
  hub: Pick<RelayHub, 'subscribe'>,
  filters: Filter[],
  extra: Promise<ExtraRelays | null> | ExtraRelays | null,
): Promise<StoredAnswer> {
  const pool = queryStored(hub, filters)
  const elsewhere = Promise.resolve(extra).then((more) =>
    more && more.relays.length > 0 ? queryEach(hub, [{ ...more, filters }]) : null,
  )
  const answers = await Promise.all([pool, elsewhere])
  return mergeAnswers(answers.filter((answer): answer is StoredAnswer => answer !== null))
}

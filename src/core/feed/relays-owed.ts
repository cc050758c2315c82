/**
 * Relays that still owe a feed stored events. A page asks each relay for its newest `limit` notes
 * up to `until`, and the next page goes on from the oldest note kept. A relay that did not answer
 * in time (its end-of-stored-events wait ran out, it was down, it CLOSEd) would have its notes
 * between the two skipped for good: measured in the many-relay world, 3 of 6 relays timing out on
 * one page under load lost 7 of the 14 notes of that stretch. So the page remembers, per relay, the
 * `until` it is still owed from, and the next page asks that relay from there; what it then sends
 * that is newer than the page shows among the rows already there.
 *
 * A relay that answered is square once it sent fewer than `limit` notes (it has no more) or its
 * oldest reached back to the next page's `until` (it sent everything newer); otherwise it still
 * owes from its oldest. Owing relays are at most the relays a page asks: bounded by the plan.
 */
import { type Filter, matchFilter } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'

/** Relay URL → the `until` (inclusive, NIP-01; 0 for "now") its stored events are owed from. */
export type RelaysOwed = Readonly<Record<string, number>>

/** What one relay did with a page's request. */
export interface RelayOutcome {
  url: string
  /** The `until` it was asked from (0: the newest). */
  until: number
  /** It sent EOSE in time. */
  answered: boolean
  /** The oldest `created_at` it sent when it sent the full `limit`; undefined when it sent fewer. */
  oldestOfFull: number | undefined
}

/** The `until` to ask `url` from: what it still owes, or the page's own. */
export const untilFor = (owed: RelaysOwed | undefined, url: string, until: number): number =>
  owed?.[url] ?? until

/**
 * What each relay still owes after a page whose next page starts at `nextUntil` (undefined: the
 * feed ended, and the relays that answered owe nothing more).
 */
export function owedAfter(
  outcomes: readonly RelayOutcome[],
  nextUntil: number | undefined,
): RelaysOwed {
  const owed: Record<string, number> = {}
  for (const { url, until, answered, oldestOfFull } of outcomes) {
    if (!answered) owed[url] = until
    else if (oldestOfFull !== undefined && nextUntil !== undefined && oldestOfFull > nextUntil)
      owed[url] = oldestOfFull
  }
  return owed
}

/**
 * How far back the relays that answered sent every note they hold: the newest of the full
 * answers' oldest notes (each relay sent its newest `limit`, NIP-01), or 0 when none was full
 * (each sent all it has). A relay that did not answer is not counted: it owes (owedAfter).
 */
export function completeDownTo(outcomes: readonly RelayOutcome[]): number {
  let complete = 0
  for (const { answered, oldestOfFull } of outcomes) {
    if (answered && oldestOfFull !== undefined) complete = Math.max(complete, oldestOfFull)
  }
  return complete
}

/**
 * A relay's outcome from what it was asked and sent. Each filter brings its own newest `limit`,
 * so the relay sent everything only down to the shortest reach of its full filters.
 */
export function relayOutcome(
  url: string,
  until: number,
  answered: boolean,
  filters: readonly Filter[],
  sent: readonly NostrEvent[],
): RelayOutcome {
  let oldestOfFull: number | undefined
  for (const filter of filters) {
    const matching = sent.filter((event) => matchFilter(filter, event))
    if (filter.limit === undefined || matching.length < filter.limit) continue
    const oldest = matching.reduce((least, event) => Math.min(least, event.created_at), Infinity)
    oldestOfFull = Math.max(oldestOfFull ?? oldest, oldest)
  }
  return { url, until, answered, oldestOfFull }
}

/**
 * The notes of the page starting at `until` (0: the newest page, which has no late notes) and the
 * late ones, newer than it: sent by relays asked from further back. Here rather than with a
 * person's notes paging (note-paging.ts), which the feed would otherwise bring to the first note.
 */
export function splitLate<T extends { created_at: number }>(
  notes: readonly T[],
  until: number,
): { onPage: T[]; late: T[] } {
  if (!until) return { onPage: [...notes], late: [] }
  return {
    onPage: notes.filter((note) => note.created_at <= until),
    late: notes.filter((note) => note.created_at > until),
  }
}

/**
 * Events in time order, the id breaking ties so the order never depends on arrival. Ids and
 * pubkeys are lowercase hex, whose code-unit order is the one localeCompare gave: which, on a
 * page's first call, starts ICU's collation (10-25 ms of main thread on the test host).
 */
interface Timed {
  created_at: number
  id: string
}

export const compareHex = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

export const newestFirst = (a: Timed, b: Timed): number =>
  b.created_at - a.created_at || compareHex(a.id, b.id)

export const oldestFirst = (a: Timed, b: Timed): number =>
  a.created_at - b.created_at || compareHex(a.id, b.id)

/**
 * The newest of several versions of a replaceable event (the query asks for 10): highest
 * created_at, and on a tie the lowest id, as NIP-01 says relays keep. Here rather than with relay
 * lists (core/relays/relay-list.ts), which load with the outbox routing, not with the profile's
 * queries that read it too.
 */
export function newestEvent<E extends { created_at: number; id: string }>(
  events: readonly E[],
): E | null {
  let newest: E | null = null
  for (const event of events) {
    if (
      newest === null ||
      event.created_at > newest.created_at ||
      (event.created_at === newest.created_at && event.id < newest.id)
    ) {
      newest = event
    }
  }
  return newest
}

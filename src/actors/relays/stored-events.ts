/**
 * A request for stored events only, with what the hub's `query` leaves out: the relay each event
 * came from first, and whether any relay answered at all (sent its end of stored events). An empty
 * answer from relays that answered means "there is none"; from relays that were silent, refused
 * or away it means nothing, and the caller reports a failure (spec §8).
 */
import type { Filter } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import { sameRelayUrl } from '../../core/relays/relay-url.ts'
import type { RelayHub, RequestOptions } from './relay-hub.ts'

export interface Sourced {
  event: NostrEvent
  relay: string
}

export interface StoredAnswer {
  /** Each event once, with the relay it came from first. */
  found: Sourced[]
  /** The copies other relays sent of events in `found`, when asked for (StoredOptions). */
  copies: Sourced[]
  /** Some relay sent EOSE. */
  answered: boolean
  /** The relays that sent EOSE in time. */
  eosedBy: ReadonlySet<string>
}

export interface StoredOptions extends RequestOptions {
  /** Gather the copies too (StoredAnswer.copies), whose checks the answer then waits for. */
  copies?: boolean
}

export function queryStored(
  hub: Pick<RelayHub, 'subscribe'>,
  filters: Filter[],
  { copies: withCopies, ...request }: StoredOptions = {},
): Promise<StoredAnswer> {
  return new Promise((resolve) => {
    const found: Sourced[] = []
    const copies: Sourced[] = []
    const subscription = hub.subscribe(
      filters,
      {
        onEvent: (event, relay) => found.push({ event, relay }),
        ...(withCopies && {
          onCopy: (event: NostrEvent, relay: string) => copies.push({ event, relay }),
        }),
        onEose: (answered, eosedBy) => {
          subscription.close()
          resolve({ found, copies, answered, eosedBy })
        },
      },
      request,
    )
  })
}

/** The events of an answer; throws `failure` when nothing came and no relay answered. */
export function answeredEvents({ found, answered }: StoredAnswer, failure: string): NostrEvent[] {
  if (found.length === 0 && !answered) throw new Error(failure)
  return found.map(({ event }) => event)
}

/** The events `relay` sent in an answer: those it sent first and its copies of the others'. */
export const sentBy = ({ found, copies }: StoredAnswer, relay: string): NostrEvent[] =>
  [...found, ...copies]
    .filter((sourced) => sameRelayUrl(sourced.relay, relay))
    .map(({ event }) => event)

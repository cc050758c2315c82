/**
 * What the readers need to route a request (NIP-65 outbox, relay hints, the user's own list):
 * the pool's relays now, people's relay lists, and the user's own read relays. The composition
 * root builds one; a reader without it asks the pool, as before routing.
 */
import { hintRelays, MAX_HINT_RELAYS } from '../../core/relays/hint-relays.ts'
import { outsidePool } from '../../core/relays/pool-urls.ts'
import type { OutboxRelays, PoolRelay } from './outbox-relays.ts'
import type { ExtraRelays } from './routed-query.ts'

export interface ReadRoutes {
  /** The pool's relays now (they change as the user edits them). */
  pool(): readonly PoolRelay[]
  outbox: OutboxRelays
  /** The read relays of this user's own relay list in use; empty when it is not theirs. */
  ownReadRelays(pubkey: string): readonly string[]
}

/** Where an event is known to be: relay hints, and its author when known (NIP-19 nevent). */
export interface EventHints {
  relays: readonly string[]
  author?: string | null
}

export const NO_HINTS: EventHints = { relays: [] }

/** The author's write relays a hint adds: their first two (spec §9, 2 relays per author). */
const AUTHOR_HINTS = 2

/**
 * Reading a person's relays, loaded with the outbox routing that finds them (lazy-outbox-relays.ts):
 * with its relay list parsing, off the first note's path.
 */
const personRelays = () => import('../../core/relays/person-relays.ts')

/**
 * The hinted relays outside the pool for this event, to ask beside the pool: the hints given,
 * then (when the hints name an author) the author's write relays; null when there are none.
 */
export async function hintedRelays(
  routes: ReadRoutes,
  id: string,
  hints: EventHints,
): Promise<ExtraRelays | null> {
  let authorRelays: string[] = []
  if (hints.author) {
    const [lists, { writeRelaysOf }] = await Promise.all([
      routes.outbox.listsOf([hints.author]),
      personRelays(),
    ])
    const person = lists.get(hints.author)
    authorRelays = (person && writeRelaysOf(person))?.slice(0, AUTHOR_HINTS) ?? []
  }
  const relays = hintRelays([outsidePool([...hints.relays, ...authorRelays], routes.pool())])
  return relays.length > 0 ? { relays, reason: { kind: 'hint', id } } : null
}

/**
 * A person's read relays asked for replies to them: up to four, all of them for most people, since
 * a writer sends to two it picks by its own ranking (core/relays/inbox.ts), not the first two.
 */
const INBOX_READS = MAX_HINT_RELAYS

/**
 * Where replies to this person are expected (NIP-65: a reply goes to the read relays of whom it
 * answers): their read relays outside the pool; null when there are none.
 */
export async function inboxRelays(routes: ReadRoutes, pubkey: string): Promise<ExtraRelays | null> {
  const [lists, { readRelaysOf }] = await Promise.all([
    routes.outbox.listsOf([pubkey]),
    personRelays(),
  ])
  const person = lists.get(pubkey)
  const read = person ? readRelaysOf(person).slice(0, INBOX_READS) : []
  const relays = hintRelays([outsidePool(read, routes.pool())])
  return relays.length > 0 ? { relays, reason: { kind: 'inbox', pubkeys: [pubkey] } } : null
}

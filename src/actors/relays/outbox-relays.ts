/**
 * Outbox routing (NIP-65): people's relay lists (relay-lists.ts, many at a time) and the relays
 * chosen to read their notes from, 2 per author from their write relays (spec §9, queries). A
 * chosen relay outside the pool is asked all the same: the hub reaches it through a short-lived
 * connection. The selections of the last RELAY_LIST_LRU_SIZE (25, spec §9) sets of authors are
 * kept, so the pages of one feed share theirs.
 */

import { createLru, RELAY_LIST_LRU_SIZE } from '../../core/relays/outbox.ts'
import { type OutboxPlan, planOutboxReads } from '../../core/relays/outbox-plan.ts'
import {
  NO_PERSON_RELAYS,
  type PersonRelays,
  personRelaysFromNotes,
  writeRelaysOf,
} from '../../core/relays/person-relays.ts'
import { hubSpelling, type PoolEntry, poolReadUrls } from '../../core/relays/pool-urls.ts'
import { RELAY_FALLBACK_NOTES_LIMIT } from '../../core/relays/relay-list.ts'
import { canRead } from '../../core/relays/relay-permission.ts'
import type { RelayHub } from './relay-hub.ts'
import { createRelayLists, type RelayLists } from './relay-lists.ts'

export type PoolRelay = PoolEntry

export interface NotesRelays {
  /** The person's outbox relays chosen for their notes (normalized; may lie outside the pool). */
  outbox: string[]
  /** What the hub is asked: the chosen relays, then the pool's other readable relays. */
  asked: string[]
}

export interface OutboxRelays {
  /** Asks the relays for the person's relay list (or notes naming relays) and keeps it. */
  fetchRelays(pubkey: string): Promise<PersonRelays>
  /** The kept relay list, or fetched when not kept. */
  relaysOf(pubkey: string): Promise<PersonRelays>
  notesRelays(pubkey: string, pool: readonly PoolRelay[]): Promise<NotesRelays>
  /** Many people's relay lists, asked together (no guess from their notes): NO_PERSON_RELAYS for none. */
  listsOf(authors: readonly string[]): Promise<ReadonlyMap<string, PersonRelays>>
  /** Which relay to ask for which of these authors' notes (core/relays/outbox-plan.ts). */
  plan(authors: readonly string[], pool: readonly PoolRelay[]): Promise<OutboxPlan>
}

export interface OutboxOptions {
  /** The app's kept relay lists; absent: a set of its own. */
  lists?: RelayLists
  /** Relays never asked (the config's blacklist). */
  blocked?: () => readonly string[]
}

export function createOutboxRelays(hub: RelayHub, options: OutboxOptions = {}): OutboxRelays {
  const lists = options.lists ?? createRelayLists(hub)
  const plans = createLru<string, OutboxPlan>(RELAY_LIST_LRU_SIZE)
  const pending = new Map<string, Promise<PersonRelays>>()

  /** Their list; without one, the relays their recent notes name (spec §7), kept as well. */
  async function complete(pubkey: string, again: boolean): Promise<PersonRelays> {
    const found = (await lists.of([pubkey], { fresh: again })).get(pubkey)
    if (found && (found.person.source !== 'none' || found.guessed)) return found.person
    const notes = await hub.query([
      { kinds: [1], authors: [pubkey], limit: RELAY_FALLBACK_NOTES_LIMIT },
    ])
    const person = personRelaysFromNotes(notes)
    lists.keep(pubkey, { person, guessed: true })
    return person
  }

  function lookUp(pubkey: string, again: boolean): Promise<PersonRelays> {
    const known = pending.get(pubkey)
    if (known) return known
    const request = complete(pubkey, again).finally(() => pending.delete(pubkey))
    pending.set(pubkey, request)
    return request
  }

  /** Relays that cannot be read through the hub: blacklisted, or pool relays it only writes to. */
  const blockedFor = (pool: readonly PoolRelay[]): string[] => [
    ...(options.blocked?.() ?? []),
    ...pool.filter((entry) => !canRead(entry.permission)).map((entry) => entry.url),
  ]

  async function listsOf(authors: readonly string[]) {
    const kept = await lists.of(authors)
    return new Map([...kept].map(([author, { person }]) => [author, person]))
  }

  async function plan(authors: readonly string[], pool: readonly PoolRelay[]) {
    const known = await listsOf(authors)
    const fallback = poolReadUrls(pool)
    const blocked = blockedFor(pool)
    const key = [lists.version, fallback.join(' '), blocked.join(' '), authors.join(' ')].join('\n')
    const kept = plans.get(key)
    if (kept) return kept
    const made = planOutboxReads({
      authors,
      writeRelaysOf: (author) => writeRelaysOf(known.get(author) ?? NO_PERSON_RELAYS),
      fallback,
      blocked,
    })
    plans.set(key, made)
    return made
  }

  return {
    fetchRelays: (pubkey) => lookUp(pubkey, true),
    relaysOf: (pubkey) => lookUp(pubkey, false),
    listsOf,
    plan,
    async notesRelays(pubkey, pool) {
      const person = await lookUp(pubkey, false)
      const fallback = poolReadUrls(pool)
      const chosen = planOutboxReads({
        authors: [pubkey],
        writeRelaysOf: () => writeRelaysOf(person),
        fallback,
        blocked: blockedFor(pool),
      })
      const outbox = [...chosen.keys()]
      const asked = [...new Set([...outbox, ...fallback])].map((url) => hubSpelling(url, pool))
      return { outbox, asked }
    },
  }
}

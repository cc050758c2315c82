/**
 * Outbox routing for a person's notes (NIP-65): their relay list, kept in an LRU of 25 (spec §9),
 * and the relays chosen to ask for their notes, 2 per author, from their write relays.
 *
 * The hub can only ask relays that are in the pool, so the chosen relays are asked when the pool
 * holds them, always together with the user's readable relays; a chosen relay outside the pool
 * is reported, not asked (the discovery modal shows it).
 */
import {
  createLru,
  type Lru,
  OUTBOX_RELAYS_PER_AUTHOR,
  RELAY_LIST_LRU_SIZE,
  selectOutboxRelays,
} from '../../core/relays/outbox.ts'
import {
  type PersonRelays,
  personRelaysFromLists,
  personRelaysFromNotes,
  writeRelaysOf,
} from '../../core/relays/person-relays.ts'
import {
  RELAY_FALLBACK_NOTES_LIMIT,
  RELAY_LIST_KIND,
  RELAY_LIST_QUERY_LIMIT,
} from '../../core/relays/relay-list.ts'
import { canRead, type RelayPermission } from '../../core/relays/relay-permission.ts'
import type { RelayHub } from './relay-hub.ts'

export interface PoolRelay {
  url: string
  permission: RelayPermission
}

export interface NotesRelays {
  /** The person's outbox relays chosen for their notes (may lie outside the pool). */
  outbox: string[]
  /** What the hub is asked: chosen relays the pool reads from, then the other readable relays. */
  asked: string[]
}

export interface OutboxRelays {
  /** Asks the relays for the person's relay list (or notes naming relays) and keeps it. */
  fetchRelays(pubkey: string): Promise<PersonRelays>
  /** The kept relay list, or fetched when not kept. */
  relaysOf(pubkey: string): Promise<PersonRelays>
  notesRelays(pubkey: string, pool: readonly PoolRelay[]): Promise<NotesRelays>
}

export function createOutboxRelays(hub: RelayHub, lru?: Lru<string, PersonRelays>): OutboxRelays {
  const lists = lru ?? createLru<string, PersonRelays>(RELAY_LIST_LRU_SIZE)
  // One request per person at a time: the notes tab and the relays tab ask together.
  const pending = new Map<string, Promise<PersonRelays>>()

  async function ask(pubkey: string): Promise<PersonRelays> {
    const listEvents = await hub.query([
      { kinds: [RELAY_LIST_KIND], authors: [pubkey], limit: RELAY_LIST_QUERY_LIMIT },
    ])
    const fromList = personRelaysFromLists(listEvents)
    if (fromList) return fromList
    const notes = await hub.query([
      { kinds: [1], authors: [pubkey], limit: RELAY_FALLBACK_NOTES_LIMIT },
    ])
    return personRelaysFromNotes(notes)
  }

  function fetchRelays(pubkey: string): Promise<PersonRelays> {
    const known = pending.get(pubkey)
    if (known) return known
    const request = ask(pubkey)
      .then((person) => {
        lists.set(pubkey, person)
        return person
      })
      .finally(() => pending.delete(pubkey))
    pending.set(pubkey, request)
    return request
  }

  async function relaysOf(pubkey: string): Promise<PersonRelays> {
    return lists.get(pubkey) ?? fetchRelays(pubkey)
  }

  return {
    fetchRelays,
    relaysOf,
    async notesRelays(pubkey, pool) {
      const person = await relaysOf(pubkey)
      const readable = pool.filter((relay) => canRead(relay.permission)).map((relay) => relay.url)
      const chosen = selectOutboxRelays(
        [pubkey],
        () => writeRelaysOf(person),
        readable,
        OUTBOX_RELAYS_PER_AUTHOR,
      )
      const outbox = [...chosen.keys()]
      const asked = [...new Set([...outbox.filter((url) => readable.includes(url)), ...readable])]
      return { outbox, asked }
    },
  }
}

/**
 * NIP-65 relay lists of many people at once, for outbox routing: the kind 10002 of every author
 * not yet known is asked in one request (so one REQ per relay: the pool's readable relays and its
 * indexers, which the hub gives the indexer kinds), with up to MAX_AUTHORS_PER_FILTER authors per
 * filter. Each answer is kept per author, those who published none included, in an LRU bounded
 * at RELAY_LISTS_KEPT, for RELAY_LIST_MAX_AGE_MS. The spec's LRU of 25 (§9) is sized for relay
 * selections; a Following feed of 500 authors needs every one of their lists at once.
 */
import { createLru } from '../../core/relays/outbox.ts'
import {
  NO_PERSON_RELAYS,
  type PersonRelays,
  personRelaysFromLists,
} from '../../core/relays/person-relays.ts'
import { RELAY_LIST_KIND } from '../../core/relays/relay-list.ts'
import type { RelayHub } from './relay-hub.ts'
import { queryStored } from './stored-events.ts'

/** People whose relay lists are kept at most (a few hundred bytes each). */
export const RELAY_LISTS_KEPT = 5000
/** A kept list is asked for again after this long: people move. */
export const RELAY_LIST_MAX_AGE_MS = 30 * 60_000
/** Authors per filter: relays commonly cap the size of a filter (as the feed's, feed-source.ts). */
export const RELAY_LIST_AUTHORS_PER_FILTER = 500

export interface KeptRelays {
  person: PersonRelays
  /** No list was found and the relays named in their notes were looked at too (spec §7). */
  guessed: boolean
}

export interface RelayLists {
  /**
   * Their relays: kept ones at once, the others asked for together. Someone with no list is
   * NO_PERSON_RELAYS. `fresh`: ask again even for kept ones (the Relays tab).
   */
  of(
    authors: readonly string[],
    options?: { fresh?: boolean },
  ): Promise<ReadonlyMap<string, KeptRelays>>
  /** Keeps what was found some other way (their notes' relays, when they have no list). */
  keep(pubkey: string, kept: KeptRelays): void
  /** Grows whenever a kept list changes: selections made before may be stale. */
  readonly version: number
}

export interface RelayListsOptions {
  now?: () => number
  max?: number
  maxAgeMs?: number
}

interface Entry extends KeptRelays {
  at: number
}

export function createRelayLists(
  hub: Pick<RelayHub, 'subscribe'>,
  options: RelayListsOptions = {},
): RelayLists {
  const now = options.now ?? Date.now
  const maxAge = options.maxAgeMs ?? RELAY_LIST_MAX_AGE_MS
  const kept = createLru<string, Entry>(options.max ?? RELAY_LISTS_KEPT)
  // One request per person at a time: the feed, the profile and a note page may ask together.
  const pending = new Map<string, Promise<KeptRelays>>()
  let version = 0

  const fresh = (pubkey: string): Entry | undefined => {
    const entry = kept.get(pubkey)
    return entry && now() - entry.at < maxAge ? entry : undefined
  }

  function keep(pubkey: string, value: KeptRelays) {
    const previous = kept.get(pubkey)
    if (previous?.person !== value.person) version++
    kept.set(pubkey, { ...value, at: now() })
  }

  async function ask(authors: readonly string[]): Promise<Map<string, KeptRelays>> {
    const filters = []
    for (let i = 0; i < authors.length; i += RELAY_LIST_AUTHORS_PER_FILTER) {
      const chunk = authors.slice(i, i + RELAY_LIST_AUTHORS_PER_FILTER)
      // A relay may hold older versions too: room for two per author.
      filters.push({ kinds: [RELAY_LIST_KIND], authors: chunk, limit: chunk.length * 2 })
    }
    const answer = await queryStored(hub, filters)
    const byAuthor = new Map<string, typeof answer.found>()
    for (const found of answer.found) {
      byAuthor.set(found.event.pubkey, [...(byAuthor.get(found.event.pubkey) ?? []), found])
    }
    const result = new Map<string, KeptRelays>()
    for (const author of authors) {
      const events = (byAuthor.get(author) ?? []).map(({ event }) => event)
      const person = personRelaysFromLists(events)
      const value = { person: person ?? NO_PERSON_RELAYS, guessed: false }
      result.set(author, value)
      // Nobody answered: "no list" is not known, so nothing is kept and the next look asks again.
      if (person || answer.answered) keep(author, value)
    }
    return result
  }

  return {
    async of(authors, { fresh: again = false } = {}) {
      const unique = [...new Set(authors)]
      const result = new Map<string, KeptRelays>()
      const waits: Promise<void>[] = []
      const missing: string[] = []
      for (const author of unique) {
        const known = again ? undefined : fresh(author)
        const asking = pending.get(author)
        if (known) result.set(author, { person: known.person, guessed: known.guessed })
        else if (asking) waits.push(asking.then((value) => void result.set(author, value)))
        else missing.push(author)
      }
      if (missing.length > 0) {
        const request = ask(missing)
        for (const author of missing) {
          const one = request.then(
            (all) => all.get(author) ?? { person: NO_PERSON_RELAYS, guessed: false },
          )
          pending.set(author, one)
          void one.finally(() => {
            if (pending.get(author) === one) pending.delete(author)
          })
          waits.push(one.then((value) => void result.set(author, value)))
        }
      }
      await Promise.all(waits)
      return new Map(unique.map((author) => [author, result.get(author)!]))
    },
    keep,
    get version() {
      return version
    },
  }
}

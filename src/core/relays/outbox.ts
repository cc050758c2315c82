/**
 * Outbox relay selection (NIP-65): read an author's notes from the relays they write to, two
 * relays per author (spec §9, queries), chosen so that few relays cover many authors. The last 25
 * selections are kept (spec §9, LRU size 25; actors/relays/outbox-relays.ts); the relay lists
 * they are made from are kept apart, as many as a Following feed names (relay-lists.ts).
 * Many authors at once, within a budget of relays: outbox-plan.ts.
 */
import { normalizeRelayUrls } from './relay-url.ts'

export const OUTBOX_RELAYS_PER_AUTHOR = 2
export const RELAY_LIST_LRU_SIZE = 25

/**
 * Which relays to ask for which authors. For each author, their write relays are ranked by how
 * many of the requested authors also write there (ties: the author's own order), and the top
 * `perAuthor` are taken, so a relay shared by many authors serves them all in one request.
 * An author who lists fewer than `perAuthor` usable relays is topped up from `fallback`; an
 * author with no list (undefined) or no usable write relay is asked for on every fallback relay,
 * since their notes could be anywhere. The map is ordered by the number of authors per relay,
 * most first; authors keep their input order.
 */
export function selectOutboxRelays(
  authors: readonly string[],
  writeRelaysOf: (pubkey: string) => readonly string[] | undefined,
  fallback: readonly string[],
  perAuthor: number = OUTBOX_RELAYS_PER_AUTHOR,
): Map<string, string[]> {
  const take = Math.max(1, Math.floor(perAuthor))
  const fallbackRelays = normalizeRelayUrls(fallback)
  const unique = [...new Set(authors)]
  const listed = new Map<string, string[]>()
  const popularity = new Map<string, number>()
  for (const author of unique) {
    const relays = normalizeRelayUrls(writeRelaysOf(author) ?? [])
    listed.set(author, relays)
    for (const relay of relays) popularity.set(relay, (popularity.get(relay) ?? 0) + 1)
  }

  const chosen = new Map<string, string[]>()
  const assign = (relay: string, author: string) => {
    const list = chosen.get(relay)
    if (list) list.push(author)
    else chosen.set(relay, [author])
  }
  for (const author of unique) {
    const relays = listed.get(author) ?? []
    if (relays.length === 0) {
      for (const relay of fallbackRelays) assign(relay, author)
      continue
    }
    const ranked = relays
      .map((relay, order) => ({ relay, order, count: popularity.get(relay) ?? 0 }))
      .sort((a, b) => b.count - a.count || a.order - b.order)
      .slice(0, take)
      .map(({ relay }) => relay)
    const topUp = fallbackRelays.filter((relay) => !ranked.includes(relay))
    for (const relay of [...ranked, ...topUp].slice(0, take)) {
      assign(relay, author)
    }
  }

  return new Map(
    [...chosen]
      .map(([relay, pubkeys], order) => ({ relay, pubkeys, order }))
      .sort((a, b) => b.pubkeys.length - a.pubkeys.length || a.order - b.order)
      .map(({ relay, pubkeys }) => [relay, pubkeys]),
  )
}

export interface Lru<K, V> {
  /** The value, now the most recently used; undefined when absent. */
  get(key: K): V | undefined
  /** Whether the key is held, without touching its recency. */
  has(key: K): boolean
  /** Stores the value as most recently used, evicting the least recently used beyond the size. */
  set(key: K, value: V): void
  delete(key: K): boolean
  clear(): void
  readonly size: number
  readonly max: number
  /** Keys from least to most recently used. */
  keys(): K[]
}

/** A least-recently-used map of at most `max` entries (at least 1). */
export function createLru<K, V>(max: number = RELAY_LIST_LRU_SIZE): Lru<K, V> {
  const limit = Math.max(1, Math.floor(max))
  const entries = new Map<K, V>()
  return {
    get(key) {
      if (!entries.has(key)) return undefined
      const value = entries.get(key) as V
      entries.delete(key)
      entries.set(key, value)
      return value
    },
    has: (key) => entries.has(key),
    set(key, value) {
      entries.delete(key)
      entries.set(key, value)
      while (entries.size > limit) {
        const oldest = entries.keys().next()
        if (oldest.done) break
        entries.delete(oldest.value)
      }
    },
    delete: (key) => entries.delete(key),
    clear: () => entries.clear(),
    get size() {
      return entries.size
    },
    max: limit,
    keys: () => [...entries.keys()],
  }
}

/**
 * Which filters go to which relays (spec §6): read and readwrite relays get every filter; an
 * indexer relay gets only filters asking for the kinds indexers serve; write-only relays get no
 * subscriptions.
 */
import type { Filter } from 'nostr-tools/filter'
import { canRead, type RelayPermission } from './relay-permission.ts'

/**
 * Kinds an indexer relay answers for. Indexers (purplepag.es and the like) exist so that anyone
 * can find out who a user is and where to reach them, which is what NIP-65 "Discoverability"
 * asks for; they keep the replaceable per-user documents and little else, so any other kind asked
 * of them wastes a subscription slot and comes back empty.
 * - 0 metadata, 3 contacts, 10002 relay list: the three documents indexers exist for.
 * - 10050 DM relays (NIP-17) and 10019 nutzap info (NIP-61): where to send messages and ecash to
 *   a user; like the relay list, they must be found by people who do not share a relay yet.
 * - 10000 mute list, 10001 pin list, 10003 bookmarks (NIP-51 standard lists): replaceable
 *   per-user lists that indexers accept and a user needs back on a new device before they know
 *   their own relays.
 */
export const INDEXER_KINDS: ReadonlySet<number> = new Set([
  0, 3, 10000, 10001, 10002, 10003, 10019, 10050,
])

/** A filter an indexer can answer: it names kinds, and all of them are indexer kinds. */
export function isIndexerFilter(filter: Filter): boolean {
  const kinds = filter.kinds
  return kinds !== undefined && kinds.length > 0 && kinds.every((kind) => INDEXER_KINDS.has(kind))
}

export interface RoutedRelay {
  url: string
  permission: RelayPermission
}

/**
 * The filters to send to each relay, in the relays' order and the filters' order. Relays that get
 * no filter are left out; a relay listed twice gets the union of what each listing allows.
 */
export function routeFilters(
  filters: readonly Filter[],
  relays: readonly RoutedRelay[],
): Map<string, Filter[]> {
  const routed = new Map<string, Filter[]>()
  for (const { url, permission } of relays) {
    const allowed = canRead(permission)
      ? filters
      : permission === 'indexer'
        ? filters.filter(isIndexerFilter)
        : []
    if (allowed.length === 0) continue
    const known = routed.get(url) ?? []
    routed.set(
      url,
      filters.filter((filter) => known.includes(filter) || allowed.includes(filter)),
    )
  }
  return routed
}

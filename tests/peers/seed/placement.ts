// Which relays store each event of a world: the ground truth that routing is checked against.
// Pure: the relay lists are read from the world's own kind 10002 events (NIP-65).
//   - an event is stored on its author's write relays (the outbox);
//   - a reply, mention, reaction, repost, quote or zap receipt also on the read relays of every
//     person it p-tags (the inbox);
//   - a zap receipt, whose signer has no relay list, on the relays its zap request names (NIP-57);
//   - profiles, contact lists, mute lists, relay lists and nutzap info also on the indexer;
//   - an event listed in `only` on that one relay and nowhere else.
import type { NostrEvent } from 'nostr-tools/pure'

/** Kinds the indexer keeps for everyone, so they can be found before anyone's relays are known. */
export const INDEXED_KINDS: ReadonlySet<number> = new Set([0, 3, 10000, 10002, 10019])
/** Kinds that go to the inbox of the people they tag. */
export const INBOX_KINDS: ReadonlySet<number> = new Set([1, 6, 7, 9735])

export interface PlacementRules {
  /** every relay of the world, in order: eventsByRelay has a list for each, even an empty one */
  relays: readonly string[]
  indexer: string
  /** where someone without a relay list writes */
  fallback: readonly string[]
  /** event id -> the one relay that stores it */
  only?: ReadonlyMap<string, string>
}

export interface WorldPlacement {
  /** relay URL -> the events it stores, in the order of the world's events (oldest first) */
  eventsByRelay: Map<string, NostrEvent[]>
  /** the relays that store the event; empty for an id the world does not have */
  relaysOf(id: string): string[]
}

interface Outbox {
  read: string[]
  write: string[]
}

/** The newest kind 10002 of each author, as read and write relays. */
export function relayListsOf(events: readonly NostrEvent[]): Map<string, Outbox> {
  const newest = new Map<string, NostrEvent>()
  for (const e of events) {
    if (e.kind !== 10002) continue
    const known = newest.get(e.pubkey)
    if (!known || e.created_at > known.created_at) newest.set(e.pubkey, e)
  }
  const lists = new Map<string, Outbox>()
  for (const [pubkey, e] of newest) {
    const list: Outbox = { read: [], write: [] }
    for (const [name, url, marker] of e.tags) {
      if (name !== 'r' || !url) continue
      if (marker !== 'write' && !list.read.includes(url)) list.read.push(url)
      if (marker !== 'read' && !list.write.includes(url)) list.write.push(url)
    }
    lists.set(pubkey, list)
  }
  return lists
}

/** The relays a zap request asks the receipt to be published to. */
function zapRelays(receipt: NostrEvent): string[] {
  const description = receipt.tags.find((t) => t[0] === 'description')?.[1]
  if (!description) return []
  try {
    const request = JSON.parse(description) as NostrEvent
    return request.tags.find((t) => t[0] === 'relays')?.slice(1) ?? []
  } catch {
    return []
  }
}

export function placeEvents(events: readonly NostrEvent[], rules: PlacementRules): WorldPlacement {
  const lists = relayListsOf(events)
  const eventsByRelay = new Map<string, NostrEvent[]>(rules.relays.map((url) => [url, []]))
  const byId = new Map<string, string[]>()
  for (const e of events) {
    const only = rules.only?.get(e.id)
    const targets = new Set<string>()
    if (only) targets.add(only)
    else {
      const own = lists.get(e.pubkey)?.write
      const outbox = e.kind === 9735 ? zapRelays(e) : own
      for (const url of outbox && outbox.length > 0 ? outbox : rules.fallback) targets.add(url)
      if (INDEXED_KINDS.has(e.kind)) targets.add(rules.indexer)
      if (INBOX_KINDS.has(e.kind)) {
        for (const t of e.tags) {
          if (t[0] !== 'p' || !t[1] || t[1] === e.pubkey) continue
          for (const url of lists.get(t[1])?.read ?? []) targets.add(url)
        }
      }
    }
    const urls = [...targets]
    byId.set(e.id, urls)
    for (const url of urls) {
      const stored = eventsByRelay.get(url)
      if (stored) stored.push(e)
      else eventsByRelay.set(url, [e])
    }
  }
  return { eventsByRelay, relaysOf: (id) => [...(byId.get(id) ?? [])] }
}

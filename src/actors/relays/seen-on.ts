/**
 * Which relays sent a verified copy of each event, for a note's detail (NIP-65 routing made
 * visible). Bounded: the oldest ids are forgotten first, so a long session holds at most
 * SEEN_ON_MAX ids (about 5,000 × ~3 URLs).
 */

export const SEEN_ON_MAX = 5000

export interface SeenOn {
  add(id: string, relay: string): void
  get(id: string): readonly string[]
}

export function createSeenOn(max = SEEN_ON_MAX): SeenOn {
  const relaysOf = new Map<string, string[]>()
  return {
    add(id, relay) {
      const relays = relaysOf.get(id)
      if (relays) {
        if (!relays.includes(relay)) relays.push(relay)
        return
      }
      relaysOf.set(id, [relay])
      if (relaysOf.size > max) relaysOf.delete(relaysOf.keys().next().value as string)
    },
    get: (id) => relaysOf.get(id) ?? [],
  }
}

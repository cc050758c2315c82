/**
 * Inbox relay selection (NIP-65): a reply, mention, reaction, repost, quote or zap request is
 * expected on the read relays of the people it names, so it goes there as well as to the user's
 * own write relays.
 *
 * - Two relays per person: the recipient's client reads all of its read relays, so one copy on
 *   any of them reaches it; the second covers one that is down or refuses the event. The same
 *   two as the spec's relay selection per author (§9, queries), read the other way.
 * - At most 12 relays beyond the user's own in all: a note naming 50 people must not open 100
 *   sockets (the spec's 20 is shared with the pool). Relays shared by more recipients come
 *   first, then each person's first choice before anyone's second.
 */
import { normalizeRelayUrls } from './relay-url.ts'

export const INBOX_RELAYS_PER_PERSON = 2
export const INBOX_RELAYS_MAX = 12

const HEX64 = /^[0-9a-f]{64}$/

/** The part of an event the selection reads. */
export interface AddressedEvent {
  pubkey: string
  tags: readonly string[][]
}

/** The people an event names (its `p` tags, NIP-01), in tag order, once each, not its author. */
export function inboxRecipients(event: AddressedEvent): string[] {
  const people = new Set<string>()
  for (const tag of event.tags) {
    const pubkey = tag[0] === 'p' ? tag[1]?.toLowerCase() : undefined
    if (pubkey && HEX64.test(pubkey) && pubkey !== event.pubkey) people.add(pubkey)
  }
  return [...people]
}

export interface InboxLimits {
  perPerson: number
  max: number
}

const DEFAULT_LIMITS: InboxLimits = {
  perPerson: INBOX_RELAYS_PER_PERSON,
  max: INBOX_RELAYS_MAX,
}

/**
 * The relays to add to `ours` so each recipient gets the event where they read, with who reads
 * on each, normalised. Each person's read relays are ranked: one of `ours` first (it gets the
 * event anyway, so it counts toward their share and is not returned), then by how many
 * recipients read there, then their own order; the top `perPerson` are taken. The relays are
 * ordered by recipients served, then by the best place they had in someone's ranking (every
 * first choice before the second ones), then by first appearance, and cut at `max`. A person
 * with no list (undefined) gets nothing added: they are reached through `ours` only.
 */
export function selectInboxRelays(
  recipients: readonly string[],
  readRelaysOf: (pubkey: string) => readonly string[] | undefined,
  ours: readonly string[],
  limits: Partial<InboxLimits> = {},
): Map<string, string[]> {
  const { perPerson, max } = { ...DEFAULT_LIMITS, ...limits }
  const take = Math.max(1, Math.floor(perPerson))
  const own = new Set(normalizeRelayUrls(ours))
  const people = [...new Set(recipients)]
  const listed = new Map<string, string[]>()
  const popularity = new Map<string, number>()
  for (const person of people) {
    const relays = normalizeRelayUrls(readRelaysOf(person) ?? [])
    listed.set(person, relays)
    for (const relay of relays) popularity.set(relay, (popularity.get(relay) ?? 0) + 1)
  }

  const chosen = new Map<string, { pubkeys: string[]; rank: number; order: number }>()
  for (const person of people) {
    const picks = (listed.get(person) ?? [])
      .map((relay, order) => ({
        relay,
        order,
        mine: own.has(relay) ? 0 : 1,
        count: popularity.get(relay) ?? 0,
      }))
      .sort((a, b) => a.mine - b.mine || b.count - a.count || a.order - b.order)
      .slice(0, take)
    picks.forEach(({ relay }, rank) => {
      if (own.has(relay)) return
      const known = chosen.get(relay)
      if (known) {
        known.pubkeys.push(person)
        known.rank = Math.min(known.rank, rank)
      } else chosen.set(relay, { pubkeys: [person], rank, order: chosen.size })
    })
  }

  return new Map(
    [...chosen]
      .sort(
        ([, a], [, b]) =>
          b.pubkeys.length - a.pubkeys.length || a.rank - b.rank || a.order - b.order,
      )
      .slice(0, Math.max(0, Math.floor(max)))
      .map(([relay, { pubkeys }]) => [relay, pubkeys]),
  )
}

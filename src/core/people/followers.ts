/**
 * Followers: the authors of contact lists (kind 3) that name a person in a p tag. Relays keep
 * only the newest kind 3 per author, but a relay may still hold an older one, so each author's
 * newest list decides whether they follow today. The query is capped, so the count may only be
 * a lower bound.
 */

import { compareHex } from '../platform/event-order.ts'
import { CONTACTS_KIND, parseContactList } from './contacts.ts'

/** Contact lists asked for per profile; enough for a page, and a bound on what a relay sends. */
export const FOLLOWERS_QUERY_LIMIT = 500

export interface Followers {
  /** Authors whose newest contact list names the person, newest list first. */
  pubkeys: string[]
  /** The relays sent as many lists as asked for: there may be more followers. */
  capped: boolean
}

interface ContactEvent {
  id: string
  kind: number
  pubkey: string
  created_at: number
  tags: string[][]
}

/**
 * The followers of `pubkey` among these events: kind 3 only, the newest list per author (ties:
 * the lowest id, as relays keep), the person themselves left out. `limit` is the query's limit;
 * as many events as that means the answer was cut short.
 */
export function followersOf(
  pubkey: string,
  events: readonly ContactEvent[],
  limit: number = FOLLOWERS_QUERY_LIMIT,
): Followers {
  const target = pubkey.toLowerCase()
  const newest = new Map<string, ContactEvent>()
  for (const event of events) {
    if (event.kind !== CONTACTS_KIND || event.pubkey === target) continue
    const known = newest.get(event.pubkey)
    if (
      !known ||
      event.created_at > known.created_at ||
      (event.created_at === known.created_at && event.id < known.id)
    ) {
      newest.set(event.pubkey, event)
    }
  }
  const pubkeys = [...newest.values()]
    .filter((event) => parseContactList(event).some((contact) => contact.pubkey === target))
    .sort((a, b) => b.created_at - a.created_at || compareHex(a.pubkey, b.pubkey))
    .map((event) => event.pubkey)
  return { pubkeys, capped: events.length >= limit }
}

/** "1 follower", "12 followers", or "at least 500 followers" when the query was capped. */
export function followersCountText({ pubkeys, capped }: Followers): string {
  const count = pubkeys.length
  const noun = count === 1 && !capped ? 'follower' : 'followers'
  return capped ? `at least ${count} ${noun}` : `${count} ${noun}`
}

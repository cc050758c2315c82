/**
 * The user's web of trust (ours: no NIP defines one): the people the user follows and the people
 * they follow (each one's newest kind 3, NIP-02) are trusted; replies, mentions and notifications
 * from anybody else fold behind one line. Until the follows' lists arrive, what has arrived counts
 * (the follows alone at first), so the user's own and their follows' notes are never folded.
 * Pubkeys are lowercase hex: relays' events are verified as such before anyone sees them, and
 * contact lists are lowercased when parsed (contacts.ts), so a lookup is one `Set.has`.
 */
import { CONTACTS_KIND, parseContactList } from './contacts.ts'

/**
 * Authors per kind 3 filter: a REQ stays well under relays' message caps (NIP-11
 * `max_message_length`): 250 pubkeys are about 17 KB of JSON.
 */
export const TRUST_BATCH_AUTHORS = 250

/**
 * Ours: how many of one follow's own follows count, in their list's order. Most lists are far
 * shorter; one near the 512 KiB frame cap (some 7,500 keys) would let that many strangers in
 * on one person's say, and hold them all in memory.
 */
export const TRUST_LIST_CAP = 2000

/** The people the user trusts: the user, their follows, and their follows' follows. */
export function trustedSet(
  user: string,
  follows: readonly string[],
  lists: Iterable<readonly string[]>,
): ReadonlySet<string> {
  const trusted = new Set(follows)
  trusted.add(user)
  for (const list of lists) for (const pubkey of list) trusted.add(pubkey)
  return trusted
}

/** The follows in filters of at most `size` authors each, in their order. */
export function authorBatches(
  pubkeys: readonly string[],
  size: number = TRUST_BATCH_AUTHORS,
): string[][] {
  const batches: string[][] = []
  for (let start = 0; start < pubkeys.length; start += size) {
    batches.push(pubkeys.slice(start, start + size))
  }
  return batches
}

/** One REQ filter for a batch: each author's newest kind 3 (NIP-01: replaceable, one each). */
export const followListsFilter = (authors: readonly string[]) => ({
  kinds: [CONTACTS_KIND],
  authors: [...authors],
  limit: authors.length,
})

interface ContactEvent {
  pubkey: string
  kind: number
  created_at: number
  tags: string[][]
}

/**
 * The people each author follows, from their newest kind 3 among the events (several relays
 * answer with their own newest), the first `TRUST_LIST_CAP` of each; authors not asked for are
 * left out.
 */
export function followListsOf(
  events: readonly ContactEvent[],
  asked: readonly string[],
): Map<string, string[]> {
  const wanted = new Set(asked)
  const newest = new Map<string, ContactEvent>()
  for (const event of events) {
    if (event.kind !== CONTACTS_KIND || !wanted.has(event.pubkey)) continue
    const held = newest.get(event.pubkey)
    if (!held || event.created_at > held.created_at) newest.set(event.pubkey, event)
  }
  return new Map(
    [...newest].map(([author, event]) => [
      author,
      parseContactList(event)
        .slice(0, TRUST_LIST_CAP)
        .map((contact) => contact.pubkey),
    ]),
  )
}

/** Whether the same people, in the same order (a refetched list is a new array). */
export const sameFollows = (a: readonly string[] | null, b: readonly string[] | null): boolean =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((p, i) => p === b[i]))

/**
 * Whether the web of trust folds what this person wrote; never while it is off or not known yet
 * (`null`).
 */
export const isOutside = (trusted: ReadonlySet<string> | null, pubkey: string): boolean =>
  trusted !== null && !trusted.has(pubkey)

/** What a folded line stands for: replies in a thread, or the user's notifications. */
export type OutsideItem = 'reply' | 'notification'

const PLURAL: Record<OutsideItem, [one: string, many: string]> = {
  reply: ['reply', 'replies'],
  notification: ['notification', 'notifications'],
}

/** The folded line's words, e.g. '3 replies hidden from outside your network'. */
export const outsideLabel = (count: number, item: OutsideItem): string =>
  `${count} ${PLURAL[item][count === 1 ? 0 : 1]} hidden from outside your network`

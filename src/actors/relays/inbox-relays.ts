/**
 * Inbox routing for what the user writes (NIP-65): the read relays of the people an event names,
 * from their relay lists (asked together and kept with the outbox lists, relay-lists.ts), and the
 * relays an event goes to: the user's own, then the recipients' (core/relays/inbox.ts).
 *
 * The lists are waited for at most INBOX_LOOKUP_MS: a slow indexer must not hold a post. When
 * they have not come by then the event goes to the user's relays only (the request goes on, and
 * what it finds is kept for the next).
 */
import {
  type AddressedEvent,
  INBOX_RELAYS_MAX,
  inboxRecipients,
  selectInboxRelays,
} from '../../core/relays/inbox.ts'
import { type PersonRelays, readRelaysOf } from '../../core/relays/person-relays.ts'
import { hubSpelling, type PoolEntry } from '../../core/relays/pool-urls.ts'
import type { RelayReason } from '../../core/relays/relay-reason.ts'
import { normalizeRelayUrl } from '../../core/relays/relay-url.ts'

/** The longest wait for the recipients' relay lists before an event is sent without them. */
export const INBOX_LOOKUP_MS = 2000
/**
 * The people of one event whose lists are looked up, the first in tag order (a reply names the
 * parent's author first): one request asks for all of them, but a note naming thousands is not
 * looked up in full.
 */
export const INBOX_LOOKUP_PEOPLE = 50

/** A relay to send to, and why when it is not one of the user's own. */
export interface RoutedRelay {
  url: string
  reason?: RelayReason
}

/**
 * Where people's relay lists come from (outbox-relays.ts): their kind 10002 only (relays guessed
 * from notes say where others were read, not where they read), NO_PERSON_RELAYS for none.
 */
export interface PeopleLists {
  listsOf(authors: readonly string[]): Promise<ReadonlyMap<string, PersonRelays>>
}

export interface InboxRelays {
  /**
   * The read relays of these people known within the bound: undefined for someone with no list,
   * or whose list did not come in time.
   */
  readRelays(pubkeys: readonly string[]): Promise<Map<string, string[] | undefined>>
  /**
   * Where an event goes: `ours` as given, then the inbox relays of the people it names, each
   * with `reason: inbox`, spelled as the pool spells them when the pool holds them (the hub
   * answers for a pool relay under the pool's spelling).
   */
  targets(
    event: AddressedEvent,
    ours: readonly string[],
    pool: readonly PoolEntry[],
  ): Promise<RoutedRelay[]>
}

export interface InboxOptions {
  timeoutMs?: number
}

export function createInboxRelays(lists: PeopleLists, options: InboxOptions = {}): InboxRelays {
  const timeoutMs = options.timeoutMs ?? INBOX_LOOKUP_MS

  async function readRelays(pubkeys: readonly string[]) {
    const people = [...new Set(pubkeys)]
    const none = () => new Map(people.map((pubkey) => [pubkey, undefined]))
    if (people.length === 0) return none()
    let timer: ReturnType<typeof setTimeout> | undefined
    const bound = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs)
    })
    // Unknown on failure too: they are reached through the user's relays only.
    const found = await Promise.race([lists.listsOf(people).catch(() => null), bound])
    clearTimeout(timer)
    if (!found) return none()
    return new Map(
      people.map((pubkey) => {
        const person = found.get(pubkey)
        return [pubkey, person ? readRelaysOf(person) : undefined]
      }),
    )
  }

  return {
    readRelays,
    async targets(event, ours, pool) {
      const recipients = inboxRecipients(event).slice(0, INBOX_LOOKUP_PEOPLE)
      const own: RoutedRelay[] = [...new Set(ours)].map((url) => ({ url }))
      if (recipients.length === 0) return own
      const known = await readRelays(recipients)
      const inbox = selectInboxRelays(recipients, (pubkey) => known.get(pubkey), ours)
      const routed = [...inbox].map(
        ([url, pubkeys]): RoutedRelay => ({
          url: hubSpelling(url, pool),
          reason: { kind: 'inbox', pubkeys },
        }),
      )
      return [...own, ...routed]
    },
  }
}

/**
 * The relays of someone's kind 10019 (NIP-61) a nutzap goes to, beyond `ours`: normalised, in
 * their order, at most INBOX_RELAYS_MAX (a list naming a hundred relays must not open a hundred
 * sockets), each with `reason: nutzap`.
 */
export function nutzapTargets(
  pubkey: string,
  relays: readonly string[],
  ours: readonly string[],
  pool: readonly PoolEntry[],
): RoutedRelay[] {
  const own = new Set(ours.map((url) => normalizeRelayUrl(url) ?? url))
  const theirs = [...new Set(relays.map(normalizeRelayUrl).filter((url) => url !== null))]
  return theirs
    .filter((url) => !own.has(url))
    .slice(0, INBOX_RELAYS_MAX)
    .map((url) => ({ url: hubSpelling(url, pool), reason: { kind: 'nutzap', pubkey } }))
}

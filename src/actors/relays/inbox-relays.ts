/**
 * Inbox routing for what the user writes (NIP-65): the read relays of the people an event names,
 * from their relay lists (looked up and kept with the outbox lists, outbox-relays.ts), and the
 * relays an event goes to: the user's own, then the recipients' (core/relays/inbox.ts).
 *
 * The lists are waited for at most INBOX_LOOKUP_MS: a slow indexer must not hold a post. What
 * has not answered by then is left out of this send (the lookup goes on and is kept for the next).
 */
import {
  type AddressedEvent,
  INBOX_RELAYS_MAX,
  inboxRecipients,
  poolSpelling,
  readRelaysOf,
  selectInboxRelays,
} from '../../core/relays/inbox.ts'
import type { PersonRelays } from '../../core/relays/person-relays.ts'
import type { RelayReason } from '../../core/relays/relay-reason.ts'
import { normalizeRelayUrl } from '../../core/relays/relay-url.ts'

/** The longest wait for the recipients' relay lists before an event is sent without them. */
export const INBOX_LOOKUP_MS = 2000
/**
 * The people of one event whose lists are looked up: the first in tag order (a reply names the
 * parent's author first). A thread's reply can carry dozens of `p` tags; one request each is
 * what the shared list cache costs, so they are bounded like the relays they lead to.
 */
export const INBOX_LOOKUP_PEOPLE = 8

/** A relay to send to, and why when it is not one of the user's own. */
export interface RoutedRelay {
  url: string
  reason?: RelayReason
}

/** Where the people's relay lists come from (outbox-relays.ts). */
export interface RelayLists {
  relaysOf(pubkey: string): Promise<PersonRelays>
}

export interface InboxRelays {
  /**
   * The read relays of these people known within the bound: undefined for someone with no list,
   * or whose list did not come in time.
   */
  readRelays(pubkeys: readonly string[]): Promise<Map<string, string[] | undefined>>
  /**
   * Where an event goes: `ours` as given, then the inbox relays of the people it names, each
   * with `reason: inbox`, spelled as the pool spells them when the pool holds them.
   */
  targets(
    event: AddressedEvent,
    ours: readonly string[],
    pool: readonly string[],
  ): Promise<RoutedRelay[]>
}

export interface InboxOptions {
  timeoutMs?: number
}

export function createInboxRelays(lists: RelayLists, options: InboxOptions = {}): InboxRelays {
  const timeoutMs = options.timeoutMs ?? INBOX_LOOKUP_MS

  async function readRelays(pubkeys: readonly string[]) {
    const known = new Map<string, string[] | undefined>()
    const people = [...new Set(pubkeys)]
    if (people.length === 0) return known
    const lookups = people.map((pubkey) =>
      lists.relaysOf(pubkey).then(
        (person) => void known.set(pubkey, readRelaysOf(person)),
        () => {}, // unknown: reached through the user's relays only
      ),
    )
    let timer: ReturnType<typeof setTimeout> | undefined
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs)
    })
    await Promise.race([Promise.all(lookups), bound])
    clearTimeout(timer)
    return new Map(people.map((pubkey) => [pubkey, known.get(pubkey)]))
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
          url: poolSpelling(url, pool),
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
  pool: readonly string[],
): RoutedRelay[] {
  const own = new Set(ours.map((url) => normalizeRelayUrl(url) ?? url))
  const theirs = [...new Set(relays.map(normalizeRelayUrl).filter((url) => url !== null))]
  return theirs
    .filter((url) => !own.has(url))
    .slice(0, INBOX_RELAYS_MAX)
    .map((url) => ({ url: poolSpelling(url, pool), reason: { kind: 'nutzap', pubkey } }))
}

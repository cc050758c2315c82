/**
 * Contact lists (kind 3, spec §3 and §7): the p tags of a person's newest kind 3 give the people
 * they follow, each as a contact entry (pubkey, relay, petname). Mute lists (kind 10000) name
 * people with the same tag, so they read it through `peopleFromTags` too.
 */
import { normalizeRelayUrl } from '../relays/relay-url.ts'

export const CONTACTS_KIND = 3
/** Contact lists asked for per person (§7): the newest one is taken. */
export const CONTACTS_QUERY_LIMIT = 1

export interface ContactEntry {
  pubkey: string
  /** The relay hint; empty when the tag has none or it is not a relay URL. */
  relay: string
  petname: string
}

const HEX64 = /^[0-9a-f]{64}$/i

/**
 * The people named by p tags: pubkeys checked (64 hex, lowercased), each once (the first tag
 * wins), in the list's order. Hints that are not relay URLs are dropped rather than shown.
 */
export function peopleFromTags(tags: readonly string[][]): ContactEntry[] {
  const people = new Map<string, ContactEntry>()
  for (const [name, value, relay, petname] of tags) {
    if (name !== 'p' || typeof value !== 'string' || !HEX64.test(value)) continue
    const pubkey = value.toLowerCase()
    if (people.has(pubkey)) continue
    people.set(pubkey, {
      pubkey,
      relay: (typeof relay === 'string' && relay.trim() !== '' && normalizeRelayUrl(relay)) || '',
      petname: typeof petname === 'string' ? petname.trim() : '',
    })
  }
  return [...people.values()]
}

/** The people a kind 3 event follows; any other kind follows no one. */
export function parseContactList(event: { kind: number; tags: string[][] }): ContactEntry[] {
  return event.kind === CONTACTS_KIND ? peopleFromTags(event.tags) : []
}

/** The header's count of people followed: "12 following". */
export const followingCountText = (count: number): string => `${count} following`

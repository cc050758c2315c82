/**
 * What a search query names (the search page): a NIP-19 identifier to open directly, 64 hex that
 * may be an event id or a pubkey, a NIP-05 address, a hashtag, or text for a NIP-50 full-text
 * search. `nostr:` links (NIP-21) are read like the bare identifier. Secret keys are recognised
 * so the page can refuse them before they reach a URL or a relay.
 */
import { decode } from 'nostr-tools/nip19'
import { parseNip05 } from '../people/nip05.ts'
import { holdsSecret, type Openable, openable, unprefixed } from './search-params.ts'

export type SearchQuery =
  | { kind: 'empty' }
  /** npub, nprofile, note or nevent: open its page. */
  | Openable
  /** naddr: an addressable event, which the app cannot show yet. */
  | { kind: 'address' }
  /** 64 hex: an event id or a pubkey, only the relays can tell. */
  | { kind: 'hex'; hex: string }
  | { kind: 'nip05'; identifier: string }
  /** `#word`: notes tagged with it (NIP-24 `t` tags). */
  | { kind: 'hashtag'; tag: string }
  /** Looks like a NIP-19 identifier but does not decode. */
  | { kind: 'invalid'; message: string }
  /** nsec or ncryptsec: never searched, never put in the URL. */
  | { kind: 'secret' }
  /** Anything else: NIP-50 full text. */
  | { kind: 'text'; text: string }

export const SEARCH_MESSAGES = {
  invalidProfile: 'This npub or nprofile does not decode. Check that it was copied whole.',
  invalidNote: 'This note or nevent id does not decode. Check that it was copied whole.',
  invalidAddress: 'This naddr does not decode. Check that it was copied whole.',
  address: 'Addressable events (naddr) are not supported yet.',
  secret:
    'That is a secret key. It was not searched and is not kept in the address bar: never paste it into a search box.',
} as const

const HEX64 = /^[0-9a-f]{64}$/i
/** A bech32 string with one of the NIP-19 prefixes (the data part may still be wrong). */
const BECH32 = /^(npub|nprofile|note|nevent|naddr|nrelay)1[0-9a-z]+$/i
/** Letters, digits and underscore: what a hashtag in note text is made of (content.ts). */
const HASHTAG = /^#([\p{L}\p{N}_]+)$/u
/** `name@domain`: the local part and a domain, nothing else (a bare domain is text). */
const NIP05_SHAPE = /^[^\s@]+@[^\s@]+$/

export function parseSearchQuery(input: string): SearchQuery {
  const raw = input.trim()
  if (raw === '') return { kind: 'empty' }
  if (holdsSecret(raw)) return { kind: 'secret' }
  const value = unprefixed(raw)

  const bech32 = BECH32.exec(value)
  if (bech32) {
    const prefix = bech32[1]!.toLowerCase()
    const identifier = value.toLowerCase()
    switch (prefix) {
      case 'npub':
      case 'nprofile':
        return openable(identifier) ?? { kind: 'invalid', message: SEARCH_MESSAGES.invalidProfile }
      case 'note':
      case 'nevent':
        return openable(identifier) ?? { kind: 'invalid', message: SEARCH_MESSAGES.invalidNote }
      case 'naddr':
        return isNaddr(identifier)
          ? { kind: 'address' }
          : { kind: 'invalid', message: SEARCH_MESSAGES.invalidAddress }
      default:
        // nrelay and the like: not a thing to open, search it as text.
        return { kind: 'text', text: raw }
    }
  }

  if (HEX64.test(value)) return { kind: 'hex', hex: value.toLowerCase() }

  const hashtag = HASHTAG.exec(value)
  if (hashtag) return { kind: 'hashtag', tag: hashtag[1]! }

  if (NIP05_SHAPE.test(value) && parseNip05(value)) {
    return { kind: 'nip05', identifier: value.toLowerCase() }
  }

  return { kind: 'text', text: raw }
}

/** The values to ask relays for under `#t`: as typed and lower case (NIP-24 asks for lower). */
export const hashtagValues = (tag: string): string[] => [...new Set([tag.toLowerCase(), tag])]

/** Whether an naddr decodes (route-ids covers the other kinds; an naddr has no route yet). */
function isNaddr(identifier: string): boolean {
  try {
    return decode(identifier).type === 'naddr'
  } catch {
    return false
  }
}

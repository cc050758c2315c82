/**
 * Finding a person by NIP-05 address (the search page): the domain's nostr.json maps the name to a
 * pubkey, and may list relays where that pubkey publishes. The document is input from the
 * network: only a 64-hex pubkey counts, and only ws(s) relay URLs are kept.
 */

import { normalizeRelayUrls } from '../relays/relay-url.ts'
import type { Nip05Address } from './nip05.ts'

export interface Nip05Person {
  pubkey: string
  /** The document's relays for this pubkey (NIP-05 `relays`), normalised; often empty. */
  relays: string[]
}

const HEX64 = /^[0-9a-f]{64}$/i

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null

/** The person the document names for the address, or null when it names nobody valid. */
export function nip05PersonOf(document: unknown, address: Nip05Address): Nip05Person | null {
  const names = record(record(document)?.names)
  if (!names) return null
  // Names are matched as NIP-05 says: the local part in lower case (some documents use upper).
  const entry = Object.entries(names).find(([name]) => name.toLowerCase() === address.name)
  const pubkey = entry?.[1]
  if (typeof pubkey !== 'string' || !HEX64.test(pubkey)) return null
  const key = pubkey.toLowerCase()
  const relaysByKey = record(record(document)?.relays)
  const listed = relaysByKey?.[key] ?? relaysByKey?.[pubkey]
  const relays = Array.isArray(listed)
    ? normalizeRelayUrls(listed.filter((url): url is string => typeof url === 'string'))
    : []
  return { pubkey: key, relays }
}

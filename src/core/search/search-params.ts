/**
 * The search page's URL query, read on every navigation (so it rides with the first screen):
 * keep secret keys out of the address bar and open an identifier without searching. The rest of
 * a query's reading (search-query.ts) loads with the search page.
 */
import {
  type NoteTarget,
  type ProfileTarget,
  parseNoteParam,
  parseProfileParam,
} from '../app/route-ids.ts'

const SECRET_ANYWHERE = /(^|[^0-9a-z])n(sec|cryptsec)1[0-9a-z]{8,}/i
const SECRET_KEY = /^n(sec|cryptsec)1[0-9a-z]+$/i
const OPENABLE = /^(npub|nprofile|note|nevent)1[0-9a-z]+$/i

/** The query without spaces around it and without a `nostr:` scheme (NIP-21). */
export const unprefixed = (raw: string): string => raw.trim().replace(/^nostr:/i, '')

/** An nsec or ncryptsec anywhere in the text: text goes to relays and into the URL. */
export const holdsSecret = (raw: string): boolean =>
  SECRET_ANYWHERE.test(raw) || SECRET_KEY.test(unprefixed(raw))

/** What opens at once: `identifier` is the route parameter, hints kept. */
export type Openable =
  | { kind: 'profile'; identifier: string; target: ProfileTarget }
  | { kind: 'note'; identifier: string; target: NoteTarget }

/** An npub, nprofile, note or nevent that decodes; null for anything else. */
export function openable(raw: string): Openable | null {
  const identifier = unprefixed(raw).toLowerCase()
  const prefix = OPENABLE.exec(identifier)?.[1]
  if (prefix === 'npub' || prefix === 'nprofile') {
    const target = parseProfileParam(identifier)
    return target ? { kind: 'profile', identifier, target } : null
  }
  if (prefix === 'note' || prefix === 'nevent') {
    const target = parseNoteParam(identifier)
    return target ? { kind: 'note', identifier, target } : null
  }
  return null
}

/** Longest query kept in the URL: an nevent with relay hints fits, a pasted essay does not. */
export const MAX_QUERY_LENGTH = 1000

/**
 * The search page's URL query: `q`, as typed; never a secret key, never empty. `q` is always
 * set, to undefined when dropped: the router merges a route's validated search over the raw one,
 * so only an explicit undefined takes a rejected value out.
 */
export interface SearchParams {
  q?: string
}

export function parseSearchParams(raw: Record<string, unknown>): SearchParams {
  // A number-like query (`?q=123`) arrives parsed as a number.
  const value = typeof raw.q === 'number' ? String(raw.q) : raw.q
  if (typeof value !== 'string') return { q: undefined }
  const q = value.trim().slice(0, MAX_QUERY_LENGTH)
  if (q === '' || holdsSecret(q)) return { q: undefined }
  return { q }
}

/**
 * The search page's lookups through TanStack Query, as factories over what the system holds (the
 * hub, the query client, the pool's relays, the NIP-11 client):
 * - ['search', 'hex', hex]: is 64 hex a note id (kind 1) or a pubkey (kind 0)?
 * - ['search', 'nip05', address]: the pubkey a NIP-05 document names.
 * - ['search', 'hashtag', tag]: notes with that `t` tag, newest first.
 * - ['search', 'text', text]: NIP-50 full text, people and notes, only on relays whose NIP-11
 *   document lists 50.
 * None of them fails: every outcome, "nothing found" included, is a value the page explains.
 */
import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { NostrEvent } from 'nostr-tools/pure'
import { mergeNotes, type Note, toNote } from '../../core/feed/note.ts'
import { nip05DocumentUrl, parseNip05 } from '../../core/people/nip05.ts'
import { type Nip05Person, nip05PersonOf } from '../../core/people/nip05-lookup.ts'
import type { ProfileMetadata } from '../../core/people/profile.ts'
import type { RelayInfo } from '../../core/relays/nip11.ts'
import { hashtagValues } from '../../core/search/search-query.ts'
import { type SearchResults, searchResultsOf } from '../../core/search/search-results.ts'
import { metadataKey } from '../people/metadata-queries.ts'
import type { PoolRelay } from '../relays/outbox-relays.ts'
import type { RelayHub } from '../relays/relay-hub.ts'

/** NIP-50 results asked per kind. The spec names no limit: a page's worth, best matches first. */
export const SEARCH_NOTES_LIMIT = 50
export const SEARCH_PEOPLE_LIMIT = 20
/** Notes asked for a hashtag: one page of results, newest first. */
export const HASHTAG_NOTES_LIMIT = 50
/** The NIP that defines the `search` filter. */
export const SEARCH_NIP = 50
/** A NIP-05 document slower than this is not worth waiting for (as the profile's check). */
export const NIP05_LOOKUP_TIMEOUT_MS = 5000

export interface SearchDeps {
  hub: RelayHub
  queryClient: QueryClient
  /** The pool's relays now; they change as the user edits them. */
  pool(): readonly PoolRelay[]
  relayInfo(url: string): Promise<RelayInfo>
  fetch?: typeof globalThis.fetch
}

export interface HexMatch {
  /** A kind-1 note with this id exists on the relays. */
  note: boolean
  /** Someone with this pubkey published metadata (kind 0). */
  profile: boolean
}

export type Nip05Lookup =
  | { status: 'found'; person: Nip05Person }
  /** The document answered but does not name this person. */
  | { status: 'unknown' }
  /** No document: the domain did not answer, refused (CORS), redirected or sent no JSON. */
  | { status: 'unreachable' }

export type TextSearch =
  /** No relay of the pool says it supports NIP-50. */
  { status: 'unsupported' } | ({ status: 'done'; relays: string[] } & SearchResults)

export const searchKeys = {
  hex: (hex: string) => ['search', 'hex', hex] as const,
  nip05: (identifier: string) => ['search', 'nip05', identifier] as const,
  hashtag: (tag: string) => ['search', 'hashtag', tag] as const,
  text: (text: string) => ['search', 'text', text] as const,
}

export function searchQueries(deps: SearchDeps) {
  const { hub, queryClient } = deps
  const fetchFn = deps.fetch ?? ((input, init) => globalThis.fetch(input, init))

  /** Metadata found by the search, shared with the note cards' metadata query. */
  const share = (pubkey: string, metadata: ProfileMetadata) => {
    if (queryClient.getQueryData(metadataKey(pubkey)) === undefined) {
      queryClient.setQueryData(metadataKey(pubkey), metadata)
    }
  }

  return {
    hex: (hex: string) =>
      queryOptions({
        queryKey: searchKeys.hex(hex),
        queryFn: async (): Promise<HexMatch> => {
          const events = await hub.query([
            { kinds: [1], ids: [hex], limit: 1 },
            { kinds: [0], authors: [hex], limit: 1 },
          ])
          return {
            note: events.some((e) => e.kind === 1 && e.id === hex),
            profile: events.some((e) => e.kind === 0 && e.pubkey === hex),
          }
        },
      }),

    nip05: (identifier: string) =>
      queryOptions({
        queryKey: searchKeys.nip05(identifier),
        queryFn: () => lookUpNip05(fetchFn, identifier),
        retry: false,
      }),

    hashtag: (tag: string) =>
      queryOptions({
        queryKey: searchKeys.hashtag(tag.toLowerCase()),
        queryFn: async (): Promise<readonly Note[]> => {
          const events = await hub.query([
            { kinds: [1], '#t': hashtagValues(tag), limit: HASHTAG_NOTES_LIMIT },
          ])
          const now = Date.now()
          return mergeNotes(
            [],
            events.filter((e) => e.kind === 1).map((e) => toNote(e, now)),
          )
        },
      }),

    text: (text: string) =>
      queryOptions({
        queryKey: searchKeys.text(text),
        queryFn: async (): Promise<TextSearch> => {
          const relays = await searchRelays(deps)
          if (relays.length === 0) return { status: 'unsupported' }
          const events: NostrEvent[] = await hub.query(
            [
              { kinds: [0], search: text, limit: SEARCH_PEOPLE_LIMIT },
              { kinds: [1], search: text, limit: SEARCH_NOTES_LIMIT },
            ],
            { relays },
          )
          const results = searchResultsOf(events, Date.now())
          for (const person of results.people) share(person.pubkey, person.metadata)
          return { status: 'done', relays, ...results }
        },
      }),
  }
}

export type SearchQueries = ReturnType<typeof searchQueries>

/**
 * The pool's relays that say (NIP-11 supported_nips) they take `search` filters. Write-only
 * relays are left out: the user does not read from them. A relay whose document cannot be had
 * does not count.
 */
export async function searchRelays(deps: Pick<SearchDeps, 'pool' | 'relayInfo'>) {
  const candidates = deps.pool().filter((relay) => relay.permission !== 'write')
  const checked = await Promise.all(
    candidates.map(async ({ url }) => {
      try {
        const info = await deps.relayInfo(url)
        return info.supported_nips?.includes(SEARCH_NIP) ? url : null
      } catch {
        return null
      }
    }),
  )
  return checked.filter((url): url is string => url !== null)
}

async function lookUpNip05(
  fetchFn: typeof globalThis.fetch,
  identifier: string,
): Promise<Nip05Lookup> {
  const address = parseNip05(identifier)
  if (!address) return { status: 'unknown' }
  let document: unknown
  try {
    const response = await fetchFn(nip05DocumentUrl(address), {
      // NIP-05: fetchers must ignore redirects.
      redirect: 'error',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(NIP05_LOOKUP_TIMEOUT_MS),
    })
    if (!response.ok)
      return response.status === 404 ? { status: 'unknown' } : { status: 'unreachable' }
    document = await response.json()
  } catch {
    return { status: 'unreachable' }
  }
  const person = nip05PersonOf(document, address)
  return person ? { status: 'found', person } : { status: 'unknown' }
}

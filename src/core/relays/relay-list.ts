/**
 * A user's relay list (NIP-65, kind 10002) and the permission each relay gets from it (spec §6,
 * §7). `r` tags carry a relay URL and an optional `read` or `write` marker; no marker means both.
 */
import type { EventTemplate } from 'nostr-tools/pure'
import { withClientTag } from '../platform/nip89.ts'
import type { RelayPermission } from './relay-permission.ts'
import { normalizeRelayUrl } from './relay-url.ts'

export const RELAY_LIST_KIND = 10002
/** Relay lists asked for per user (§7); the newest one is taken. */
export const RELAY_LIST_QUERY_LIMIT = 10
/** Notes asked for when a user has no relay list (§7). */
export const RELAY_FALLBACK_NOTES_LIMIT = 50

export interface RelayEntry {
  url: string
  permission: RelayPermission
}

/** The part of an event these functions read. */
export interface TaggedEvent {
  kind: number
  tags: string[][]
}

interface Flags {
  read: boolean
  write: boolean
}

function permissionOf({ read, write }: Flags): RelayPermission {
  if (read && write) return 'readwrite'
  return read ? 'read' : 'write'
}

function flagsOf(permission: RelayPermission): Flags {
  return {
    read: permission === 'read' || permission === 'readwrite',
    write: permission === 'write' || permission === 'readwrite',
  }
}

/** Read and write flags from an `r` tag's marker: 'read', 'write', anything else means both. */
function markerFlags(marker: string | undefined): Flags {
  const value = marker?.trim().toLowerCase()
  if (value === 'read') return { read: true, write: false }
  if (value === 'write') return { read: false, write: true }
  return { read: true, write: true }
}

/** Adds flags to the entry for `url`, keeping the first appearance's place. */
function merge(into: Map<string, Flags>, url: string, flags: Flags): void {
  const known = into.get(url)
  into.set(
    url,
    known ? { read: known.read || flags.read, write: known.write || flags.write } : flags,
  )
}

/**
 * The relays of a kind 10002 event: normalised, invalid URLs dropped, a relay listed twice merged
 * (read and write together make readwrite). Any other kind gives an empty list.
 */
export function parseRelayList(event: TaggedEvent): RelayEntry[] {
  if (event.kind !== RELAY_LIST_KIND) return []
  const relays = new Map<string, Flags>()
  for (const tag of event.tags) {
    if (tag[0] !== 'r' || typeof tag[1] !== 'string') continue
    const url = normalizeRelayUrl(tag[1])
    if (url !== null) merge(relays, url, markerFlags(tag[2]))
  }
  return [...relays].map(([url, flags]) => ({ url, permission: permissionOf(flags) }))
}

/** Tags whose third element is a relay hint (NIP-01 e, p, a; NIP-18 q). */
const HINT_TAGS = new Set(['e', 'p', 'a', 'q'])
/** An explicit websocket URL: a bare word in a tag is not taken for a relay. */
const WEBSOCKET_URL = /^wss?:\/\//i

function relaysInTags(tags: readonly string[][]): string[] {
  const found: string[] = []
  for (const tag of tags) {
    const [name, value, hint] = tag
    const candidate =
      name === 'r' || name === 'relay' ? value : name && HINT_TAGS.has(name) ? hint : undefined
    if (typeof candidate !== 'string' || !WEBSOCKET_URL.test(candidate.trim())) continue
    const url = normalizeRelayUrl(candidate)
    if (url !== null) found.push(url)
  }
  return found
}

/**
 * The fallback when a user has no relay list (§7): relays named in their recent notes. Old
 * clients wrote their relays as `r` or `relay` tags; every client writes relay hints into e, p,
 * a and q tags, which show where the author reads and is read. Only explicit ws:// or wss://
 * values count (an `r` tag in a note is usually a web link, NIP-24). Relays are ranked by how
 * many notes name them, ties by first appearance, so the first entries are the best guesses.
 * With no marker to go by they are readwrite.
 */
export function relaysFromNotes(events: readonly TaggedEvent[]): RelayEntry[] {
  const counts = new Map<string, number>()
  for (const event of events) {
    for (const url of new Set(relaysInTags(event.tags))) {
      counts.set(url, (counts.get(url) ?? 0) + 1)
    }
  }
  return [...counts]
    .map(([url, count], order) => ({ url, count, order }))
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .map(({ url }) => ({ url, permission: 'readwrite' }))
}

/**
 * The kind 10002 event to publish for these relays: read-only and write-only relays carry their
 * marker, readwrite relays none. Indexer relays are this client's own choice of where to look
 * up lists, not where the user reads or writes, so they are not published. Like every event
 * Plume publishes, it names the client (spec lightning-and-ecash §3).
 */
export function relayListTemplate(
  entries: readonly RelayEntry[],
  createdAt: number,
): EventTemplate {
  const relays = new Map<string, Flags>()
  for (const entry of entries) {
    if (entry.permission === 'indexer') continue
    const url = normalizeRelayUrl(entry.url)
    if (url !== null) merge(relays, url, flagsOf(entry.permission))
  }
  const tags = [...relays].map(([url, flags]): string[] => {
    const permission = permissionOf(flags)
    return permission === 'readwrite' ? ['r', url] : ['r', url, permission]
  })
  return { kind: RELAY_LIST_KIND, created_at: createdAt, tags: withClientTag(tags), content: '' }
}

/**
 * The permission a relay the user adds gets (spec §6): a relay the client knows as an indexer
 * (it serves profiles, contact and relay lists, and refuses notes) is indexer; any other starts
 * readwrite, and the permission button changes it.
 */
export function addedRelayPermission(url: string, indexers: readonly string[]): RelayPermission {
  const normalized = normalizeRelayUrl(url)
  const known = indexers.some((indexer) => normalizeRelayUrl(indexer) === normalized)
  return normalized !== null && known ? 'indexer' : 'readwrite'
}

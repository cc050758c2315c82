/**
 * Changes to a relay set, in the relay pool's own event shapes: the user's edits (add a relay,
 * remove one, change its permission), applied to their list, and the edits that turn the pool's
 * relays into a user's list.
 */
import type { RelayEntry } from './relay-list.ts'
import type { RelayPermission } from './relay-permission.ts'
import { normalizeRelayUrl } from './relay-url.ts'

export type RelayEdit =
  | { type: 'pool.add'; url: string; permission: RelayPermission }
  | { type: 'pool.remove'; url: string }
  | { type: 'pool.setPermission'; url: string; permission: RelayPermission }

/**
 * The list after one edit. Adding a relay already listed changes nothing; setting the permission
 * of a relay the list lacks (one the dynamic manager added, a config indexer) adds it: the user
 * chose it now. An invalid URL changes nothing.
 */
export function applyRelayEdit(list: readonly RelayEntry[], edit: RelayEdit): RelayEntry[] {
  const url = normalizeRelayUrl(edit.url)
  if (url === null) return [...list]
  const isIt = (entry: RelayEntry) => (normalizeRelayUrl(entry.url) ?? entry.url) === url
  const listed = list.some(isIt)
  switch (edit.type) {
    case 'pool.add':
      return listed ? [...list] : [...list, { url, permission: edit.permission }]
    case 'pool.remove':
      return list.filter((entry) => !isIt(entry))
    case 'pool.setPermission':
      return listed
        ? list.map((entry) => (isIt(entry) ? { url, permission: edit.permission } : entry))
        : [...list, { url, permission: edit.permission }]
  }
}

export const applyRelayEdits = (
  list: readonly RelayEntry[],
  edits: readonly RelayEdit[],
): RelayEntry[] => edits.reduce<RelayEntry[]>(applyRelayEdit, [...list])

/** Same relays, permissions and order. */
export function sameRelays(a: readonly RelayEntry[], b: readonly RelayEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every((entry, i) => entry.url === b[i]?.url && entry.permission === b[i]?.permission)
  )
}

/** Normalised URLs, invalid ones dropped, a relay listed twice kept at its first entry. */
export function normalizeRelayEntries(entries: readonly RelayEntry[]): RelayEntry[] {
  const seen = new Map<string, RelayPermission>()
  for (const entry of entries) {
    const url = normalizeRelayUrl(entry.url)
    if (url !== null && !seen.has(url)) seen.set(url, entry.permission)
  }
  return [...seen].map(([url, permission]) => ({ url, permission }))
}

/**
 * What the pool must do to hold `list` plus the `keep` relays the list does not name (the
 * config's indexers: the client's own lookups, never part of a published list). URLs are
 * compared in their normal form; the pool's own spelling is used for relays it already holds.
 * Removals come first, so the pool's cap of 20 is not reached on the way; then permission
 * changes, then additions in the list's order.
 */
export function relaySetEdits(
  current: readonly RelayEntry[],
  list: readonly RelayEntry[],
  keep: readonly RelayEntry[] = [],
): RelayEdit[] {
  const target = new Map(normalizeRelayEntries([...list, ...keep]).map((e) => [e.url, e]))
  const held = new Map(current.map((entry) => [normalizeRelayUrl(entry.url) ?? entry.url, entry]))
  const removals: RelayEdit[] = []
  for (const [url, entry] of held) {
    if (!target.has(url)) removals.push({ type: 'pool.remove', url: entry.url })
  }
  const changes: RelayEdit[] = []
  const additions: RelayEdit[] = []
  for (const [url, { permission }] of target) {
    const entry = held.get(url)
    if (entry === undefined) additions.push({ type: 'pool.add', url, permission })
    else if (entry.permission !== permission) {
      changes.push({ type: 'pool.setPermission', url: entry.url, permission })
    }
  }
  return [...removals, ...changes, ...additions]
}

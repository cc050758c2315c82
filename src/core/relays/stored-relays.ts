/**
 * The user's relays as this device keeps them (spec §3, local storage "stored relays per
 * pubkey"): one record per user under `nostrRelays:<pubkey hex>`, so that a reload shows the list
 * at once and edits made where nothing can sign (a public-key login, a locked key) are not lost.
 * Indexer entries live only here: a published relay list (kind 10002) has no marker for them.
 *
 * The session key "relay-defaults-applied flag per pubkey" (spec §3) is `relayDefaultsApplied:
 * <pubkey hex>` in sessionStorage: this browser session has asked the relays for the user's list,
 * so a reload trusts the stored copy instead of asking again.
 */
import type { RelayEntry } from './relay-list.ts'
import { PERMISSION_CYCLE, type RelayPermission } from './relay-permission.ts'
import { normalizeRelayUrl } from './relay-url.ts'

export const STORED_RELAYS_PREFIX = 'nostrRelays:'
export const RELAYS_APPLIED_PREFIX = 'relayDefaultsApplied:'

export const storedRelaysKey = (pubkey: string): string => `${STORED_RELAYS_PREFIX}${pubkey}`
export const relaysAppliedKey = (pubkey: string): string => `${RELAYS_APPLIED_PREFIX}${pubkey}`

export interface StoredRelays {
  relays: RelayEntry[]
  /** Unix seconds: created_at of the published list this copy is, or of the user's last edit. */
  createdAt: number
  /** Edits no relay has accepted yet: published once signing is possible. */
  unpublished: boolean
}

/** A user's list as the relays gave it. */
export interface FetchedRelayList {
  relays: RelayEntry[]
  /** created_at of the kind 10002 it came from; null when guessed from notes (§7 fallback). */
  createdAt: number | null
}

export function serializeStoredRelays(record: StoredRelays): string {
  return JSON.stringify({
    relays: record.relays.map(({ url, permission }) => ({ url, permission })),
    createdAt: record.createdAt,
    unpublished: record.unpublished,
  })
}

const isPermission = (value: unknown): value is RelayPermission =>
  PERMISSION_CYCLE.includes(value as RelayPermission)

/**
 * The record in `text`, or null when there is none or it cannot be read. Entries with a bad URL
 * or permission are dropped, a relay listed twice keeps its first entry; a list that had entries
 * and lost them all is taken as damaged (null), not as the user's choice of no relays.
 */
export function parseStoredRelays(text: string | null): StoredRelays | null {
  if (text === null) return null
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof raw !== 'object' || raw === null) return null
  const { relays, createdAt, unpublished } = raw as Record<string, unknown>
  if (!Array.isArray(relays)) return null
  const entries = new Map<string, RelayPermission>()
  for (const item of relays) {
    if (typeof item !== 'object' || item === null) continue
    const { url, permission } = item as Record<string, unknown>
    const normalized = typeof url === 'string' ? normalizeRelayUrl(url) : null
    if (normalized === null || !isPermission(permission) || entries.has(normalized)) continue
    entries.set(normalized, permission)
  }
  if (relays.length > 0 && entries.size === 0) return null
  return {
    relays: [...entries].map(([url, permission]) => ({ url, permission })),
    // An unreadable time makes the copy the oldest: a list on the relays wins over it.
    createdAt:
      typeof createdAt === 'number' && Number.isSafeInteger(createdAt) && createdAt >= 0
        ? createdAt
        : 0,
    unpublished: unpublished === true,
  }
}

export type RelayListChoice = 'fetched' | 'stored' | 'guessed' | 'defaults'

/**
 * Which list the user gets after asking the relays: the newer of the published list and the
 * stored copy (a tie keeps the copy: it is the same list, or edits not published yet); with
 * neither, relays guessed from the user's notes; with nothing, the defaults.
 */
export function chooseRelayList(
  stored: StoredRelays | null,
  fetched: FetchedRelayList | null,
): RelayListChoice {
  if (fetched && fetched.createdAt !== null && (!stored || fetched.createdAt > stored.createdAt)) {
    return 'fetched'
  }
  if (stored) return 'stored'
  if (fetched && fetched.relays.length > 0) return 'guessed'
  return 'defaults'
}

/**
 * The versions of the user's contact list (kind 3, NIP-02) Plume has seen. Relays keep only a
 * user's newest list (NIP-01, replaceable events) and each answers with its own newest, so a list
 * shrunk by another client replaces the good one relay by relay; the copies seen on the way are
 * the only way back. Each distinct list is kept (the event itself, its count of people, the relays
 * it was last seen on), the 10 newest at most, and the newest is compared with the earlier ones.
 *
 * `accepted` is the time of the newest list the user made or chose to keep here: lists older than
 * it are not offered again, or a list the user shortened on purpose would be questioned for ever.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { newestFirst } from '../platform/event-order.ts'
import { absoluteTime } from '../platform/relative-time.ts'
import { CONTACTS_KIND } from './contacts.ts'
import type { ContactListEvent } from './follow.ts'
import { peopleCount, peopleIn, riskyShrink, type Shrink } from './follow-guard.ts'

/** Distinct lists kept per user. */
export const KEPT_VERSIONS = 10

export interface ContactVersion {
  event: NostrEvent
  /** People it names. */
  count: number
  /** The relays that held it when last asked; empty: only this device keeps it. */
  relays: string[]
}

export interface ContactVersions {
  /** Newest first. */
  versions: ContactVersion[]
  /** created_at of the newest list the user made or kept here, or null. */
  accepted: number | null
}

export const NO_VERSIONS: ContactVersions = { versions: [], accepted: null }

/** A list as one read found it, with the relays it came from. */
export interface SeenList {
  event: NostrEvent
  relays: readonly string[]
}

/**
 * The versions after a read: each list of the user's once (its relays joined), the newest 10.
 * `answered` are relays that sent their newest: a version they did not send is no longer theirs.
 */
export function keepVersions(
  kept: ContactVersions,
  user: string,
  seen: readonly SeenList[],
  answered: readonly string[] = [],
): ContactVersions {
  const gone = new Set(answered)
  const byId = new Map<string, ContactVersion>()
  for (const version of kept.versions) {
    byId.set(version.event.id, {
      ...version,
      relays: version.relays.filter((relay) => !gone.has(relay)),
    })
  }
  for (const { event, relays } of seen) {
    if (event.kind !== CONTACTS_KIND || event.pubkey !== user) continue
    const known = byId.get(event.id)
    byId.set(event.id, {
      event: known?.event ?? event,
      count: known?.count ?? peopleIn(event.tags),
      relays: [...new Set([...(known?.relays ?? []), ...relays])],
    })
  }
  const versions = [...byId.values()]
    .sort((a, b) => newestFirst(a.event, b.event))
    .slice(0, KEPT_VERSIONS)
  return { versions, accepted: kept.accepted }
}

/** The later of two acceptances, either possibly none. */
const laterOf = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b)

/**
 * Two holdings of the same user's versions joined (the session's and the device's own store):
 * each list once, as the fresher holding has it, the newest 10, the later acceptance.
 */
export function joinVersions(fresh: ContactVersions, kept: ContactVersions): ContactVersions {
  const byId = new Map(kept.versions.map((version) => [version.event.id, version]))
  for (const version of fresh.versions) byId.set(version.event.id, version)
  const versions = [...byId.values()]
    .sort((a, b) => newestFirst(a.event, b.event))
    .slice(0, KEPT_VERSIONS)
  return { versions, accepted: laterOf(fresh.accepted, kept.accepted) }
}

/** What the device's store gave back, if it has the shape written; else none. */
export function keptVersionsOf(value: unknown): ContactVersions {
  if (typeof value !== 'object' || value === null) return NO_VERSIONS
  const { versions, accepted } = value as Partial<ContactVersions>
  if (!Array.isArray(versions)) return NO_VERSIONS
  return { versions, accepted: typeof accepted === 'number' ? accepted : null }
}

/** The user made or kept the list of this time: earlier ones are not offered any more. */
export const acceptVersion = (kept: ContactVersions, createdAt: number): ContactVersions => ({
  ...kept,
  accepted: Math.max(kept.accepted ?? createdAt, createdAt),
})

/** An earlier list that the newest is much shorter than. */
export interface RestoreOffer {
  /** The list to restore. */
  earlier: ContactListEvent
  /** The newest compared with it. */
  shrink: Shrink
  newestAt: number
}

/**
 * The newest earlier list (since the one accepted) that `newest` is much shorter than, or null:
 * what the follow flow offers to restore before building on the newest.
 */
export function restoreOffer(
  kept: ContactVersions,
  newest: ContactListEvent | null,
): RestoreOffer | null {
  if (!newest) return null
  for (const { event } of kept.versions) {
    if (event.created_at >= newest.created_at) continue
    if (kept.accepted !== null && event.created_at < kept.accepted) continue
    const shrink = riskyShrink(event.tags, newest.tags)
    if (shrink) {
      const { tags, content, created_at } = event
      return { earlier: { tags, content, created_at }, shrink, newestAt: newest.created_at }
    }
  }
  return null
}

/** What the user is asked when the newest list is much shorter than an earlier one. */
export const restoreQuestion = ({ earlier, shrink, newestAt }: RestoreOffer): string =>
  `Your newest follow list (${absoluteTime(newestAt)}) names ${peopleCount(shrink.after)}; an earlier one (${absoluteTime(earlier.created_at)}) named ${peopleCount(shrink.before)}. Another app may have published an old or empty copy. Restore the earlier list before this change?`

/** Where a version is: "on wss://a, wss://b" or "kept on this device". */
export const versionPlace = (version: ContactVersion): string =>
  version.relays.length > 0 ? `on ${version.relays.join(', ')}` : 'kept on this device'

/** Settings, Follow list, logged out. */
export const FOLLOW_LIST_LOGGED_OUT = 'Log in to see the versions of your follow list.'
/** Settings, Follow list, nothing seen yet. */
export const FOLLOW_LIST_NONE = 'No follow list found yet.'
/** Settings, Follow list, when no relay answered: not the same as none (what is kept stays listed). */
export const FOLLOW_LIST_FAILED = 'Failed to load your follow list'
/** After a restore: "Restored the list of 240 people." */
export const restoredText = (count: number): string => `Restored the list of ${peopleCount(count)}.`

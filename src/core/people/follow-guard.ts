/**
 * The guard on the user's contact list (kind 3, NIP-02): relays keep only the newest list of a
 * user (NIP-01, replaceable events), so a list built by a stale or buggy client from an old or
 * empty copy replaces every follow everywhere. Before publishing a list, Plume compares it with
 * the newest one the relays hold and asks the user when it is much shorter.
 *
 * Much shorter: more than 3 people dropped, or under 80% of the newest with more than one dropped.
 * Dropping one person (an unfollow) never asks, so Plume's own follow and unfollow go through;
 * what asks is any other path that rewrites the list (a restore now, and any later one).
 */
import { peopleFromTags } from './contacts.ts'

/** More people dropped than this asks, whatever the list's length. */
export const SHRINK_MAX_DROPPED = 3
/** A list under this share of the newest asks (once more than one person is dropped). */
export const SHRINK_MIN_SHARE = 0.8

/** A list compared with the one it replaces, counted in people (p tags, each pubkey once). */
export interface Shrink {
  /** People in the list replaced. */
  before: number
  /** People in the new list. */
  after: number
  /** People of the list replaced that the new one leaves out. */
  dropped: number
}

const pubkeysOf = (tags: readonly string[][]) =>
  new Set(peopleFromTags(tags).map((person) => person.pubkey))

/** How many people the list names. */
export const peopleIn = (tags: readonly string[][]): number => peopleFromTags(tags).length

export function compareLists(from: readonly string[][], to: readonly string[][]): Shrink {
  const before = pubkeysOf(from)
  const after = pubkeysOf(to)
  let dropped = 0
  for (const pubkey of before) if (!after.has(pubkey)) dropped++
  return { before: before.size, after: after.size, dropped }
}

/** Whether replacing the list loses enough of it to ask first. */
export const isMuchShorter = ({ before, after, dropped }: Shrink): boolean =>
  dropped > SHRINK_MAX_DROPPED || (dropped > 1 && after < before * SHRINK_MIN_SHARE)

/** The comparison when replacing `from` by `to` must be asked about, else null. */
export function riskyShrink(from: readonly string[][], to: readonly string[][]): Shrink | null {
  const shrink = compareLists(from, to)
  return isMuchShorter(shrink) ? shrink : null
}

/** "1 person", "240 people". */
export const peopleCount = (count: number): string => (count === 1 ? '1 person' : `${count} people`)

/** What the user is asked before a much shorter list is published. */
export const shrinkQuestion = ({ before, after, dropped }: Shrink): string =>
  `This would leave you following ${peopleCount(after)} instead of ${before}: ${dropped} of the people in your newest list would be dropped, on every relay.`

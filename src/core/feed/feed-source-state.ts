/**
 * Where the feed's notes come from, as the preferences, the login and the URL say: everyone, or
 * with Follow Only the people the user follows (their newest kind-3 list), either narrowed to the
 * hashtags (feedHashtags). Follow Only needs a logged-in user (spec §6): without one the feed is
 * everyone's.
 */
import type { FeedSource } from './feed-source.ts'

export type FeedSourceState =
  | { status: 'ready'; source: FeedSource; follows: readonly string[] | null }
  /** Follow Only while the user's follow list loads. */
  | { status: 'loadingFollows' }
  /** Follow Only, and the user follows nobody (or published no list). */
  | { status: 'noFollows' }

/** Whether Follow Only applies: on in the preferences, with a user logged in. */
export const followOnlyApplies = (
  filterByFollow: boolean,
  signedIn: boolean,
  pubkey: string | null,
): boolean => filterByFollow && signedIn && pubkey !== null

export interface FeedSourceInput {
  followOnly: boolean
  pubkey: string | null
  /** The user's newest contact list: undefined while it loads, null when they published none. */
  list: { contacts: readonly { pubkey: string }[]; createdAt: number } | null | undefined
  hashtags: readonly string[]
}

/** The feed's source, or what it waits for. */
export function feedSourceState({
  followOnly,
  pubkey,
  list,
  hashtags,
}: FeedSourceInput): FeedSourceState {
  if (!followOnly || !pubkey)
    return { status: 'ready', source: { follows: null, hashtags }, follows: null }
  if (list === undefined) return { status: 'loadingFollows' }
  const authors = list?.contacts.map((contact) => contact.pubkey) ?? []
  if (authors.length === 0) return { status: 'noFollows' }
  return {
    status: 'ready',
    source: { follows: { pubkey, version: list?.createdAt ?? 0, authors }, hashtags },
    follows: authors,
  }
}

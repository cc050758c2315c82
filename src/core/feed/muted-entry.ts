/** Which feed rows the user's mute set hides (NIP-51 kind 10000; core/people/mute-set.ts). */
import { isMuted, type MuteSet } from '../people/mute-set.ts'
import type { FeedEntry } from './feed-entry.ts'

/** A feed row is hidden when its note is, or when a muted person reposted it (NIP-18). */
export const isMutedEntry = (set: MuteSet, entry: FeedEntry): boolean =>
  (entry.repost !== null && set.people.has(entry.repost.pubkey.toLowerCase())) ||
  (entry.note !== null && isMuted(set, entry.note))

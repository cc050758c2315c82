/**
 * How the engagement of the notes shown is asked for (engagement-queries.ts): the asks of one
 * moment gathered into one REQ (gather.ts) for the notes' reactions and reposts, the viewer's own
 * of both, their authors' deletion requests (NIP-09) and the reports (NIP-56) of the people the
 * viewer follows, each note's answer tallied (core/feed/engagement.ts). Loaded with the first
 * ask, once the first screen is drawn.
 */
import type { Filter } from 'nostr-tools/filter'
import {
  ENGAGEMENT_KINDS,
  type Engagement,
  GENERIC_REPOST_KIND,
  tallyEngagement,
} from '../../core/feed/engagement.ts'
import { deletedAmong, deletionFilter } from '../../core/feed/nip09.ts'
import { REPOST_KIND } from '../../core/feed/nip18.ts'
import type { NoteRef } from '../../core/feed/note.ts'
import { REACTION_KIND } from '../../core/feed/reaction.ts'
import { REPORT_KIND } from '../../core/people/report.ts'
import { createGatherer } from '../platform/gather.ts'
import type { RelayHub } from '../relays/relay-hub.ts'

/** Notes per REQ, and events of each side asked for per note in it. */
const MAX_NOTES = 50
const EVENTS_PER_NOTE = 100
/**
 * The pages of a first screen come a few hundred milliseconds apart as the feed fills it (a
 * filtered page may show two rows): counts can wait that long to be asked for together.
 */
const ENGAGEMENT_QUIET_MS = 600
const ENGAGEMENT_MAX_MS = 2000

const HEX64 = /^[0-9a-f]{64}$/
/**
 * Followed people whose reports are asked for: each author is 67 bytes of the REQ, so 500 keep
 * it near 34 KB, under the message limits relays commonly set (64 KB and up).
 */
const MAX_REPORT_AUTHORS = 500

export type EngagementLoader = (note: NoteRef) => Promise<Engagement>

/**
 * The filters of one REQ for these notes: reactions, reposts, their authors' deletion requests,
 * the viewer's own reactions and reposts when someone is logged in, and the reports of the
 * people they follow.
 */
export function engagementFilters(
  notes: readonly NoteRef[],
  viewer: string | null,
  follows: readonly string[] = [],
): Filter[] {
  const ids = notes.map((note) => note.id)
  const limit = ids.length * EVENTS_PER_NOTE
  const filters: Filter[] = [
    { kinds: [REACTION_KIND], '#e': ids, limit },
    { kinds: [REPOST_KIND, GENERIC_REPOST_KIND], '#e': ids, limit },
  ]
  const authored = notes.filter((note) => HEX64.test(note.pubkey))
  if (authored.length > 0) filters.push(deletionFilter(authored))
  if (viewer) filters.push({ kinds: [...ENGAGEMENT_KINDS], authors: [viewer], '#e': ids })
  const reporters = follows.filter((pubkey) => HEX64.test(pubkey)).slice(0, MAX_REPORT_AUTHORS)
  if (reporters.length > 0) {
    filters.push({ kinds: [REPORT_KIND], authors: reporters, '#e': ids, limit })
  }
  return filters
}

/**
 * Loads a note's engagement with the other notes asked in the same moment. `deleted` hears the
 * ids of the notes their authors deleted (checked: `deletedAmong`); `follows` gives the people
 * the viewer follows, whose reports count.
 */
export function createEngagementLoader(
  hub: Pick<RelayHub, 'query'>,
  viewer: () => string | null,
  deleted: (ids: readonly string[]) => void = () => {},
  follows: (viewer: string) => Promise<readonly string[]> = async () => [],
): EngagementLoader {
  /** The author of each note waiting to be asked about (a moment's asks at most). */
  const authors = new Map<string, string>()
  const gather = createGatherer({
    maxBatch: MAX_NOTES,
    quietMs: ENGAGEMENT_QUIET_MS,
    maxMs: ENGAGEMENT_MAX_MS,
    load: async (ids) => {
      const notes = ids.map((id) => ({ id, pubkey: authors.get(id) ?? '' }))
      for (const id of ids) authors.delete(id)
      const user = viewer()
      // Unknown follows (the list did not load) ask no reports: likes and reposts still come.
      const followed = user ? await follows(user).catch((): readonly string[] => []) : []
      const events = await hub.query(engagementFilters(notes, user, followed))
      const gone = deletedAmong(events, notes)
      if (gone.length > 0) deleted(gone)
      return tallyEngagement(events, ids, new Set(followed))
    },
  })
  return (note) => {
    authors.set(note.id, note.pubkey)
    return gather(note.id)
  }
}

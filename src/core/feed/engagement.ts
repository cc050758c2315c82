/**
 * Who liked and who reposted a note, from the relays' kind 7 reactions (NIP-25) and kind 6 and 16
 * reposts (NIP-18): each person counted once, however many times they did it. A reaction whose
 * content is '-' is a dislike and no like. The note is the reaction's last `e` tag (NIP-25: it
 * MUST be the note reacted to; the tags before it may name the thread's root), and a repost's
 * `e` tag. And what people the viewer follows reported of it (NIP-56, core/feed/report-warning.ts).
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { noteReportsOf } from '../people/report.ts'
import { REPOST_KIND } from './nip18.ts'
import { REACTION_KIND } from './reaction.ts'
import { type ReportBy, reportsByFollowed } from './report-warning.ts'

/** NIP-18: a repost of anything but a kind 1 note. */
export const GENERIC_REPOST_KIND = 16
export const ENGAGEMENT_KINDS = [REACTION_KIND, REPOST_KIND, GENERIC_REPOST_KIND] as const
/** NIP-25: a dislike. */
const DISLIKE = '-'

export interface Engagement {
  /** The people who liked the note, each once. */
  likers: string[]
  /** The people who reposted it, each once. */
  reposters: string[]
  /**
   * Reports of it by people the viewer follows, each reporter once. Absent from counts cached
   * before reports were asked.
   */
  reports?: ReportBy[]
}

type Side = 'likers' | 'reposters'

/** What the event says of which note: liked, reposted, or nothing this counts. */
function engagementOf(event: NostrEvent): { side: Side; noteId: string } | null {
  const eTags = event.tags.filter((tag) => tag[0] === 'e' && tag[1])
  if (event.kind === REACTION_KIND) {
    const last = eTags.at(-1)?.[1]
    return last && event.content !== DISLIKE ? { side: 'likers', noteId: last } : null
  }
  if (event.kind === REPOST_KIND || event.kind === GENERIC_REPOST_KIND) {
    const first = eTags[0]?.[1]
    return first ? { side: 'reposters', noteId: first } : null
  }
  return null
}

/**
 * Each note's engagement, in the order of `noteIds`, from the events the relays gave; reports
 * count only by the people in `follows`.
 */
export function tallyEngagement(
  events: readonly NostrEvent[],
  noteIds: readonly string[],
  follows: ReadonlySet<string> = new Set(),
): Engagement[] {
  const byNote = new Map(
    noteIds.map((id) => [
      id,
      { likers: new Set<string>(), reposters: new Set<string>(), reports: [] as ReportBy[] },
    ]),
  )
  for (const event of events) {
    const found = engagementOf(event)
    if (found) byNote.get(found.noteId)?.[found.side].add(event.pubkey)
    for (const report of noteReportsOf(event)) byNote.get(report.noteId)?.reports.push(report)
  }
  return noteIds.map((id) => {
    const sets = byNote.get(id)!
    return {
      likers: [...sets.likers],
      reposters: [...sets.reposters],
      reports: reportsByFollowed(sets.reports, follows),
    }
  })
}

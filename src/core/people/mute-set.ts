/**
 * What the user's mute list hides (NIP-51 kind 10000, public part): notes, reposts, replies and
 * notifications by a muted person, in a muted thread (`e`), with a muted hashtag (`t`) or
 * containing a muted word (`word`). One predicate over a parsed set, applied by every view that
 * shows other people's events; apart from the display preferences (feed-filter.ts), which are the
 * user's taste, not their mutes.
 */
import type { MuteList } from './mute-list.ts'

export interface MuteSet {
  /** Lowercase hex pubkeys. */
  people: ReadonlySet<string>
  /** Lowercase hex event ids of muted threads. */
  threads: ReadonlySet<string>
  /** Lowercase, without the #. */
  hashtags: ReadonlySet<string>
  /** Lowercase. */
  words: readonly string[]
}

export const NO_MUTES: MuteSet = {
  people: new Set(),
  threads: new Set(),
  hashtags: new Set(),
  words: [],
}

/** The set a parsed list mutes; nothing for no list (logged out, or none published). */
export function muteSetOf(list: MuteList | null | undefined): MuteSet {
  if (!list) return NO_MUTES
  const lower = (values: readonly string[]) => values.map((value) => value.toLowerCase())
  return {
    people: new Set(list.people.map((person) => person.pubkey.toLowerCase())),
    threads: new Set(lower(list.threads)),
    hashtags: new Set(lower(list.hashtags)),
    words: lower(list.words),
  }
}

export const mutesNothing = (set: MuteSet): boolean =>
  set.people.size + set.threads.size + set.hashtags.size + set.words.length === 0

/** Why an event is hidden, the first that applies, or null when nothing hides it. */
export type MuteReason = 'person' | 'thread' | 'hashtag' | 'word'

/** What the predicate reads of an event. `pubkey` is whose it is (a zap's sender, not the LNURL service). */
export interface MuteSubject {
  id: string
  pubkey: string
  tags: readonly string[][]
  content: string
}

const tagValues = (tags: readonly string[][], name: string) =>
  tags.flatMap((tag) =>
    tag[0] === name && typeof tag[1] === 'string' ? [tag[1].toLowerCase()] : [],
  )

export function muteReason(set: MuteSet, event: MuteSubject): MuteReason | null {
  if (set.people.has(event.pubkey.toLowerCase())) return 'person'
  if (set.threads.size > 0) {
    const ids = [event.id.toLowerCase(), ...tagValues(event.tags, 'e')]
    if (ids.some((id) => set.threads.has(id))) return 'thread'
  }
  if (set.hashtags.size > 0) {
    const hashtags = tagValues(event.tags, 't').map((tag) => tag.replace(/^#+/, ''))
    if (hashtags.some((tag) => set.hashtags.has(tag))) return 'hashtag'
  }
  if (set.words.length > 0) {
    const content = event.content.toLowerCase()
    if (set.words.some((word) => content.includes(word))) return 'word'
  }
  return null
}

export const isMuted = (set: MuteSet, event: MuteSubject): boolean =>
  muteReason(set, event) !== null

/** What a folded line stands for: a reply in a thread, a note above it, or a quoted note. */
export type MutedItem = 'reply' | 'note' | 'quote'

const ITEM_TEXT: Record<MutedItem, string> = {
  reply: 'Reply',
  note: 'Note',
  quote: 'Quoted note',
}
const REASON_TEXT: Record<MuteReason, string> = {
  person: 'from a muted person',
  thread: 'in a muted thread',
  hashtag: 'with a muted hashtag',
  word: 'with a muted word',
}

/** The folded line's words, e.g. 'Reply from a muted person' (ours: the spec is silent). */
export const mutedLabel = (item: MutedItem, reason: MuteReason): string =>
  `${ITEM_TEXT[item]} ${REASON_TEXT[reason]}`

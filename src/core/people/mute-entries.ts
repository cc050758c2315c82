/**
 * Settings' list of mutes (NIP-51 kind 10000): every mute of both parts, each once, with where it
 * is (public or private), grouped as people, threads, hashtags, words.
 */
import { shortNoteId } from '../relays/aux-reason-text.ts'
import type { MuteKind, MutePlace, MuteTarget } from './mute-edit.ts'
import type { MuteList } from './mute-list.ts'

export interface MuteEntry {
  target: MuteTarget
  place: MutePlace
}

const ORDER: readonly MuteKind[] = ['p', 'e', 't', 'word']

const targetsOf = (list: MuteList): MuteTarget[] => [
  ...list.people.map((person) => ({ kind: 'p' as const, value: person.pubkey })),
  ...list.threads.map((value) => ({ kind: 'e' as const, value })),
  ...list.hashtags.map((value) => ({ kind: 't' as const, value })),
  ...list.words.map((value) => ({ kind: 'word' as const, value })),
]

/** Both parts' mutes; one in both (another client's doing) shows once, as private. */
export function muteEntries(shown: MuteList | null, hidden: MuteList | null): MuteEntry[] {
  const entries = new Map<string, MuteEntry>()
  const add = (list: MuteList | null, place: MutePlace) => {
    for (const target of list ? targetsOf(list) : []) {
      entries.set(`${target.kind}:${target.value.toLowerCase()}`, { target, place })
    }
  }
  add(shown, 'public')
  add(hidden, 'private')
  return ORDER.flatMap((kind) => [...entries.values()].filter((e) => e.target.kind === kind))
}

/** Settings' texts (ours: the spec is silent). */
export const MUTES_SECTION = {
  loggedOut: 'Log in to see and change your mutes.',
  reading: 'Reading your mute list…',
  none: 'You mute nobody and nothing yet.',
} as const

/** What a muted person's profile says (ours: the NIPs are silent). */
export function mutedProfileText(place: MutePlace): string {
  const muted = place === 'private' ? 'You muted this person privately' : 'You muted this person'
  return `${muted}: their notes are hidden from your feed, threads, notifications and search.`
}

/** How a mute is named in the list: '@ann', '#nostr', 'Thread note1…', '“gm”'. */
export function muteEntryLabel(target: MuteTarget, name: string): string {
  if (target.kind === 'p') return `@${name}`
  if (target.kind === 'e') return `Thread ${shortNoteId(target.value)}`
  if (target.kind === 't') return `#${target.value}`
  return `“${target.value}”`
}

/**
 * Mute lists (NIP-51, kind 10000). People come as p tags, hashtags as t, words as `word` and
 * threads as e; the public part is the event's tags, the private part the same tags encrypted in
 * its content (mute-private.ts), read the same way once decrypted. What a list mutes is the union
 * of both (`unionMuteLists`).
 */
import { type ContactEntry, peopleFromTags } from './contacts.ts'

export const MUTE_LIST_KIND = 10000

export interface MuteList {
  people: ContactEntry[]
  hashtags: string[]
  words: string[]
  /** Event ids of muted threads. */
  threads: string[]
}

const HEX64 = /^[0-9a-f]{64}$/i

/** Non-empty trimmed values of one tag name, each once (case-insensitively), in order. */
function values(tags: readonly string[][], name: string, clean: (value: string) => string) {
  const seen = new Set<string>()
  const out: string[] = []
  for (const [tag, value] of tags) {
    if (tag !== name || typeof value !== 'string') continue
    const cleaned = clean(value.trim())
    const key = cleaned.toLowerCase()
    if (cleaned === '' || seen.has(key)) continue
    seen.add(key)
    out.push(cleaned)
  }
  return out
}

export const EMPTY_MUTE_LIST: MuteList = { people: [], hashtags: [], words: [], threads: [] }

/** The public mutes of a kind 10000 event; any other kind mutes nothing. */
export const parseMuteList = (event: { kind: number; tags: readonly string[][] }): MuteList =>
  event.kind === MUTE_LIST_KIND ? muteTags(event.tags) : EMPTY_MUTE_LIST

/** The mutes named by tags: the public tags, or the private ones once decrypted. */
export function muteTags(tags: readonly string[][]): MuteList {
  return {
    people: peopleFromTags(tags),
    hashtags: values(tags, 't', (value) => value.replace(/^#+/, '')),
    words: values(tags, 'word', (value) => value),
    threads: values(tags, 'e', (value) => (HEX64.test(value) ? value.toLowerCase() : '')),
  }
}

export const isEmptyMuteList = (list: MuteList): boolean =>
  list.people.length + list.hashtags.length + list.words.length + list.threads.length === 0

/** Both parts together, each mute once (the first part's wins, with its relay hint). */
export function unionMuteLists(first: MuteList, second: MuteList): MuteList {
  const merge = (a: readonly string[], b: readonly string[]) => {
    const seen = new Set(a.map((value) => value.toLowerCase()))
    return [...a, ...b.filter((value) => !seen.has(value.toLowerCase()))]
  }
  const people = new Set(first.people.map((person) => person.pubkey))
  return {
    people: [...first.people, ...second.people.filter((person) => !people.has(person.pubkey))],
    hashtags: merge(first.hashtags, second.hashtags),
    words: merge(first.words, second.words),
    threads: merge(first.threads, second.threads),
  }
}

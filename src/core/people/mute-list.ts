/**
 * Mute lists (NIP-51, kind 10000): the public part only. People come as p tags, hashtags as t,
 * words as `word` and threads as e. The encrypted private part in the content is the owner's
 * alone and is never read here.
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

/** The public mutes of a kind 10000 event; any other kind mutes nothing. */
export function parseMuteList(event: { kind: number; tags: string[][] }): MuteList {
  if (event.kind !== MUTE_LIST_KIND) return { people: [], hashtags: [], words: [], threads: [] }
  const { tags } = event
  return {
    people: peopleFromTags(tags),
    hashtags: values(tags, 't', (value) => value.replace(/^#+/, '')),
    words: values(tags, 'word', (value) => value),
    threads: values(tags, 'e', (value) => (HEX64.test(value) ? value.toLowerCase() : '')),
  }
}

export const isEmptyMuteList = (list: MuteList): boolean =>
  list.people.length + list.hashtags.length + list.words.length + list.threads.length === 0

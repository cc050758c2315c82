/**
 * The custom hashtag list (spec §5, hashtag filter): a leading # is stripped, blank input is
 * ignored, duplicates are rejected case-insensitively.
 */

/** Letters, digits and underscore: what a hashtag in note text is made of (see content.ts). */
const HASHTAG = /^[\p{L}\p{N}_]+$/u

export const HASHTAG_ERRORS = {
  invalid: 'A hashtag has only letters, digits and _',
  duplicate: (tag: string) => `#${tag} is already in the list`,
} as const

export type HashtagAddResult =
  | { kind: 'added'; tags: string[] }
  /** Blank input: nothing to add, nothing to say. */
  | { kind: 'ignored' }
  | { kind: 'rejected'; error: string }

/** The tag typed, without leading #s and surrounding spaces. */
export const cleanHashtag = (input: string): string => input.trim().replace(/^#+/, '').trim()

/** How tags compare and how relays index them (NIP-24: `t` tags are lower case). */
export const hashtagKey = (tag: string): string => tag.toLowerCase()

export function addHashtag(tags: readonly string[], input: string): HashtagAddResult {
  const tag = cleanHashtag(input)
  if (tag === '') return { kind: 'ignored' }
  if (!HASHTAG.test(tag)) return { kind: 'rejected', error: HASHTAG_ERRORS.invalid }
  const existing = tags.find((known) => hashtagKey(known) === hashtagKey(tag))
  if (existing !== undefined) {
    return { kind: 'rejected', error: HASHTAG_ERRORS.duplicate(existing) }
  }
  return { kind: 'added', tags: [...tags, tag] }
}

/** The list without `tag` (compared case-insensitively). */
export const removeHashtag = (tags: readonly string[], tag: string): string[] =>
  tags.filter((known) => hashtagKey(known) !== hashtagKey(tag))

/** The feed's URL query: `tag`, one hashtag in lower case, narrows the feed to it. */
export interface FeedSearch {
  tag?: string
}

/** Keeps `tag` when it is one hashtag (lower-cased); anything else is dropped. */
export function parseFeedSearch(raw: Record<string, unknown>): FeedSearch {
  if (typeof raw.tag !== 'string') return {}
  const tag = cleanHashtag(raw.tag)
  return tag !== '' && HASHTAG.test(tag) ? { tag: hashtagKey(tag) } : {}
}

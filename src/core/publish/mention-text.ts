/**
 * The `@name` being typed in a composer, and what choosing a person makes of it: the NIP-27
 * reference `nostr:npub1…`, which compose-note.ts turns into the note's `p` tag (NIP-08 `#[n]`
 * mentions are deprecated).
 */
import { npubOf } from '../platform/npub.ts'

export interface MentionQuery {
  /** Where the `@` is. */
  start: number
  /** Where the typed name ends: the caret. */
  end: number
  /** What follows the `@`: at least one character. */
  query: string
}

/** An `@` at the start or after a space or an opening bracket, then a name up to the caret. */
const TYPED_MENTION = /(?:^|[\s([{])@([^\s@]+)$/u

/**
 * The mention the caret ends, or null: the caret is not in a word that starts with `@`, or only
 * the `@` is typed. An `@` inside a word (an e-mail address) is no mention.
 */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret)
  const match = TYPED_MENTION.exec(before)
  const query = match?.[1]
  if (!query) return null
  return { start: caret - query.length - 1, end: caret, query }
}

/**
 * The text with the mention replaced by the person's NIP-27 reference and a space, and where the
 * caret goes: after that space, ready for the next word.
 */
export function insertMention(
  text: string,
  mention: Pick<MentionQuery, 'start' | 'end'>,
  pubkey: string,
): { text: string; caret: number } {
  const reference = `nostr:${npubOf(pubkey)}`
  const after = text.slice(mention.end)
  const spaced = after.startsWith(' ') ? reference : `${reference} `
  const head = text.slice(0, mention.start) + spaced
  return { text: head + after, caret: head.length + (spaced === reference ? 1 : 0) }
}

/**
 * NIP-10 thread references of a kind-1 note: marked `e` tags ("root", "reply", "mention"), with
 * the deprecated positional form (first = root, last = reply) for notes without markers.
 */
export interface ThreadRefs {
  root: string | null
  /** The note this one answers directly (the root when it answers the root). */
  reply: string | null
  /** Pubkeys the note is addressed to (`p` tags), in order, without repeats. */
  people: string[]
}

const HEX64 = /^[0-9a-f]{64}$/

export function threadRefs(tags: readonly string[][]): ThreadRefs {
  const eTags = tags.filter((tag) => tag[0] === 'e' && HEX64.test(tag[1] ?? ''))
  const people = [
    ...new Set(
      tags.filter((tag) => tag[0] === 'p' && HEX64.test(tag[1] ?? '')).map((tag) => tag[1]!),
    ),
  ]
  const marked = (marker: string) => eTags.find((tag) => tag[3] === marker)?.[1] ?? null
  if (eTags.some((tag) => tag[3] === 'root' || tag[3] === 'reply')) {
    const root = marked('root')
    return { root: root ?? marked('reply'), reply: marked('reply') ?? root, people }
  }
  // Positional: only tags without a marker count; "mention" tags are not thread references.
  const positional = eTags.filter((tag) => !tag[3])
  if (positional.length === 0) return { root: null, reply: null, people }
  return { root: positional[0]![1]!, reply: positional.at(-1)![1]!, people }
}

/** Who a reply answers, as its card names them: the first person tagged other than its author. */
export function repliedTo(note: { pubkey: string; tags: readonly string[][] }): string | null {
  const refs = threadRefs(note.tags)
  return refs.reply ? (refs.people.find((p) => p !== note.pubkey) ?? null) : null
}

/** A note is a reply when it references a thread. */
export const isReply = (tags: readonly string[][]): boolean => threadRefs(tags).reply !== null

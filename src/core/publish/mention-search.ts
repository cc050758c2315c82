/**
 * Whom an `@name` typed in the composer may mean: people whose display name, name or NIP-05
 * address starts with what was typed (or a word of the display name does), the people the user
 * follows first, then the others the app has seen, at most MENTION_LIMIT.
 */

/** Suggestions shown at once: more would need scrolling under the caret. */
export const MENTION_LIMIT = 8

export interface MentionCandidate {
  pubkey: string
  displayName: string
  name: string
  /** The NIP-05 address, or ''. */
  nip05: string
  /** Whether the user follows them. */
  followed: boolean
}

/** Case and accents do not matter: "ren" finds "Renée", "ha" finds "Hannah". */
const fold = (text: string): string =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase().trim()

/** How well a person matches, lower is better; null when they do not. */
function matchRank(candidate: MentionCandidate, query: string): number | null {
  const display = fold(candidate.displayName)
  const name = fold(candidate.name)
  // A NIP-05 address `_@domain` is the domain's own: its name part says nothing.
  const nip05 = fold(candidate.nip05).replace(/^_@/, '')
  if (display.startsWith(query) || name.startsWith(query)) return 0
  if (display.split(/[\s._-]+/u).some((word) => word.startsWith(query))) return 1
  if (nip05.startsWith(query)) return 2
  return null
}

/**
 * Up to MENTION_LIMIT people who match `query` (what follows the `@`), each once: followed first,
 * then by how well they match, then by name. A pubkey listed twice keeps its first entry's names
 * and is followed if either entry says so.
 */
export function searchMentions(
  candidates: readonly MentionCandidate[],
  query: string,
  limit = MENTION_LIMIT,
): MentionCandidate[] {
  const wanted = fold(query)
  if (wanted === '') return []
  const byPubkey = new Map<string, MentionCandidate>()
  for (const candidate of candidates) {
    const known = byPubkey.get(candidate.pubkey)
    if (!known) byPubkey.set(candidate.pubkey, candidate)
    else if (candidate.followed && !known.followed)
      byPubkey.set(known.pubkey, { ...known, followed: true })
  }
  const ranked: { candidate: MentionCandidate; rank: number; label: string }[] = []
  for (const candidate of byPubkey.values()) {
    const rank = matchRank(candidate, wanted)
    if (rank === null) continue
    ranked.push({ candidate, rank, label: fold(candidate.displayName || candidate.name) })
  }
  ranked.sort(
    (a, b) =>
      Number(b.candidate.followed) - Number(a.candidate.followed) ||
      a.rank - b.rank ||
      a.label.localeCompare(b.label) ||
      (a.candidate.pubkey < b.candidate.pubkey ? -1 : 1),
  )
  return ranked.slice(0, limit).map(({ candidate }) => candidate)
}

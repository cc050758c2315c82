/**
 * Relay hints for one event (NIP-19 nevent relays, NIP-10 `e` and NIP-18 `q` tag relays, and the
 * write relays of the author an nevent names, NIP-65): where it is known to be. They are asked
 * beside the pool; a few are enough, and every one may cost a short-lived connection.
 */
import { normalizeRelayUrls } from './relay-url.ts'

/** Hinted relays asked for one event at most. */
export const MAX_HINT_RELAYS = 4

/** The hints of these lists, most trusted list first: normalized, each once, at most `max`. */
export const hintRelays = (
  lists: readonly (readonly string[])[],
  max: number = MAX_HINT_RELAYS,
): string[] => normalizeRelayUrls(lists.flat()).slice(0, Math.max(0, max))

/** Relays named as hints for this event id by `e` (or `q`) tags. */
export function taggedHints(tags: readonly string[][], id: string): string[] {
  return normalizeRelayUrls(
    tags
      .filter((tag) => (tag[0] === 'e' || tag[0] === 'q') && tag[1] === id && tag[2])
      .map((tag) => tag[2]!),
  )
}

const HEX64 = /^[0-9a-f]{64}$/

/** The author an `e` tag names for this event id (NIP-10: its fifth element), if any. */
export function taggedAuthor(tags: readonly string[][], id: string): string | null {
  const author = tags.find((tag) => tag[0] === 'e' && tag[1] === id && HEX64.test(tag[4] ?? ''))
  return author?.[4] ?? null
}

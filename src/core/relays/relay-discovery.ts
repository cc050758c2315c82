/**
 * The relay discovery modal's rows: every relay where a person can be found, with why it is
 * listed. Their relay list (or the relays their notes name) says where they read and write; an
 * nprofile link may carry hints; the notes shown came from relays of ours. Each relay appears
 * once, with whether it is one of the user's own relays.
 */
import type { PersonRelays } from './person-relays.ts'
import type { RelayPermission } from './relay-permission.ts'
import { normalizeRelayUrl } from './relay-url.ts'

export interface DiscoveredRelay {
  url: string
  /** The permission their relay list gives it; null when it is not on their list. */
  listed: RelayPermission | null
  /** Guessed from relay hints in their notes (they publish no relay list). */
  fromNotes: boolean
  /** Named by the nprofile link that opened the profile. */
  hint: boolean
  /** How many of their notes shown here arrived first from this relay. */
  notesSeen: number
  /** Already one of the user's relays. */
  yours: boolean
}

/**
 * How many of their notes shown arrived first from each relay, over the pages loaded: each page's
 * `seenOn` names the relay of each of its notes.
 */
export function notesPerRelay(
  pages: readonly { seenOn: Readonly<Record<string, string>> }[],
): Map<string, number> {
  const counts = new Map<string, number>()
  for (const page of pages) {
    for (const relay of Object.values(page.seenOn)) counts.set(relay, (counts.get(relay) ?? 0) + 1)
  }
  return counts
}

export interface DiscoveryInput {
  person: PersonRelays
  hints: readonly string[]
  /** Notes per relay they arrived from. */
  seenOn: ReadonlyMap<string, number>
  yours: readonly string[]
}

/**
 * One row per relay: their listed relays first (in their order), then relays their notes came
 * from (most notes first), then the remaining hints. URLs are normalised; invalid ones dropped.
 */
export function discoverRelays({
  person,
  hints,
  seenOn,
  yours,
}: DiscoveryInput): DiscoveredRelay[] {
  const mine = new Set(yours.map(normalizeRelayUrl).filter((url) => url !== null))
  const rows = new Map<string, DiscoveredRelay>()
  const row = (raw: string): DiscoveredRelay | null => {
    const url = normalizeRelayUrl(raw)
    if (url === null) return null
    let found = rows.get(url)
    if (!found) {
      found = {
        url,
        listed: null,
        fromNotes: false,
        hint: false,
        notesSeen: 0,
        yours: mine.has(url),
      }
      rows.set(url, found)
    }
    return found
  }
  for (const entry of person.relays) {
    const found = row(entry.url)
    if (!found) continue
    if (person.source === 'relay-list') found.listed = entry.permission
    else found.fromNotes = true
  }
  const seen = [...seenOn].sort((a, b) => b[1] - a[1])
  for (const [url, count] of seen) {
    const found = row(url)
    if (found) found.notesSeen += count
  }
  for (const url of hints) {
    const found = row(url)
    if (found) found.hint = true
  }
  return [...rows.values()]
}

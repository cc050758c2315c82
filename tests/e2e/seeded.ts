/** What a test relay holds, read back for assertions: the newest event of a kind, a profile. */
import type { NostrEvent } from 'nostr-tools/pure'
import type { RelayHandle } from '../peers/relay.ts'
import { expect } from './fixtures.ts'

export const newestFirst = (a: NostrEvent, b: NostrEvent) =>
  b.created_at - a.created_at || (a.id < b.id ? -1 : 1)

/** The newest event of a kind by an author, as the relay holds it. */
export const newestOf = (relay: RelayHandle, kind: number, pubkey: string): NostrEvent =>
  relay
    .events()
    .filter((e) => e.kind === kind && e.pubkey === pubkey)
    .sort(newestFirst)[0]!

/** An author's kind-0 fields as the relay holds them. */
export const profileOf = (relay: RelayHandle, pubkey: string) =>
  JSON.parse(newestOf(relay, 0, pubkey).content) as Record<string, string>

/** A seeded root note by someone other than `except`: plain text, no warning, and not liked or
 * reposted by `except` (the seed's reactions follow the clock; such a note shows Liked at once). */
export function seededRoot(relay: RelayHandle, except = ''): NostrEvent {
  const events = relay.events()
  const engaged = new Set(
    events
      .filter((e) => (e.kind === 6 || e.kind === 7) && e.pubkey === except)
      .flatMap((e) => e.tags.filter((t) => t[0] === 'e').map((t) => t[1])),
  )
  const root = events.find(
    (e) =>
      e.kind === 1 &&
      e.pubkey !== except &&
      !engaged.has(e.id) &&
      !e.tags.some((t) => ['e', 'q', 'content-warning', 'imeta'].includes(t[0]!)) &&
      !e.content.includes('http') &&
      !e.content.includes('nostr:') &&
      e.content.length < 200,
  )
  if (!root) throw new Error('the demo world has no plain root note')
  return root
}

/** Events the relay holds that the test did not start with: what the app published. */
export function publishedEvents(relay: RelayHandle) {
  const seeded = new Set(relay.events().map((event) => event.id))
  /** The event of this kind by the author that the app published, once the relay holds it. */
  return async (
    pubkey: string,
    kind: number,
    match: (event: NostrEvent) => boolean = () => true,
  ): Promise<NostrEvent> => {
    let found: NostrEvent | undefined
    await expect
      .poll(() => {
        found = relay
          .events()
          .find((e) => !seeded.has(e.id) && e.pubkey === pubkey && e.kind === kind && match(e))
        return found !== undefined
      })
      .toBe(true)
    return found!
  }
}

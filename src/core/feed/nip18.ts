/**
 * NIP-18 reposts: a kind-6 event names the reposted kind-1 note in an `e` tag (with a relay
 * hint) and usually carries it, stringified, in its content. Quote reposts are kind-1 notes that
 * quote another with a `q` tag or a nostr:note / nostr:nevent reference in the text.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { parseNoteParam } from '../app/route-ids.ts'
import { isEventShaped } from '../relays/nip01.ts'
import { normalizeRelayUrls } from '../relays/relay-url.ts'
import { segmentContent } from './content.ts'

export const REPOST_KIND = 6
export const TEXT_NOTE_KIND = 1

const HEX64 = /^[0-9a-f]{64}$/

/** Where a note can be found: its id, relay hints, and its author when known. */
export interface EventPointer {
  id: string
  relays: string[]
  author: string | null
}

export interface Repost {
  target: EventPointer
  /**
   * The reposted note as the content carries it: shaped as a kind-1 event with the id the `e` tag
   * names. Its signature is not checked here; it must be before it is shown.
   */
  embedded: NostrEvent | null
}

function parseEmbedded(content: string): NostrEvent | null {
  if (content.trim() === '') return null
  try {
    const value: unknown = JSON.parse(content)
    return isEventShaped(value) && value.kind === TEXT_NOTE_KIND ? value : null
  } catch {
    return null
  }
}

const hints = (relay: string | undefined): string[] => (relay ? normalizeRelayUrls([relay]) : [])

/** The note a kind-6 repost names, or null when it names none. */
export function parseRepost(event: Pick<NostrEvent, 'kind' | 'tags' | 'content'>): Repost | null {
  if (event.kind !== REPOST_KIND) return null
  const eTag = event.tags.find((tag) => tag[0] === 'e' && HEX64.test(tag[1] ?? ''))
  const pTag = event.tags.find((tag) => tag[0] === 'p' && HEX64.test(tag[1] ?? ''))
  const embedded = parseEmbedded(event.content)
  if (eTag) {
    const id = eTag[1]!
    // Content that claims another note than the tag is not the reposted note.
    const carried = embedded?.id === id ? embedded : null
    const author = carried?.pubkey ?? pTag?.[1] ?? null
    return { target: { id, relays: hints(eTag[2]), author }, embedded: carried }
  }
  // The e tag is required; a repost without one still says what it reposts by its content.
  if (!embedded) return null
  return { target: { id: embedded.id, relays: [], author: embedded.pubkey }, embedded }
}

/**
 * Notes a kind-1 note quotes: nostr:note / nostr:nevent references in the text, in order, then
 * `q` tags naming an event id (addresses of replaceable events are not notes), each id once.
 */
export function quotedNotes(tags: readonly string[][], content: string): EventPointer[] {
  const pointers = new Map<string, EventPointer>()
  for (const segment of segmentContent(content)) {
    if (segment.kind !== 'reference' || segment.reference.type !== 'event') continue
    // The entity itself: an nevent carries relay hints and the author.
    const pointer = parseNoteParam(segment.entity)
    if (pointer && !pointers.has(pointer.id)) pointers.set(pointer.id, pointer)
  }
  for (const tag of tags) {
    const id = tag[1] ?? ''
    if (tag[0] !== 'q' || !HEX64.test(id)) continue
    const known = pointers.get(id)
    const author = HEX64.test(tag[3] ?? '') ? tag[3]! : null
    if (known) {
      pointers.set(id, {
        id,
        relays: known.relays.length > 0 ? known.relays : hints(tag[2]),
        author: known.author ?? author,
      })
    } else {
      pointers.set(id, { id, relays: hints(tag[2]), author })
    }
  }
  return [...pointers.values()]
}

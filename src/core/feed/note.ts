/** The note entity of the spec (§3): a kind-1 event plus what the client derives from it. */
import type { NostrEvent } from 'nostr-tools/pure'
import { newestFirst } from '../platform/event-order.ts'
import { mediaUrls } from './content.ts'

export interface Note {
  id: string
  content: string
  pubkey: string
  created_at: number
  tags: string[][]
  imageUrls: string[]
  videoUrls: string[]
  /** Local receipt time in milliseconds. */
  receivedAt: number
}

/**
 * One string per author: every parsed event brings its own copy of the pubkey, and a feed
 * scrolled far holds thousands of notes by a few hundred people.
 */
const pubkeys = new Map<string, string>()
const MAX_INTERNED = 10_000
function intern(pubkey: string): string {
  const known = pubkeys.get(pubkey)
  if (known !== undefined) return known
  if (pubkeys.size >= MAX_INTERNED) pubkeys.clear()
  pubkeys.set(pubkey, pubkey)
  return pubkey
}

export function toNote(event: NostrEvent, receivedAt: number): Note {
  const { id, content, pubkey, created_at, tags } = event
  return {
    id,
    content,
    pubkey: intern(pubkey),
    created_at,
    tags,
    ...mediaUrls(content),
    receivedAt,
  }
}

/** Adds notes to a newest-first list, keeping one copy of each id. Returns the same list when nothing is new. */
export function mergeNotes(list: readonly Note[], incoming: readonly Note[]): readonly Note[] {
  const known = new Set(list.map((note) => note.id))
  const fresh = incoming.filter((note) => !known.has(note.id) && known.add(note.id))
  if (fresh.length === 0) return list
  return [...list, ...fresh].sort(newestFirst)
}

/** What names a note and its author: enough to ask about it (its engagement, its deletion). */
export type NoteRef = Pick<Note, 'id' | 'pubkey'>

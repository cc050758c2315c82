/**
 * Search results as the page lists them: people first (kind 0, one entry per person, their newest
 * metadata), then notes (kind 1, one entry per id). NIP-50 relays answer best match first, so the
 * order in which events arrived is kept rather than re-sorting by time.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { type Note, toNote } from '../feed/note.ts'
import { type ProfileMetadata, parseProfileMetadata } from '../people/profile.ts'

export interface SearchPerson {
  pubkey: string
  metadata: ProfileMetadata
}

export interface SearchResults {
  people: SearchPerson[]
  notes: Note[]
}

/** People and notes among the events, in the order first seen. */
export function searchResultsOf(events: readonly NostrEvent[], receivedAt: number): SearchResults {
  const newest = new Map<string, NostrEvent>()
  const notes = new Map<string, Note>()
  for (const event of events) {
    if (event.kind === 0) {
      const known = newest.get(event.pubkey)
      // Map order stays that of the first arrival; a newer version only replaces the content.
      if (!known || event.created_at > known.created_at) newest.set(event.pubkey, event)
    } else if (event.kind === 1 && !notes.has(event.id)) {
      notes.set(event.id, toNote(event, receivedAt))
    }
  }
  const people: SearchPerson[] = []
  for (const [pubkey, event] of newest) {
    const metadata = parseProfileMetadata(event.content)
    if (metadata) people.push({ pubkey, metadata })
  }
  return { people, notes: [...notes.values()] }
}

/**
 * Profiles (kind 0 by author) and notes (kind 1 by id) as rows ask for them, one key at a time,
 * answered a moment at a time (gather.ts): the asks of one moment go out as a single REQ with a
 * filter for each kind. A page of the feed asks for its authors' profiles and its quoted notes
 * in the same moment (use-page-asks.ts), so each page costs one REQ for both. The answers are
 * the app's profile and note queries' data (metadata-queries.ts, note-loader.ts).
 */
import type { Filter } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import { toNote } from '../../core/feed/note.ts'
import { parseProfileMetadata } from '../../core/people/profile.ts'
import { FAILED_TO_LOAD_NOTE, FAILED_TO_LOAD_PROFILE } from '../../core/relays/relay-messages.ts'
import { METADATA_LIMIT, type MetadataLoader } from '../people/metadata-queries.ts'
import { createGatherer } from '../platform/gather.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { queryStored } from '../relays/stored-events.ts'
import type { NoteLoader } from './note-loader.ts'

/** Keys per REQ: relays commonly cap filter sizes. */
const MAX_KEYS = 100
/** Kind-0 events per REQ at most, however many authors it names. */
const MAX_PROFILE_EVENTS = 500

const PROFILE = 'p:'
const NOTE = 'e:'

export interface RowLoader {
  metadata: MetadataLoader
  note: NoteLoader
}

/** The filters for one moment's keys: the authors' profiles and the notes, whichever were asked. */
function rowFilters(keys: readonly string[]): Filter[] {
  const authors = keys.filter((key) => key.startsWith(PROFILE)).map((key) => key.slice(2))
  const ids = keys.filter((key) => key.startsWith(NOTE)).map((key) => key.slice(2))
  const filters: Filter[] = []
  if (authors.length > 0) {
    const limit = Math.min(authors.length * METADATA_LIMIT, MAX_PROFILE_EVENTS)
    filters.push({ kinds: [0], authors, limit })
  }
  if (ids.length > 0) filters.push({ kinds: [1], ids, limit: ids.length })
  return filters
}

/** Each key's events: an author's kind-0 events, or the note with the id (none or one). */
const answerOf = (key: string, events: readonly NostrEvent[]): NostrEvent[] => {
  const value = key.slice(2)
  return key.startsWith(PROFILE)
    ? events.filter((event) => event.kind === 0 && event.pubkey === value)
    : events.filter((event) => event.kind === 1 && event.id === value)
}

export function createRowLoader(hub: Pick<RelayHub, 'subscribe'>): RowLoader {
  // Each key's events; null when nothing came for it and no relay answered: unknown, not absent.
  const load = createGatherer<NostrEvent[] | null>({
    maxBatch: MAX_KEYS,
    load: async (keys) => {
      const { found, answered } = await queryStored(hub, rowFilters(keys))
      const events = found.map(({ event }) => event)
      return keys.map((key) => {
        const own = answerOf(key, events)
        return own.length > 0 || answered ? own : null
      })
    },
  })
  return {
    metadata: async (pubkey) => {
      const events = await load(PROFILE + pubkey)
      if (!events) throw new Error(FAILED_TO_LOAD_PROFILE)
      const [newest] = events.sort((a, b) => b.created_at - a.created_at)
      return newest ? parseProfileMetadata(newest.content) : null
    },
    note: async (id) => {
      const events = await load(NOTE + id)
      if (!events) throw new Error(FAILED_TO_LOAD_NOTE)
      const [event] = events
      return event ? toNote(event, Date.now()) : null
    },
  }
}

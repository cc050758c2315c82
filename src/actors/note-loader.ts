/**
 * Notes by id, gathered: rows that each name a note (a feed row's quoted note, the notifications
 * page's liked, reposted and zapped notes) ask one id at a time, and the asks of one moment go out
 * as a single REQ (gather.ts). The answers share the single note's query key, ['note', id], so
 * opening one needs no request.
 */
import { queryOptions } from '@tanstack/react-query'
import { type Note, toNote } from '../core/note.ts'
import { createGatherer } from './gather.ts'
import type { RelayHub } from './relay-hub.ts'
import { NOTE_GC_MS, NOTE_STALE_MS, noteKey } from './thread-queries.ts'

/** Ids per REQ: relays commonly cap filter sizes. */
const MAX_IDS = 100

export type NoteLoader = (id: string) => Promise<Note | null>

export function createNoteLoader(hub: Pick<RelayHub, 'query'>): NoteLoader {
  return createGatherer({
    maxBatch: MAX_IDS,
    load: async (ids) => {
      const events = await hub.query([{ kinds: [1], ids: [...ids], limit: ids.length }])
      const now = Date.now()
      return ids.map((id) => {
        const event = events.find((e) => e.id === id)
        return event ? toNote(event, now) : null
      })
    },
  })
}

/** ['note', id] through the loader: null when no relay has it (spec §9 prefetch times). */
export const loadedNoteQueryOptions = (load: NoteLoader, id: string) =>
  queryOptions({
    queryKey: noteKey(id),
    queryFn: () => load(id),
    staleTime: NOTE_STALE_MS,
    gcTime: NOTE_GC_MS,
  })

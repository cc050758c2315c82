/**
 * Notes by id, gathered: rows that each name a note (the notifications page's liked, reposted and
 * zapped notes) ask one id at a time, and the asks of one moment go out as a single REQ. The
 * answers share the single note's query key, ['note', id], so opening one needs no request.
 */
import { queryOptions } from '@tanstack/react-query'
import { type Note, toNote } from '../core/note.ts'
import type { RelayHub } from './relay-hub.ts'
import { NOTE_GC_MS, NOTE_STALE_MS, noteKey } from './thread-queries.ts'

/** Ids per REQ: relays commonly cap filter sizes. */
const MAX_IDS = 100
/** How long asks are gathered before the REQ goes out. */
const GATHER_MS = 16

export type NoteLoader = (id: string) => Promise<Note | null>

export function createNoteLoader(hub: Pick<RelayHub, 'query'>): NoteLoader {
  let waiting = new Map<string, ((note: Note | null) => void)[]>()
  let scheduled = false

  async function load(batch: Map<string, ((note: Note | null) => void)[]>) {
    const ids = [...batch.keys()]
    const events = await hub.query([{ kinds: [1], ids, limit: ids.length }])
    const now = Date.now()
    for (const [id, resolvers] of batch) {
      const event = events.find((e) => e.id === id)
      const note = event ? toNote(event, now) : null
      for (const resolve of resolvers) resolve(note)
    }
  }

  function flush() {
    scheduled = false
    const all = [...waiting]
    waiting = new Map()
    for (let i = 0; i < all.length; i += MAX_IDS) void load(new Map(all.slice(i, i + MAX_IDS)))
  }

  return (id) =>
    new Promise((resolve) => {
      waiting.set(id, [...(waiting.get(id) ?? []), resolve])
      if (!scheduled) {
        scheduled = true
        setTimeout(flush, GATHER_MS)
      }
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

/**
 * Notes by id, gathered: rows that each name a note (a feed row's quoted note, the notifications
 * page's liked, reposted and zapped notes) ask one id at a time, and the asks of one moment go out
 * as a single REQ (row-loader.ts). The answers share the single note's query key, ['note', id],
 * so opening one needs no request.
 */
import { queryOptions } from '@tanstack/react-query'
import type { Note } from '../../core/feed/note.ts'
import { NOTE_GC_MS, NOTE_STALE_MS, noteKey } from './thread-queries.ts'

export type NoteLoader = (id: string) => Promise<Note | null>

/** ['note', id] through the loader: null when no relay has it (spec §9 prefetch times). */
export const loadedNoteQueryOptions = (load: NoteLoader, id: string) =>
  queryOptions({
    queryKey: noteKey(id),
    queryFn: () => load(id),
    staleTime: NOTE_STALE_MS,
    gcTime: NOTE_GC_MS,
  })

/**
 * Notes by id, gathered: rows that each name a note (a feed row's quoted note, the notifications
 * page's liked, reposted and zapped notes) ask one id at a time, and the asks of one moment go out
 * as a single REQ (row-loader.ts). The answers share the single note's query key, ['note', id],
 * so opening one needs no request. A quote's relay hints (NIP-18 `q`, nevent relays) outside the
 * pool are asked at once beside it.
 */
import { queryOptions } from '@tanstack/react-query'
import { type Note, toNote } from '../../core/feed/note.ts'
import { hintedRelays, type ReadRoutes } from '../relays/read-routes.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { queryEach } from '../relays/routed-query.ts'
import { NOTE_GC_MS, NOTE_STALE_MS, noteKey } from './note-queries.ts'

export type NoteLoader = (id: string) => Promise<Note | null>

/**
 * ['note', id] through the loader: null when the relays that answered lack it, a failure when
 * none answered (spec §9 prefetch times). `hinted`:
 * the loader asks hinted relays too, so a null kept from an ask without them is asked again.
 */
export const loadedNoteQueryOptions = (load: NoteLoader, id: string, hinted = false) =>
  queryOptions({
    queryKey: noteKey(id),
    queryFn: () => load(id),
    staleTime: hinted ? (query) => (query.state.data === null ? 0 : NOTE_STALE_MS) : NOTE_STALE_MS,
    gcTime: NOTE_GC_MS,
  })

/** The gathered note, or else the one its hinted relays outside the pool have. */
export function hintedNoteLoader(
  load: NoteLoader,
  hub: RelayHub,
  routes: ReadRoutes,
  relays: readonly string[],
): NoteLoader {
  return async (id) => {
    const elsewhere = hintedRelays(routes, id, { relays }).then((extra) =>
      extra ? queryEach(hub, [{ ...extra, filters: [{ kinds: [1], ids: [id], limit: 1 }] }]) : null,
    )
    const [gathered, hinted] = await Promise.allSettled([load(id), elsewhere])
    if (gathered.status === 'fulfilled' && gathered.value) return gathered.value
    const found = hinted.status === 'fulfilled' ? hinted.value?.found : undefined
    const event = found?.find((answer) => answer.event.id === id)?.event
    if (event) return toNote(event, Date.now())
    // The pool silent: whether it has the note is unknown (row-loader.ts).
    if (gathered.status === 'rejected') throw gathered.reason
    return null
  }
}

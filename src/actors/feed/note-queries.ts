/**
 * A single note through TanStack Query, as a factory over the hub: ['note', id] (spec §7: kinds
 * [1], ids [id], limit 1; §9 prefetch: stale 30 s, kept 10 min); null when the relays that answered
 * lack it, a failure when none answered. Apart
 * from the thread's queries (thread-queries.ts): the feed's cards and prefetch need only this.
 *
 * Relay hints (NIP-19 nevent relays and author, NIP-10 `e` tag relays): every request goes to the
 * pool as before and, at once, to the hinted relays outside it (read-routes.ts), so the keys stay
 * the same with or without hints. A note no relay had is asked again when hints come along.
 */
import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { Filter } from 'nostr-tools/filter'
import { type Note, toNote } from '../../core/feed/note.ts'
import { FAILED_TO_LOAD_NOTE } from '../../core/relays/relay-messages.ts'
import { type EventHints, hintedRelays, type ReadRoutes } from '../relays/read-routes.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { queryPoolAnd } from '../relays/routed-query.ts'
import type { StoredAnswer } from '../relays/stored-events.ts'

/** Note prefetch: stale after 30 s, kept 10 min (spec §9, prefetch). */
export const NOTE_STALE_MS = 30_000
export const NOTE_GC_MS = 10 * 60_000
export const noteKey = (id: string) => ['note', id] as const

/** Where a note or thread is known to be, and the routes to ask there. */
export interface Hinted {
  routes: ReadRoutes
  hints: EventHints
}

/**
 * The pool's answer for these filters and, with hints, that of the hinted relays outside it: the
 * events, and whether any relay answered at all (stored-events.ts).
 */
export function queryHinted(
  hub: RelayHub,
  filters: Filter[],
  id: string,
  hinted: Hinted | undefined,
): Promise<StoredAnswer> {
  return queryPoolAnd(hub, filters, hinted ? hintedRelays(hinted.routes, id, hinted.hints) : null)
}

export function noteQueryOptions(hub: RelayHub, id: string, hinted?: Hinted) {
  return queryOptions({
    queryKey: noteKey(id),
    queryFn: async ({ client }): Promise<Note | null> => {
      const answer = await queryHinted(hub, [{ kinds: [1], ids: [id], limit: 1 }], id, hinted)
      const event = answer.found.find((found) => found.event.id === id)?.event
      if (event) return toNote(event, Date.now())
      // A note known already (keepOpenedNote) stays known though the relays asked now lack it.
      const known = client.getQueryData<Note>(noteKey(id))
      if (known) return known
      // Null says no relay has it: only relays that answered can say so.
      if (!answer.answered) throw new Error(FAILED_TO_LOAD_NOTE)
      return null
    },
    // Not found without hints (a prefetch, a quote) may be found with them: asked again.
    staleTime: hinted ? (query) => (query.state.data === null ? 0 : NOTE_STALE_MS) : NOTE_STALE_MS,
    gcTime: NOTE_GC_MS,
  })
}

/**
 * The note a row shows, kept as ['note', id] as the reader opens it: its link (note1) names no
 * relay, and the pool alone may not have a note the row read from its author's relays (NIP-65
 * outbox) or a hint. A note the cache holds already is left as it is.
 */
export function keepOpenedNote(queryClient: QueryClient, note: Note): void {
  if (queryClient.getQueryData(noteKey(note.id))) return
  queryClient.setQueryData(noteKey(note.id), note)
}

/**
 * A note and its thread through TanStack Query, as factories over the hub (the UI gets the hub
 * and the query client from the system):
 * - ['note', id]: the single note (spec §7: kinds [1], ids [id], limit 1; §9 prefetch: stale
 *   30 s, kept 10 min); null when no relay has it.
 * - ['thread', rootId]: the root and every note tagging it (NIP-10 replies name their root), the
 *   pool of the thread's notes, grown live by followThread.
 * - ['thread', rootId, 'around', id]: what the focused note needs beyond that pool: its direct
 *   replies (#e = its id, for replies that do not name the root) and parents missing from the
 *   pool, fetched by id round after round.
 *
 * nevent relay hints: the hub asks every readable relay of the pool, so a hinted relay in the pool
 * is asked anyway; one outside the pool cannot be asked through the hub.
 */
import { type QueryClient, queryOptions, skipToken } from '@tanstack/react-query'
import type { Filter } from 'nostr-tools/filter'
import { mergeNotes, type Note, toNote } from '../../core/feed/note.ts'
import { missingAncestorIds } from '../../core/feed/thread.ts'
import type { RelayHub } from '../relays/relay-hub.ts'

/** Note prefetch: stale after 30 s, kept 10 min (spec §9, prefetch). */
export const NOTE_STALE_MS = 30_000
export const NOTE_GC_MS = 10 * 60_000
/**
 * Replies asked per thread and per note. The spec names no limit; relays cap `limit` (commonly at
 * 500 to 5000), and a thread past this size is more than one page can show anyway.
 */
export const THREAD_LIMIT = 500
/** Rounds of fetching missing parents: a chain of lost parents ends here rather than never. */
export const MAX_PARENT_ROUNDS = 12
/**
 * How far back the live subscription reaches before the thread was loaded: authors' clocks run
 * late, and a reply stored while the thread loaded must not fall between the two requests.
 */
export const LIVE_OVERLAP_S = 300

export const noteKey = (id: string) => ['note', id] as const
export const threadKey = (rootId: string) => ['thread', rootId] as const
export const aroundKey = (rootId: string, id: string) => ['thread', rootId, 'around', id] as const

type ThreadNotes = readonly Note[]

const notesOf = (events: Parameters<typeof toNote>[0][]): ThreadNotes => {
  const now = Date.now()
  return mergeNotes(
    [],
    events.filter((event) => event.kind === 1).map((event) => toNote(event, now)),
  )
}

export function noteQueryOptions(hub: RelayHub, id: string) {
  return queryOptions({
    queryKey: noteKey(id),
    queryFn: async (): Promise<Note | null> => {
      const events = await hub.query([{ kinds: [1], ids: [id], limit: 1 }])
      const event = events.find((e) => e.id === id)
      return event ? toNote(event, Date.now()) : null
    },
    staleTime: NOTE_STALE_MS,
    gcTime: NOTE_GC_MS,
  })
}

const threadFilters = (rootId: string): Filter[] => [
  { kinds: [1], ids: [rootId] },
  { kinds: [1], '#e': [rootId], limit: THREAD_LIMIT },
]

/** The thread's notes; `rootId` null (the focused note not loaded yet) waits. */
export function threadQueryOptions(hub: RelayHub, rootId: string | null) {
  return queryOptions({
    queryKey: threadKey(rootId ?? ''),
    queryFn: rootId
      ? async (): Promise<ThreadNotes> => notesOf(await hub.query(threadFilters(rootId)))
      : skipToken,
  })
}

export interface ThreadDeps {
  hub: RelayHub
  queryClient: QueryClient
}

/** Direct replies of the focused note and its missing parents; waits for the focused note. */
export function aroundQueryOptions(deps: ThreadDeps, rootId: string, focused: Note | null) {
  return queryOptions({
    queryKey: aroundKey(rootId, focused?.id ?? ''),
    queryFn: focused ? () => fetchAround(deps, rootId, focused) : skipToken,
  })
}

async function fetchAround(
  { hub, queryClient }: ThreadDeps,
  rootId: string,
  focused: Note,
): Promise<ThreadNotes> {
  const replies = hub.query([{ kinds: [1], '#e': [focused.id], limit: THREAD_LIMIT }])
  const pool = await queryClient.ensureQueryData(threadQueryOptions(hub, rootId))
  let found: ThreadNotes = []
  const asked = new Set<string>()
  for (let round = 0; round < MAX_PARENT_ROUNDS; round++) {
    const ids = missingAncestorIds(focused, [...pool, ...found]).filter((id) => !asked.has(id))
    if (ids.length === 0) break
    for (const id of ids) asked.add(id)
    found = mergeNotes(found, notesOf(await hub.query([{ kinds: [1], ids }])))
  }
  return mergeNotes(found, notesOf(await replies))
}

/**
 * Keeps the thread's pool growing with replies published while the page is open: notes tagging
 * the root or the focused note, from shortly before the pool was loaded. Returns the unsubscribe.
 */
export function followThread(
  { hub, queryClient }: ThreadDeps,
  rootId: string,
  focusedId: string,
  loadedAt: number,
): () => void {
  const since = Math.floor(loadedAt / 1000) - LIVE_OVERLAP_S
  const subscription = hub.subscribe(
    [{ kinds: [1], '#e': [...new Set([rootId, focusedId])], since }],
    {
      onEvent: (event) => {
        queryClient.setQueryData<ThreadNotes>(threadKey(rootId), (pool) =>
          pool ? mergeNotes(pool, [toNote(event, Date.now())]) : pool,
        )
      },
    },
  )
  return () => subscription.close()
}

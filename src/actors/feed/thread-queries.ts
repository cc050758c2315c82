/**
 * A note's thread through TanStack Query, as factories over the hub (the UI gets the hub and the
 * query client from the system; the note alone is note-queries.ts):
 * - ['thread', rootId]: the root and every note tagging it (NIP-10 replies name their root), the
 *   pool of the thread's notes, grown live by followThread.
 * - ['thread', rootId, 'around', id]: what the focused note needs beyond that pool: its direct
 *   replies (#e = its id, for replies that do not name the root) and parents missing from the
 *   pool, fetched by id round after round.
 *
 * Relay hints (NIP-19 nevent relays and author, NIP-10 `e` tag relays): every request goes to the
 * pool as before and, at once, to the hinted relays outside it (read-routes.ts), so the keys stay
 * the same with or without hints. A note no relay had is asked again when hints come along.
 */
import { type QueryClient, queryOptions, skipToken } from '@tanstack/react-query'
import type { Filter } from 'nostr-tools/filter'
import { mergeNotes, type Note, toNote } from '../../core/feed/note.ts'
import { missingAncestorIds } from '../../core/feed/thread.ts'
import { hintRelays, taggedAuthor, taggedHints } from '../../core/relays/hint-relays.ts'
import { outsidePool } from '../../core/relays/pool-urls.ts'
import { FAILED_TO_LOAD_REPLIES } from '../../core/relays/relay-messages.ts'
import { type EventHints, inboxRelays, type ReadRoutes } from '../relays/read-routes.ts'
import type { RelayHub, Subscription } from '../relays/relay-hub.ts'
import { type ExtraRelays, queryEach, type RoutedRequest } from '../relays/routed-query.ts'
import { answeredEvents } from '../relays/stored-events.ts'
import { type Hinted, queryHinted } from './note-queries.ts'

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

/**
 * Replies to this person from their read relays outside the pool (NIP-65 inbox: where a reply to
 * them is sent); none without routes.
 */
async function queryInbox(
  hub: RelayHub,
  routes: ReadRoutes | undefined,
  pubkey: string | null | undefined,
  filters: Filter[],
) {
  const inbox = routes && pubkey ? await inboxRelays(routes, pubkey) : null
  if (!inbox) return []
  const answer = await queryEach(hub, [{ ...inbox, filters }])
  return answer.found.map(({ event }) => event)
}

const threadFilters = (rootId: string): Filter[] => [
  { kinds: [1], ids: [rootId] },
  { kinds: [1], '#e': [rootId], limit: THREAD_LIMIT },
]

/** The thread's notes; `rootId` null (the focused note not loaded yet) waits. */
export function threadQueryOptions(hub: RelayHub, rootId: string | null, hinted?: Hinted) {
  return queryOptions({
    queryKey: threadKey(rootId ?? ''),
    queryFn: rootId
      ? async (): Promise<ThreadNotes> => {
          const filters = threadFilters(rootId)
          const [answer, replies] = await Promise.all([
            queryHinted(hub, filters, rootId, hinted),
            queryInbox(hub, hinted?.routes, hinted?.hints.author, filters.slice(1)),
          ])
          // No relay of the pool answered: the replies failed to load, which is not none.
          const events = answeredEvents(answer, FAILED_TO_LOAD_REPLIES)
          return notesOf([...events, ...replies])
        }
      : skipToken,
  })
}

export interface ThreadDeps {
  hub: RelayHub
  queryClient: QueryClient
  /** Where the pool is, for relay hints; absent: the pool only. */
  routes?: ReadRoutes
}

/**
 * The hints of a thread's root as the focused note gives them: its nevent's relays (where the
 * conversation was seen), the relay its `e` tag names for the root, and the root's author (the
 * focused note itself, or the `e` tag's author, NIP-10), whose read relays hold the replies.
 */
export const rootHints = (focused: Note, rootId: string, hints: EventHints): EventHints => ({
  relays: hintRelays([hints.relays, taggedHints(focused.tags, rootId)]),
  author: focused.id === rootId ? focused.pubkey : taggedAuthor(focused.tags, rootId),
})

/** Direct replies of the focused note and its missing parents; waits for the focused note. */
export function aroundQueryOptions(
  deps: ThreadDeps,
  rootId: string,
  focused: Note | null,
  hints?: EventHints,
) {
  return queryOptions({
    queryKey: aroundKey(rootId, focused?.id ?? ''),
    queryFn: focused ? () => fetchAround(deps, rootId, focused, hints) : skipToken,
  })
}

/** Parents by id on the relays the notes at hand name for them, outside the pool (NIP-10). */
function parentRequests(
  routes: ReadRoutes | undefined,
  ids: readonly string[],
  known: readonly Note[],
): RoutedRequest[] {
  if (!routes) return []
  const pool = routes.pool()
  return ids.flatMap((id) => {
    const named = known.flatMap((note) => taggedHints(note.tags, id))
    const relays = hintRelays([outsidePool(named, pool)])
    if (relays.length === 0) return []
    return [{ relays, filters: [{ kinds: [1], ids: [id] }], reason: { kind: 'hint', id } }]
  })
}

async function fetchAround(
  deps: ThreadDeps,
  rootId: string,
  focused: Note,
  hints: EventHints | undefined,
): Promise<ThreadNotes> {
  const { hub, queryClient, routes } = deps
  const hinted = routes && { routes, hints: rootHints(focused, rootId, hints ?? { relays: [] }) }
  const replyFilters = [{ kinds: [1], '#e': [focused.id], limit: THREAD_LIMIT }]
  const replies = Promise.all([
    queryHinted(
      hub,
      replyFilters,
      focused.id,
      routes && hints && { routes, hints: { relays: hints.relays } },
    ).then((answer) => answer.found.map(({ event }) => event)),
    queryInbox(hub, routes, focused.pubkey, replyFilters),
  ]).then((answers) => answers.flat())
  const pool = await queryClient.ensureQueryData(threadQueryOptions(hub, rootId, hinted))
  let found: ThreadNotes = []
  const asked = new Set<string>()
  for (let round = 0; round < MAX_PARENT_ROUNDS; round++) {
    const known = [focused, ...pool, ...found]
    const ids = missingAncestorIds(focused, known).filter((id) => !asked.has(id))
    if (ids.length === 0) break
    for (const id of ids) asked.add(id)
    const [fromPool, hintedAnswer] = await Promise.all([
      hub.query([{ kinds: [1], ids }]),
      queryEach(hub, parentRequests(routes, ids, known)),
    ])
    const events = [...fromPool, ...hintedAnswer.found.map(({ event }) => event)]
    found = mergeNotes(found, notesOf(events))
  }
  return mergeNotes(found, notesOf(await replies))
}

/**
 * Keeps the thread's pool growing with replies published while the page is open: notes tagging
 * the root or the focused note, from shortly before the pool was loaded. Returns the unsubscribe.
 */
export function followThread(
  { hub, queryClient, routes }: ThreadDeps,
  rootId: string,
  focusedId: string,
  loadedAt: number,
  hints: EventHints = { relays: [] },
  focusedAuthor?: string,
): () => void {
  const since = Math.floor(loadedAt / 1000) - LIVE_OVERLAP_S
  const filters = [{ kinds: [1], '#e': [...new Set([rootId, focusedId])], since }]
  const handlers = {
    onEvent: (event: Parameters<typeof toNote>[0]) => {
      queryClient.setQueryData<ThreadNotes>(threadKey(rootId), (pool) =>
        pool ? mergeNotes(pool, [toNote(event, Date.now())]) : pool,
      )
    },
  }
  const subscriptions: Subscription[] = [hub.subscribe(filters, handlers)]
  let closed = false
  const follow = (extra: ExtraRelays | null) => {
    if (extra && extra.relays.length > 0 && !closed) {
      subscriptions.push(hub.subscribe(filters, handlers, extra))
    }
  }
  // The hinted relays outside the pool, where the conversation was seen, are followed too, and
  // the focused note's author's read relays, where replies to them go (NIP-65).
  if (routes) {
    const hinted = hintRelays([outsidePool(hints.relays, routes.pool())])
    follow({ relays: hinted, reason: { kind: 'hint', id: rootId } })
    if (focusedAuthor) void inboxRelays(routes, focusedAuthor).then(follow, () => {})
  }
  return () => {
    closed = true
    for (const subscription of subscriptions) subscription.close()
  }
}

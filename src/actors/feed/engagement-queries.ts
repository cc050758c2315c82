/**
 * Who liked and reposted each shown note (core/feed/engagement.ts) through TanStack Query, key
 * ['engagement', note id]. The notes a view shows ask together (ui/components/feed/use-engagement-asks.ts)
 * and the asks of one moment go out as one REQ (gather.ts): the notes' reactions, their reposts,
 * and the viewer's own of both, asked apart so that a note with more reactions than the limit
 * still shows whether the viewer liked it. Loaded once the first screen is drawn.
 */
import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { Filter } from 'nostr-tools/filter'
import {
  ENGAGEMENT_KINDS,
  type Engagement,
  GENERIC_REPOST_KIND,
  tallyEngagement,
} from '../../core/feed/engagement.ts'
import { REPOST_KIND } from '../../core/feed/nip18.ts'
import { REACTION_KIND } from '../../core/feed/reaction.ts'
import { createGatherer } from '../platform/gather.ts'
import type { RelayHub } from '../relays/relay-hub.ts'

/** Notes per REQ, and events of each side asked for per note in it. */
const MAX_NOTES = 50
const EVENTS_PER_NOTE = 100
/**
 * The pages of a first screen come a few hundred milliseconds apart as the feed fills it (a
 * filtered page may show two rows): counts can wait that long to be asked for together.
 */
const ENGAGEMENT_QUIET_MS = 600
const ENGAGEMENT_MAX_MS = 2000
/** Counts refresh when the note is asked for again after a minute. */
const ENGAGEMENT_STALE_MS = 60 * 1000

export const engagementKey = (noteId: string) => ['engagement', noteId] as const

export type EngagementLoader = (noteId: string) => Promise<Engagement>

/** The filters of one REQ for these notes; the viewer's own events when someone is logged in. */
export function engagementFilters(ids: readonly string[], viewer: string | null): Filter[] {
  const limit = ids.length * EVENTS_PER_NOTE
  const filters: Filter[] = [
    { kinds: [REACTION_KIND], '#e': [...ids], limit },
    { kinds: [REPOST_KIND, GENERIC_REPOST_KIND], '#e': [...ids], limit },
  ]
  if (viewer) filters.push({ kinds: [...ENGAGEMENT_KINDS], authors: [viewer], '#e': [...ids] })
  return filters
}

export function createEngagementLoader(
  hub: Pick<RelayHub, 'query'>,
  viewer: () => string | null,
): EngagementLoader {
  return createGatherer({
    maxBatch: MAX_NOTES,
    quietMs: ENGAGEMENT_QUIET_MS,
    maxMs: ENGAGEMENT_MAX_MS,
    load: async (ids) => tallyEngagement(await hub.query(engagementFilters(ids, viewer())), ids),
  })
}

export const engagementQueryOptions = (load: EngagementLoader, noteId: string) =>
  queryOptions({
    queryKey: engagementKey(noteId),
    queryFn: () => load(noteId),
    staleTime: ENGAGEMENT_STALE_MS,
  })

/** Asks for these notes' engagement now; those known and fresh are not asked again. */
export function askEngagement(
  queryClient: QueryClient,
  load: EngagementLoader,
  noteIds: Iterable<string>,
): void {
  for (const id of noteIds) void queryClient.prefetchQuery(engagementQueryOptions(load, id))
}

/** What the notes' views ask of engagement. */
export interface EngagementQueries {
  /** Asks for these notes' engagement now; those known and fresh are not asked again. */
  ask(noteIds: Iterable<string>): void
  /**
   * Whether the relays (or the cache, asked already) know a like of the note by whoever is logged
   * in. Unknown, when no relay answers, is false: the like goes out, as it did before anyone asked.
   */
  likedByViewer(noteId: string): Promise<boolean>
}

export interface EngagementDeps {
  hub: Pick<RelayHub, 'query'>
  queryClient: QueryClient
  /** Whoever is logged in now, or null. */
  viewer(): string | null
}

/** The app's engagement queries over one loader (made on first use). */
export function createEngagementQueries({
  hub,
  queryClient,
  viewer,
}: EngagementDeps): EngagementQueries {
  let loader: EngagementLoader | undefined
  const load = () => (loader ??= createEngagementLoader(hub, viewer))
  return {
    ask: (noteIds) => askEngagement(queryClient, load(), noteIds),
    async likedByViewer(noteId) {
      const user = viewer()
      if (user === null) return false
      const options = engagementQueryOptions(load(), noteId)
      const known = await queryClient.ensureQueryData(options).catch(() => null)
      return known?.likers.includes(user) ?? false
    },
  }
}

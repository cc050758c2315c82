/**
 * Who liked and reposted each shown note (core/feed/engagement.ts) through TanStack Query, key
 * ['engagement', note id]. The notes a view shows ask together (ui/components/feed/use-engagement-asks.ts)
 * once the first screen is drawn, and the asks of one moment go out as one REQ
 * (engagement-loader.ts): the notes' reactions, their reposts, and the viewer's own of both; their
 * authors' deletion requests (NIP-09), so a note deleted on relays that still serve it leaves the
 * views (deleted-notes.ts); and the reports (NIP-56) of the notes by the people the viewer
 * follows, for the warning over a reported note. The asking code loads with the first ask, off
 * the first note's path (0.6 KiB gzip); what the views read of the cache is here.
 */
import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { NoteRef } from '../../core/feed/note.ts'
import { capQueries } from '../app/query-cap.ts'
import { loadOnce } from '../platform/load-once.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import type { EngagementLoader } from './engagement-loader.ts'

/** Counts refresh when the note is asked for again after a minute. */
const ENGAGEMENT_STALE_MS = 60 * 1000

/**
 * Notes no view shows whose engagement is kept: a few screens to scroll back through. Each is
 * some 450 bytes of JS heap and a timer; without a cap the feed kept every note scrolled past
 * (bench "scroll heap").
 */
export const UNUSED_ENGAGEMENT = 200

export const engagementKey = (noteId: string) => ['engagement', noteId] as const

export function engagementQueryOptions(load: EngagementLoader, { id, pubkey }: NoteRef) {
  // The id and author only: the query keeps its function, and the whole notes it kept were
  // 0.8 MiB of the heap after scrolling 2,000 notes (bench "scroll heap", heap snapshot).
  return queryOptions({
    queryKey: engagementKey(id),
    queryFn: () => load({ id, pubkey }),
    staleTime: ENGAGEMENT_STALE_MS,
  })
}

/** Asks for these notes' engagement now; those known and fresh are not asked again. */
export function askEngagement(
  queryClient: QueryClient,
  load: EngagementLoader,
  notes: Iterable<NoteRef>,
): void {
  for (const note of notes) void queryClient.prefetchQuery(engagementQueryOptions(load, note))
}

/** What the notes' views ask of engagement. */
export interface EngagementQueries {
  /**
   * Asks for these notes' engagement now; those known and fresh are not asked again, unless they
   * were asked for someone else (before a login, say).
   */
  ask(notes: Iterable<NoteRef>): void
  /**
   * Keeps these notes' engagement in the cache while a view shows them (until the returned
   * function is called): views read it without observing it, and the cache keeps at most
   * UNUSED_ENGAGEMENT of the others.
   */
  hold(notes: readonly NoteRef[]): () => void
  /**
   * Whether the relays (or the cache, asked already) know a like of the note by whoever is logged
   * in. Unknown, when no relay answers, is false: the like goes out, as it did before anyone asked.
   */
  likedByViewer(note: NoteRef): Promise<boolean>
}

export interface EngagementDeps {
  hub: Pick<RelayHub, 'query'>
  queryClient: QueryClient
  /** Whoever is logged in now, or null. */
  viewer(): string | null
  /** Hears the notes found deleted by their authors (NIP-09). */
  deleted?(ids: readonly string[]): void
  /** The people this viewer follows (their kind 3), whose reports of notes are shown. */
  follows?(viewer: string): Promise<readonly string[]>
}

/**
 * The app's engagement queries over one loader, made on first use with its code (the first ask,
 * once the first screen is drawn; a load that fails is tried again with the next).
 */
export function createEngagementQueries({
  hub,
  queryClient,
  viewer,
  deleted,
  follows,
}: EngagementDeps): EngagementQueries {
  const load = loadOnce(() =>
    import('./engagement-loader.ts').then(({ createEngagementLoader }) =>
      createEngagementLoader(hub, viewer, deleted, follows),
    ),
  )
  // A chunk that did not load is the page's to handle (ui/pwa/start.ts reloads or waits for the
  // network); the counts are asked for again with the next ask.
  const notLoaded = () => {}
  /** Whom the counts known were asked for: their own likes and their follows' reports differ. */
  let askedFor: string | null | undefined
  const cap = capQueries(queryClient.getQueryCache(), 'engagement', UNUSED_ENGAGEMENT)
  return {
    hold: (notes) => cap.hold(notes.map((note) => engagementKey(note.id))),
    ask(notes) {
      const user = viewer()
      // Once loaded, in the order asked: a viewer's change is seen between the asks around it.
      load().then((loaded) => {
        if (askedFor !== undefined && user !== askedFor) {
          // Asked again, not dropped: the counts stay on screen until the new ones come.
          void queryClient.invalidateQueries({ queryKey: ['engagement'], refetchType: 'none' })
        }
        askedFor = user
        askEngagement(queryClient, loaded, notes)
      }, notLoaded)
    },
    async likedByViewer(note) {
      const user = viewer()
      if (user === null) return false
      const loaded = await load().catch(() => null)
      if (loaded === null) return false
      const known = await queryClient
        .ensureQueryData(engagementQueryOptions(loaded, note))
        .catch(() => null)
      return known?.likers.includes(user) ?? false
    },
  }
}

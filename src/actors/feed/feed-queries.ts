/**
 * The home feed through TanStack Query: pages of stored notes and reposts (kinds 1 and 6), then
 * live ones on top. Each feed source (everyone, Follow Only, a hashtag) is its own query, keyed
 * ['feed', ...] (core/feed/feed-source.ts), and keeps its relay filters in the query's meta so live
 * events reach every feed they belong to. Follow Only reads the followed authors' write relays
 * (NIP-65 outbox, follows-feed.ts and follows-live.ts); the other feeds read the pool.
 */
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  type QueryMeta,
} from '@tanstack/react-query'
import { type Filter, matchFilters } from 'nostr-tools/filter'
import type { NostrEvent } from 'nostr-tools/pure'
import { type FeedEntry, mergeEntries, noteEntry } from '../../core/feed/feed-entry.ts'
import {
  FEED_KINDS,
  type FeedSource,
  feedFilters,
  feedPageFilters,
  feedSourceKey,
  GLOBAL_SOURCE,
  NOTES_PAGE_SIZE,
  nextPageStart,
  type PageStart,
  pageNotes,
  withOwed,
} from '../../core/feed/feed-source.ts'
import {
  FEED_WINDOW_PAGES,
  type FeedCursor,
  FIRST_CURSOR,
  nextCursor,
} from '../../core/feed/feed-window.ts'
import { toNote } from '../../core/feed/note.ts'
import { completeDownTo, owedAfter, relayOutcome, splitLate } from '../../core/feed/relays-owed.ts'
import { newestFirst } from '../../core/platform/event-order.ts'
import { hubSpelling, poolReadUrls } from '../../core/relays/pool-urls.ts'
import { FAILED_TO_LOAD_NOTES } from '../../core/relays/relay-messages.ts'
import { atTaskEnd } from '../platform/at-task-end.ts'
import { loadOutboxRelays } from '../relays/lazy-outbox-relays.ts'
import type { ReadRoutes } from '../relays/read-routes.ts'
import type { RelayHub } from '../relays/relay-hub.ts'
import { mergeAnswers } from '../relays/routed-query.ts'
import { answeredEvents, queryStored, sentBy } from '../relays/stored-events.ts'
import type { Verifier } from '../relays/verifier.ts'
import type { PageAnswer } from './follows-feed.ts'
import { addLiveRows, liveRowsQuery } from './live-rows.ts'
import { resolveEntries } from './repost-resolver.ts'

/**
 * Follow Only's reading by outbox (follows-feed.ts, and the outbox routing it plans with): loaded
 * as soon as a feed is Follow Only (useFeedSource), beside its contact list's request, and off the
 * first note's path of every other feed (2 KiB gzip with the routing).
 */
export const loadFollowOnly = () =>
  Promise.all([import('./follows-feed.ts'), loadOutboxRelays()]).then(([follows]) => follows)

/** How far back the live subscription starts. */
export const LIVE_OVERLAP_SECONDS = 60

export const feedKey = feedSourceKey(GLOBAL_SOURCE)

export interface FeedPage {
  entries: readonly FeedEntry[]
  /** How this page was asked for. */
  cursor: FeedCursor
  /** How the next page is asked for; undefined when the relays had nothing older. */
  next: FeedCursor | undefined
}

interface FeedMeta extends QueryMeta {
  /** The feed's relay filters without paging: which live events belong to it. */
  feedFilters: Filter[]
}

const isFeedMeta = (meta: QueryMeta | undefined): meta is FeedMeta =>
  Array.isArray(meta?.feedFilters)

/** Newest first, ties by id, each event once: the order rows are shown in. */
const newestOnce = (events: NostrEvent[]): NostrEvent[] => {
  const seen = new Set<string>()
  return events.filter((event) => !seen.has(event.id) && seen.add(event.id)).sort(newestFirst)
}

/**
 * A page of the feed: Follow Only by outbox when routes are given (follows-feed.ts), else the
 * pool, each of whose relays that still owes notes asked from where it owes them as well. The page
 * shows what came complete from all of them (pageNotes), as a Following page does.
 */
async function queryPage(
  hub: RelayHub,
  source: FeedSource,
  routes: ReadRoutes | undefined,
  limit: number,
  start: PageStart,
): Promise<PageAnswer> {
  const { follows } = source
  if (routes && follows) {
    const { queryFollowsPage } = await loadFollowOnly()
    return queryFollowsPage(hub, routes, { ...source, follows }, limit, start)
  }
  const poolNow = routes?.pool() ?? []
  const pool = poolReadUrls(poolNow).map((url) => hubSpelling(url, poolNow))
  // A relay let go of since is not asked again (it would be reached outside the pool).
  const owed = Object.entries(start.owed ?? {}).filter(([url]) => pool.includes(url))
  const pageFilters = feedPageFilters(source, limit, start.until || undefined)
  const [page, ...catchUps] = await Promise.all([
    queryStored(hub, pageFilters, { copies: true }),
    ...owed.map(([url, until]) =>
      queryStored(hub, feedPageFilters(source, limit, until || undefined), {
        relays: [url],
        // One that is down keeps owing: it is not reconnected, nor waited for, for each page.
        connectedOnly: true,
      }),
    ),
  ])
  const outcomes = [
    // Those that owe nothing were asked for the page.
    ...pool
      .filter((url) => !owed.some(([owing]) => owing === url))
      .map((url) =>
        relayOutcome(url, start.until, page!.eosedBy.has(url), pageFilters, sentBy(page!, url)),
      ),
    // Those that owe were asked from further back: that answer says whether they still owe.
    ...owed.map(([url, until], i) => {
      const answer = catchUps[i]!
      const filters = feedPageFilters(source, limit, until || undefined)
      const sent = answer.found.map(({ event }) => event)
      return relayOutcome(url, until, answer.answered, filters, sent)
    }),
  ]
  // What each relay sent is known for the pool's alone: with none, or one the hub asked besides
  // (the pool changed meanwhile), a page shows the newest of them (pageNotes).
  const senders = [...page!.found, ...page!.copies].map(({ relay }) => relay)
  const known = pool.length > 0 && senders.every((url) => pool.includes(url))
  return {
    ...mergeAnswers([page!, ...catchUps]),
    outcomes,
    complete: known ? completeDownTo(outcomes) : undefined,
  }
}

export function feedQueryOptions(
  hub: RelayHub,
  source: FeedSource = GLOBAL_SOURCE,
  verifier?: Verifier,
  routes?: ReadRoutes,
) {
  const meta: FeedMeta = { feedFilters: feedFilters(source) }
  return infiniteQueryOptions({
    queryKey: feedSourceKey(source),
    meta,
    initialPageParam: FIRST_CURSOR,
    // A window of pages: memory stays flat however far the reader scrolls (core/feed/feed-window.ts).
    maxPages: FEED_WINDOW_PAGES,
    // Structural sharing would copy every cursor's chain each time the window moves (its pages
    // shift position): memory growing with the square of the pages scrolled. Pages only change
    // when one is fetched, so there is nothing to share.
    structuralSharing: false,
    queryFn: async ({ pageParam: cursor, client, direction }): Promise<FeedPage> => {
      const { start } = cursor
      const shown = new Set(start.shown)
      // The events already shown come back too: ask for that many more.
      const limit = NOTES_PAGE_SIZE + shown.size
      if (feedPageFilters(source, limit).length === 0) {
        return { entries: [], cursor, next: undefined }
      }
      const answer = await queryPage(hub, source, routes, limit, start)
      // The newest page with no relay answering fails, so a refetch (a warm start's, spec §4)
      // keeps the rows shown; an older page comes back empty and is asked again (below).
      const found = start.until
        ? answer.found.map(({ event }) => event)
        : answeredEvents(answer, FAILED_TO_LOAD_NOTES)
      // Notes newer than the page, from relays that owed them, show among the rows already there.
      const { onPage, late } = splitLate(found, start.until)
      // With several author filters each may bring a page: the newest page of them all is kept,
      // or all that came complete (pageNotes).
      const events = pageNotes(
        newestOnce(onPage).filter((event) => !shown.has(event.id)),
        answer.complete,
      )
      // A page asked for again (scrolling back up) had notes: none now means the relays failed
      // to answer in time, and the query's retries ask again.
      if (direction === 'backward' && events.length === 0) throw new Error(FAILED_TO_LOAD_NOTES)
      const entries = await resolveEntries(
        { hub, verifier, queryClient: client, routes },
        newestOnce([...events, ...late]),
      )
      const after = nextPageStart(start, events)
      // The last empty page asked again (feed-source.ts) with no relay answering: the older notes
      // failed to load, the feed has not ended; a retry asks again.
      if (!after && !answer.outcomes.some((outcome) => outcome.answered)) {
        throw new Error(FAILED_TO_LOAD_NOTES)
      }
      const next = nextCursor(
        cursor,
        after && withOwed(after, owedAfter(answer.outcomes, after.until)),
      )
      return { entries: mergeEntries([], entries), cursor, next }
    },
    getNextPageParam: (lastPage: FeedPage): FeedCursor | undefined => lastPage.next,
    getPreviousPageParam: (firstPage: FeedPage): FeedCursor | undefined => firstPage.cursor.before,
  })
}

/**
 * A feed's live rows, kept apart from its pages: an infinite query writes the pages it had when a
 * fetch began back over any row set in the meantime, so a note arriving while the next page
 * loads would be lost. Nothing fetches them; the live subscription fills them.
 */
const liveKey = (feedKey: readonly unknown[]) => [...feedKey, 'live'] as const

export const liveRowsOptions = (source: FeedSource = GLOBAL_SOURCE) =>
  liveRowsQuery(liveKey(feedSourceKey(source)))

/** Rows of every loaded page and the live rows, newest first, each once. */
export const feedEntries = (
  data: InfiniteData<FeedPage> | undefined,
  live: readonly FeedEntry[] = [],
): readonly FeedEntry[] =>
  mergeEntries(
    data
      ? data.pages.reduce<readonly FeedEntry[]>((all, page) => mergeEntries(all, page.entries), [])
      : [],
    live,
  )

/**
 * Adds a live row to every feed whose filters it matches (also what the user just published),
 * keeping each feed's newest LIVE_ROWS_MAX (core/feed/feed-entry.ts).
 */
export function addLive(queryClient: QueryClient, rows: readonly LiveRow[]): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['feed'] })) {
    const { meta } = query
    if (!isFeedMeta(meta)) continue
    const entries = rows.filter(({ event }) => matchFilters(meta.feedFilters, event))
    if (entries.length === 0) continue
    addLiveRows(
      queryClient,
      liveKey(query.queryKey),
      entries.map(({ entry }) => entry),
    )
  }
}

/** A live event and the row it makes. */
export interface LiveRow {
  event: NostrEvent
  entry: FeedEntry
}

/** Adds live rows to this feed only (a Follow Only feed's own live subscriptions, follows-live.ts). */
export function addLiveTo(
  queryClient: QueryClient,
  key: readonly string[],
  entries: readonly FeedEntry[],
): void {
  addLiveRows(queryClient, liveKey(key), entries)
}

/**
 * Keeps the first page of every feed growing with notes and reposts published from now on.
 * Returns the unsubscribe. Without a verifier, reposted notes are fetched from the relays rather
 * than taken from the repost's content.
 */
export function followLiveFeed(
  hub: RelayHub,
  queryClient: QueryClient,
  verifier?: Verifier,
): () => void {
  // A minute back: an author's clock a little behind ours must not lose their note between the
  // first page and the live REQ. Rows already shown are merged once (by id).
  const since = Math.floor(Date.now() / 1000) - LIVE_OVERLAP_SECONDS
  // A task's events in one write per feed: written one by one, a relay's flood (the
  // hostile-relay spec's 1,000 valid events) merged and sorted each feed's rows once per event,
  // a long task per checked batch (traced, 45-50 ms of CPU).
  const add = atTaskEnd((rows: LiveRow[]) => addLive(queryClient, rows))
  const subscription = hub.subscribe([{ kinds: [...FEED_KINDS], since }], {
    onEvent: (event) => {
      if (event.kind === FEED_KINDS[0]) {
        add({ event, entry: noteEntry(toNote(event, Date.now())) })
        return
      }
      void resolveEntries({ hub, verifier, queryClient }, [event]).then(([entry]) => {
        if (entry) add({ event, entry })
      })
    },
  })
  return () => subscription.close()
}

import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useNavigate, useRouter, useSearch } from '@tanstack/react-router'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { asciiCache } from '../../../actors/feed/ascii-cache.ts'
import { rememberFeedRow } from '../../../actors/feed/feed-history.ts'
import {
  feedEntries,
  feedQueryOptions,
  liveRowsOptions,
} from '../../../actors/feed/feed-queries.ts'
import { followOutboxLive } from '../../../actors/feed/follows-live.ts'
import { noteParam } from '../../../core/app/route-ids.ts'
import type { FeedEntry } from '../../../core/feed/feed-entry.ts'
import {
  feedFilter,
  filterEntries,
  hiddenEntries,
  SHOW_EVERY_NOTE,
} from '../../../core/feed/feed-filter.ts'
import { nextPageHeld, renderedEnds, wantsNextPage } from '../../../core/feed/feed-paging.ts'
import { GLOBAL_SOURCE } from '../../../core/feed/feed-source.ts'
import {
  FEED_WINDOW_PAGES,
  rowsAbove,
  rowsInAllPages,
  rowsPerPage,
  windowPages,
} from '../../../core/feed/feed-window.ts'
import { isHiddenEntry, withoutHidden } from '../../../core/feed/hidden-notes.ts'
import { NO_RELAYS_FOR_NOTES } from '../../../core/relays/relay-messages.ts'
import { useNow } from '../../hooks/use-now.ts'
import { useSystem } from '../../system-context.tsx'
import { usePreferences } from '../app/use-preferences.ts'
import { useRelaySockets } from '../relays/use-relays.ts'
import { dropEarlyFeed } from './early-feed.ts'
import { FeedRow, useRowActions } from './FeedRow.tsx'
import { FeedStatus } from './FeedStatus.tsx'
import { HashtagTabs } from './HashtagTabs.tsx'
import { measureRow } from './measure-row.ts'
import { prepareAscii } from './NoteMedia.tsx'
import { useEngagementAsks } from './use-engagement-asks.ts'
import { useFeedKeys, useRowFocus } from './use-feed-keys.ts'
import { useFeedSource } from './use-feed-source.ts'
import { useGrowingOverscan } from './use-growing-overscan.ts'
import { useHeldRows } from './use-held-rows.ts'
import { useHiding } from './use-hiding.ts'
import { useListOffset } from './use-list-offset.ts'
import { usePageAsks } from './use-page-asks.ts'
import { KEEP_FETCH, usePageFetches } from './use-page-fetches.ts'
import { useRestoreRow } from './use-restore-row.ts'
import './feed.css'

/** Below the sticky header: where a row scrolled to is placed. */
const SCROLL_PADDING_TOP = 64
/** First guesses of a row's height; every row is measured once rendered. */
const ESTIMATED_ROW_PX = 210
const ESTIMATED_IMAGE_ROW_PX = 600

/**
 * The home feed, in the WAI-ARIA feed pattern (a `feed` of `article`s with their position), as a
 * virtual list over the window: only the rows near the screen are in the page, however far the
 * reader scrolls. Pages of 10 load as the end comes near; only a window of them is held
 * (core/feed/feed-window.ts), the rows above it kept as empty space of their height until the reader
 * scrolls back up and they load again. Live notes wait above while the reader is scrolled down
 * (use-held-rows.ts). j/k/Enter read it from the keyboard (use-feed-keys.ts).
 */
export function Feed() {
  const system = useSystem()
  const sockets = useRelaySockets()
  const now = useNow()
  const preferences = usePreferences()
  const tag = useSearch({ from: '/', select: (search) => search.tag ?? null })
  const sourceState = useFeedSource(tag)
  const source = sourceState.status === 'ready' ? sourceState.source : GLOBAL_SOURCE
  const options = useMemo(
    () => feedQueryOptions(system.hub, source, system.verifier, system.routes),
    [system, source],
  )
  // Follow Only: new notes from the followed authors' relays outside the pool (NIP-65 outbox).
  const ready = sourceState.status === 'ready'
  useEffect(() => {
    if (!ready || !source.follows) return
    const { hub, routes, queryClient, verifier } = system
    return followOutboxLive({ hub, routes, queryClient, verifier }, source)
  }, [system, source, ready])
  // The window's size in pages follows the rows they show (core/feed/feed-window.ts), set below.
  const [maxPages, setMaxPages] = useState(FEED_WINDOW_PAGES)
  const query = useInfiniteQuery({ ...options, maxPages, enabled: sourceState.status === 'ready' })
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query

  useEffect(() => {
    if (preferences.useAscii) prepareAscii()
  }, [preferences.useAscii])

  const follows = sourceState.status === 'ready' ? sourceState.follows : null
  // Where the reader was when they left for a note (their history entry keeps it).
  const router = useRouter()
  const [arrival] = useState(() => router.state.location.state)
  // Per feed: "Show them" shows the notes the user's filters hide, in this view only (the saved
  // preferences stay as they are).
  const feedKey = options.queryKey.join('/')
  const [everyNoteOf, setEveryNoteOf] = useState(arrival.everyNoteOf ?? null)
  const everyNote = everyNoteOf === feedKey
  const filter = useMemo(
    () => (everyNote ? SHOW_EVERY_NOTE : feedFilter(preferences, follows)),
    [everyNote, preferences, follows],
  )
  const live = useQuery({ ...liveRowsOptions(source), enabled: sourceState.status === 'ready' })
  usePageAsks(query.data?.pages, live.data, filter)
  // The rows follow the data in a deferred render, which React draws in slices the browser can
  // paint and take input between, not in the one long task of the update that brought a page.
  // Until they have caught up (`settled`), no page is asked for on the strength of old rows.
  const data = useDeferredValue(query.data)
  const liveData = useDeferredValue(live.data)
  const settled = data === query.data && liveData === live.data
  const pages = data?.pages
  // Live rows go on top of the newest page, not on top of a window that has moved down.
  const atNewest = (pages?.[0]?.cursor.page ?? 0) === 0
  const entries = useMemo(
    () => feedEntries(data, atNewest ? liveData : undefined),
    [data, liveData, atNewest],
  )
  // Deleted notes (NIP-09) and mutes (NIP-51) first: what their authors deleted and what the
  // user muted is gone, not among the rows the preferences hide.
  const hiding = useHiding()
  const unmuted = useMemo(() => withoutHidden(entries, hiding, isHiddenEntry), [entries, hiding])
  const visible = useMemo(() => filterEntries(unmuted, filter), [unmuted, filter])
  // Pages' rows only: live rows come one at a time, each would cost a REQ; the first screen's
  // come again with the first page, and a note newer than it has had no time to be liked.
  useEngagementAsks(
    useMemo(
      () =>
        filterEntries(
          (pages ?? []).flatMap((page) => page.entries),
          filter,
        ).flatMap((e) => (e.note ? [e.note] : [])),
      [pages, filter],
    ),
  )
  const { rows, held, topId, waitingIds, release } = useHeldRows(visible, {
    topId: arrival.feedTopId ?? null,
    waiting: arrival.feedWaiting ?? [],
  })
  // The first screen: the first rows, with their pictures (asked for by the rows' own effects,
  // which run before this one), or a feed with nothing to show.
  const firstScreen = rows.length > 0 ? 'rows' : query.isSuccess && !hasNextPage ? 'empty' : null
  useEffect(() => {
    if (firstScreen === null) return
    const pictures = firstScreen === 'rows' && preferences.useAscii
    system.firstScreen.drawn(pictures ? asciiCache().settled() : undefined)
  }, [system, firstScreen, preferences.useAscii])
  // The start-up script's rows go as these are committed, before either is painted; or as the
  // feed ends or fails, whose message they would hide; or as the feed goes. (Not for want of
  // sockets: there are none until the pool has started, which the early feed does not wait for.)
  const earlyFeedDone = firstScreen !== null || query.isError
  useLayoutEffect(() => {
    if (earlyFeedDone) dropEarlyFeed()
  }, [earlyFeedDone])
  useLayoutEffect(() => dropEarlyFeed, [])
  // Per feed: its pages' row counts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one count per feed, whatever renders it
  const pageRows = useMemo(() => new Map<number, number>(), [feedKey])
  const perPage = useMemo(() => rowsPerPage(pages ?? [], rows), [pages, rows])
  const above = useMemo(() => rowsAbove(pageRows, perPage), [pageRows, perPage])
  // Per feed and filter: the notes the filters hide, in the pages the window let go too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one count per feed and filter
  const pageHidden = useMemo(() => new Map<number, number>(), [feedKey, filter])
  const hidden = useMemo(
    () => rowsInAllPages(pageHidden, rowsPerPage(pages ?? [], hiddenEntries(unmuted, filter))),
    [pageHidden, pages, unmuted, filter],
  )
  /** Every note of this feed, from the newest: the ones let in are all over it. */
  const showEveryNote = () => {
    setEveryNoteOf(feedKey)
    release()
  }
  // Set while rendering, so the fetches this render's effects start already use it.
  const notesHeld = pages?.reduce((sum, page) => sum + page.entries.length, 0) ?? 0
  const windowSize = windowPages(pages?.length ?? 0, rows.length, notesHeld)
  if (windowSize !== maxPages) setMaxPages(windowSize)

  const overscan = useGrowingOverscan(rows.length > 0)
  const list = useRef<HTMLDivElement>(null)
  const scrollMargin = useListOffset(list)
  const count = above + rows.length
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => (preferences.imageMode ? ESTIMATED_IMAGE_ROW_PX : ESTIMATED_ROW_PX),
    overscan,
    scrollMargin,
    scrollPaddingStart: SCROLL_PADDING_TOP,
    // By position: a row out of the window keeps the height it was measured at.
    getItemKey: (index) => index,
    measureElement: measureRow,
    // Measured rows are placed, and the list sized, by the virtualizer as heights come in; the
    // feed re-renders only when the rows in range change.
    directDomUpdates: true,
  })
  const items = virtualizer.getVirtualItems()
  const { containerRef } = virtualizer
  const listRef = useCallback(
    (element: HTMLDivElement | null) => {
      list.current = element
      containerRef(element)
    },
    [containerRef],
  )
  // Set by getVirtualItems: the rows on the screen, without the overscan.
  const lastOnScreen = virtualizer.range?.endIndex ?? -1
  const rowFocus = useRowFocus(list, virtualizer)
  const { focusRow } = rowFocus
  useFeedKeys(list, count, rowFocus, Boolean(hasNextPage) && !isFetchNextPageError)

  const lastRendered = items.at(-1)?.index ?? -1
  const firstRendered = items[0]?.index ?? 0
  const { firstPageRendered, lastPageRendered } = renderedEnds({
    held: pages?.length ?? 0,
    maxPages,
    above,
    count,
    firstPageRows: perPage[0]?.rows ?? 0,
    lastPageRows: perPage.at(-1)?.rows ?? 0,
    firstRendered,
    lastRendered,
  })
  // The next page, as the end of the loaded rows comes near (or while filters leave few rows).
  const wantsNext = wantsNextPage(lastOnScreen, count)
  const nextHeld = nextPageHeld({ hasNextPage, wantsNext, firstPageRendered })
  usePageFetches(settled, query, {
    wantsNext,
    firstPageRendered,
    lastPageRendered,
    firstRendered,
    above,
  })

  useRestoreRow(arrival.restoreIndex, count, focusRow, {
    loading: query.isPending,
    canLoadMore: Boolean(hasNextPage) && !isFetchNextPageError,
    loadMore: () => {
      // Not while a fetch runs: it would be cancelled (core/feed/feed-paging.ts, `fetching`).
      if (!query.isFetching) void fetchNextPage(KEEP_FETCH)
    },
  })

  const navigate = useNavigate()
  /** The feed's history entry remembers the row (actors/feed/feed-history.ts), then it opens. */
  const remember = useCallback(
    (index: number) => rememberFeedRow({ index, topId, waiting: waitingIds(), everyNoteOf }),
    [topId, waitingIds, everyNoteOf],
  )
  const open = (entry: FeedEntry, index: number) => {
    if (!entry.note) return
    remember(index)
    void navigate({
      to: '/note/$noteId',
      params: { noteId: noteParam(entry.note.id) },
      state: { fromFeed: true, restoreIndex: index },
    })
  }

  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => new Set())
  const reveal = (id: string) => setRevealed((shown) => new Set(shown).add(id))
  const actions = useRowActions({ open, remember, reveal })

  if (sockets.length === 0) return <p className="feed-message">{NO_RELAYS_FOR_NOTES}</p>

  const setSize = hasNextPage ? -1 : count
  return (
    <>
      <HashtagTabs hashtags={preferences.customHashtags} active={tag} />
      {held > 0 && (
        <div className="feed-new">
          <button type="button" className="button button-primary" onClick={release}>
            Show {held} new {held === 1 ? 'note' : 'notes'}
          </button>
        </div>
      )}
      <div
        ref={listRef}
        className="feed"
        role="feed"
        aria-busy={query.isFetching}
        aria-label="Notes"
      >
        {items.map((item) => {
          if (item.index < above) {
            // Out of the window: its height, unmeasured, until its page loads again.
            const top = item.start - virtualizer.options.scrollMargin
            return (
              <div
                key={`above-${item.index}`}
                className="feed-row"
                style={{ transform: `translateY(${top}px)`, height: item.size }}
              />
            )
          }
          const entry = rows[item.index - above]
          if (!entry?.note) return null
          return (
            <FeedRow
              // By note: a row's state (revealed media, its error boundary) stays with its note.
              key={entry.id}
              entry={entry}
              index={item.index}
              measure={virtualizer.measureElement}
              setSize={setSize}
              now={now}
              imageMode={preferences.imageMode}
              revealed={revealed.has(entry.id)}
              actions={actions}
            />
          )
        })}
      </div>
      <FeedStatus
        state={sourceState.status}
        loading={query.isPending && sourceState.status === 'ready'}
        empty={query.isSuccess && !hasNextPage && rows.length === 0}
        ended={query.isSuccess && !hasNextPage}
        failed={query.isError}
        loadingMore={isFetchingNextPage}
        filtersHideOlder={nextHeld && !query.isFetching}
        hidden={hidden}
        showHidden={showEveryNote}
        retry={() => void (data ? fetchNextPage() : query.refetch())}
      />
    </>
  )
}

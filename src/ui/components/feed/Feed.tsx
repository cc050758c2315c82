import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { type HistoryState, useNavigate, useRouter, useSearch } from '@tanstack/react-router'
import { useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual'
import {
  type RefObject,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { asciiCache } from '../../../actors/feed/ascii-cache.ts'
import {
  feedEntries,
  feedQueryOptions,
  liveRowsOptions,
} from '../../../actors/feed/feed-queries.ts'
import { inOwnTask } from '../../../actors/platform/own-task.ts'
import { noteParam } from '../../../core/app/route-ids.ts'
import type { FeedEntry } from '../../../core/feed/feed-entry.ts'
import {
  feedFilter,
  filterEntries,
  hiddenEntries,
  SHOW_EVERY_NOTE,
} from '../../../core/feed/feed-filter.ts'
import { GLOBAL_SOURCE } from '../../../core/feed/feed-source.ts'
import {
  FEED_WINDOW_PAGES,
  rowsAbove,
  rowsInAllPages,
  rowsPerPage,
  windowPages,
} from '../../../core/feed/feed-window.ts'
import { isMutedEntry, withoutMutedBy } from '../../../core/people/mute-set.ts'
import { NO_RELAYS_FOR_NOTES } from '../../../core/relays/relay-messages.ts'
import { useNow } from '../../hooks/use-now.ts'
import { useSystem } from '../../system-context.tsx'
import { usePreferences } from '../app/use-preferences.ts'
import { useMuteSet } from '../people/use-mute-set.ts'
import { useRelaySockets } from '../relays/use-relays.ts'
import { FeedRow, useRowActions } from './FeedRow.tsx'
import { FeedStatus } from './FeedStatus.tsx'
import { HashtagTabs } from './HashtagTabs.tsx'
import { prepareAscii } from './NoteMedia.tsx'
import { useEngagementAsks } from './use-engagement-asks.ts'
import { useFeedKeys, useRowFocus } from './use-feed-keys.ts'
import { useFeedSource } from './use-feed-source.ts'
import { useHeldRows } from './use-held-rows.ts'
import { usePageAsks } from './use-page-asks.ts'
import { useRestoreRow } from './use-restore-row.ts'
import './feed.css'

/** Rows rendered beyond the screen, above and below: ready for j/k and quick scrolls. */
const OVERSCAN = 8
/**
 * The next page is asked for when this few rows are left below the last one on the screen. Counted
 * from the screen, not from the rows rendered beyond it: with Image Notes Only most pages add a
 * row or none, and every row asked for ahead is some pages fetched and drawn on a phone's start.
 */
const ROWS_LEFT_BEFORE_NEXT_PAGE = 6
/** Below the sticky header: where a row scrolled to is placed. */
const SCROLL_PADDING_TOP = 64
/** First guesses of a row's height; every row is measured once rendered. */
const ESTIMATED_ROW_PX = 210
const ESTIMATED_IMAGE_ROW_PX = 600

/**
 * A row's height as the ResizeObserver reports it, after the browser's own layout; until then the
 * height it had or the estimate. The library's default reads offsetHeight as each row mounts, a
 * layout forced inside every commit that mounted rows (the longest part of Lighthouse's
 * blocking time). The observer mostly reports before the frame is painted, and the virtualizer
 * then moves the rows itself (directDomUpdates); a row it starts observing while delivering
 * reports a frame later.
 */
function measureRow(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<Window, Element>,
): number {
  const box = entry?.borderBoxSize[0]
  if (box) {
    const height = Math.round(box.blockSize)
    reportedHeights.set(element, height)
    return height
  }
  // A row that moved to another index (rows above it came or went: a mute, a filter) keeps its
  // element, whose size has not changed, so the observer reports nothing: its own last height,
  // not the one cached for the index it moved to.
  const index = instance.indexFromElement(element)
  return (
    reportedHeights.get(element) ??
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ??
    instance.options.estimateSize(index)
  )
}

/** Each row element's last height as the ResizeObserver reported it. */
const reportedHeights = new WeakMap<Element, number>()

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
    () => feedQueryOptions(system.hub, source, system.verifier),
    [system, source],
  )
  // The window's size in pages follows the rows they show (core/feed/feed-window.ts), set below.
  const [maxPages, setMaxPages] = useState(FEED_WINDOW_PAGES)
  const query = useInfiniteQuery({ ...options, maxPages, enabled: sourceState.status === 'ready' })
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query
  const { hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage } = query

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
  // Mutes first (NIP-51): what the user muted is gone, not among the rows the preferences hide.
  const mutes = useMuteSet()
  const unmuted = useMemo(() => withoutMutedBy(entries, mutes, isMutedEntry), [entries, mutes])
  const visible = useMemo(() => filterEntries(unmuted, filter), [unmuted, filter])
  // Pages' rows only: live rows come one at a time, each would cost a REQ; the first screen's
  // come again with the first page, and a note newer than it has had no time to be liked.
  useEngagementAsks(
    useMemo(
      () =>
        filterEntries(
          (pages ?? []).flatMap((page) => page.entries),
          filter,
        ).flatMap((e) => (e.note ? [e.note.id] : [])),
      [pages, filter],
    ),
  )
  const { rows, held, topId, release } = useHeldRows(visible, arrival.feedTopId ?? null)
  // The first screen: the first rows, with their pictures (asked for by the rows' own effects,
  // which run before this one), or a feed with nothing to show.
  const firstScreen = rows.length > 0 ? 'rows' : query.isSuccess && !hasNextPage ? 'empty' : null
  useEffect(() => {
    if (firstScreen === null) return
    const pictures = firstScreen === 'rows' && preferences.useAscii
    system.firstScreen.drawn(pictures ? asciiCache().settled() : undefined)
  }, [system, firstScreen, preferences.useAscii])
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
  const windowSize = windowPages(pages?.length ?? 0, rows.length)
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
  const focusRow = useRowFocus(list, virtualizer)
  useFeedKeys(list, count, focusRow, Boolean(hasNextPage) && !isFetchNextPageError)

  const lastRendered = items.at(-1)?.index ?? -1
  const firstRendered = items[0]?.index ?? 0
  // A fetch into a full window drops the page at its other end: never one with rows on screen
  // (they would be asked for again at once, and so on for ever).
  const full = (pages?.length ?? 0) >= maxPages
  const firstPageRendered = full && firstRendered < above + (perPage[0]?.rows ?? 0)
  const lastPageRendered = full && lastRendered >= count - (perPage.at(-1)?.rows ?? 0)

  // The next page, as the end of the loaded rows comes near (or while filters leave few rows).
  const wantsNext = lastOnScreen >= count - 1 - ROWS_LEFT_BEFORE_NEXT_PAGE
  const nextHeld = Boolean(hasNextPage) && wantsNext && firstPageRendered
  // In a task of its own, not the commit's: the query's bookkeeping and the REQ made that task
  // one of the longest of a phone's start.
  useEffect(() => {
    if (!settled || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return
    if (wantsNext && !firstPageRendered) return inOwnTask(() => void fetchNextPage())
  }, [
    settled,
    wantsNext,
    firstPageRendered,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
  ])

  // The page before the window, as the reader scrolls back up to it.
  useEffect(() => {
    if (!settled || !hasPreviousPage || isFetchingPreviousPage || lastPageRendered) return
    if (firstRendered < above + ROWS_LEFT_BEFORE_NEXT_PAGE) {
      return inOwnTask(() => void fetchPreviousPage())
    }
  }, [
    settled,
    firstRendered,
    above,
    lastPageRendered,
    hasPreviousPage,
    isFetchingPreviousPage,
    fetchPreviousPage,
  ])

  useRestoreRow(arrival.restoreIndex, count, focusRow, {
    loading: query.isPending,
    canLoadMore: Boolean(hasNextPage) && !isFetchNextPageError,
    loadMore: () => {
      if (!isFetchingNextPage) void fetchNextPage()
    },
  })

  const navigate = useNavigate()
  /**
   * The feed's own history entry remembers the row, then the note opens. Written in place: the
   * router reads it back from the entry when Back returns here, and nothing needs to re-render now.
   */
  const remember = useCallback(
    (index: number) => {
      const state: HistoryState = {
        ...(window.history.state as HistoryState | null),
        fromFeed: true,
        restoreIndex: index,
        feedTopId: topId ?? undefined,
        everyNoteOf: everyNoteOf ?? undefined,
      }
      window.history.replaceState(state, '')
    },
    [topId, everyNoteOf],
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

/**
 * The overscan, from none up to OVERSCAN one row at a time once the feed has rows: the rows on
 * the screen come first, alone, and the ones out of sight follow in small transitions rather than
 * all in the update that brought the first page (that one update was the longest task
 * before the first note, and the pictures out of sight were fetched alongside the first one).
 */
function useGrowingOverscan(hasRows: boolean): number {
  const [overscan, setOverscan] = useState(0)
  useEffect(() => {
    if (!hasRows || overscan >= OVERSCAN) return
    const timer = setTimeout(() => startTransition(() => setOverscan((rows) => rows + 1)))
    return () => clearTimeout(timer)
  }, [hasRows, overscan])
  return overscan
}

/**
 * The list's distance from the top of the document: the virtual list's scroll margin. Read when
 * the ResizeObserver reports, after the browser's layout (reading it as the feed mounts forced
 * one), first as observing starts, then as whatever is above the list (the tabs, the bars above
 * the main column) changes height. The parent also grows with every row measured: only a new offset re-renders.
 */
function useListOffset(list: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0)
  const last = useRef(offset)
  useEffect(() => {
    const element = list.current
    if (!element?.parentElement) return
    const observer = new ResizeObserver(() => {
      const top = element.getBoundingClientRect().top + window.scrollY
      if (top === last.current) return
      last.current = top
      setOffset(top)
    })
    observer.observe(element.parentElement)
    // What comes above the main column (the Install bar, the offline notice) moves the list
    // without resizing its parent: the page's height changes with it.
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [list])
  return offset
}

import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { use, useEffect, useMemo, useRef } from 'react'
import { type FeedEntry, mergeEntries } from '../../../core/feed/feed-entry.ts'
import { deletedOnly, isHiddenEntry, withoutHidden } from '../../../core/feed/hidden-notes.ts'
import { FAILED_TO_LOAD_NOTES, NO_NOTES_YET } from '../../../core/relays/relay-messages.ts'
import { useNow } from '../../hooks/use-now.ts'
import { useSystem } from '../../system-context.tsx'
import { LoadFailed } from '../kit/LoadFailed.tsx'
import { useProfilePubkey } from '../people/use-profile.ts'
import { NoteBoundary } from './NoteBoundary.tsx'
import { NoteCard } from './NoteCard.tsx'
import { useEngagementAsks } from './use-engagement-asks.ts'
import { useDeletedNotes } from './use-hiding.ts'
import { KEEP_FETCH } from './use-page-fetches.ts'
import './feed.css'

/**
 * The notes tab: their notes and reposts, newest first, with what they published in this session
 * on top; the next page as the end comes into view.
 */
export function ProfileNotes() {
  const pubkey = useProfilePubkey()
  const queries = use(useSystem().profileNotes())
  const now = useNow()
  const query = useInfiniteQuery(queries.notes(pubkey))
  const live = useQuery(queries.liveNotes(pubkey)).data ?? []
  const merged = (query.data?.pages ?? []).reduce<readonly FeedEntry[]>(
    (all, page) => mergeEntries(all, page.entries),
    live,
  )
  // What their author deleted is gone (NIP-09); their notes show whatever the visitor muted.
  const rows = withoutHidden(merged, deletedOnly(useDeletedNotes()), isHiddenEntry)
  // Pages' notes only, as in the feed: one REQ a page for who liked and reposted them.
  const pages = query.data?.pages
  useEngagementAsks(
    useMemo(
      () => (pages ?? []).flatMap((page) => page.entries.flatMap((e) => (e.note ? [e.note] : []))),
      [pages],
    ),
  )
  const sentinel = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetching, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query

  useEffect(() => {
    const element = sentinel.current
    // After a page failed, the next waits for Try again: asked again each time the sentinel is
    // seen, the relays would be asked in a loop while the end stays in view. Nor while a fetch
    // runs (the pages again, after a start from the stored cache): asked for now, the next page
    // would cancel it and lose what it brought (core/feed/feed-paging.ts, `fetching`). Once it
    // ends, the observer begins again and says whether the end is still in view.
    if (!element || !hasNextPage || isFetchNextPageError || isFetching) return
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) void fetchNextPage(KEEP_FETCH)
      },
      { rootMargin: '800px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [hasNextPage, isFetching, fetchNextPage, isFetchNextPageError])

  return (
    <>
      <div className="feed" role="feed" aria-busy={query.isFetching} aria-label="Notes">
        {rows.map(
          (row, index) =>
            row.note && (
              <NoteBoundary key={row.id} noteId={row.note.id}>
                <NoteCard
                  note={row.note}
                  repost={row.repost}
                  position={index + 1}
                  setSize={-1}
                  now={now}
                />
              </NoteBoundary>
            ),
        )}
      </div>
      {query.isPending && rows.length === 0 && <p className="feed-message">Loading notes…</p>}
      {query.isSuccess && rows.length === 0 && (
        <p className="feed-message profile-empty">{NO_NOTES_YET}</p>
      )}
      {query.isError && (
        <LoadFailed
          message={FAILED_TO_LOAD_NOTES}
          retry={() => void (query.data ? fetchNextPage() : query.refetch())}
        />
      )}
      <div ref={sentinel} className="feed-end" aria-hidden="true" />
      {isFetchingNextPage && <p className="feed-message">Loading more…</p>}
    </>
  )
}

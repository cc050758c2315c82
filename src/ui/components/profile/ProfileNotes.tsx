import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { mergeNotes, type Note } from '../../../core/note.ts'
import { FAILED_TO_LOAD_NOTES } from '../../../core/relay-messages.ts'
import { useNow } from '../../hooks/use-now.ts'
import { useProfilePubkey, useProfileQueries } from '../../hooks/use-profile.ts'
import { NoteCard } from '../NoteCard.tsx'

/** The spec's §8 text for an empty first page. */

/** The notes tab: their kind-1 notes, newest first, the next page as the end comes into view. */
export function ProfileNotes() {
  const pubkey = useProfilePubkey()
  const queries = useProfileQueries()
  const now = useNow()
  const query = useInfiniteQuery(queries.notes(pubkey))
  const notes = (query.data?.pages ?? []).reduce<readonly Note[]>(
    (all, page) => mergeNotes(all, page.notes),
    [],
  )
  const sentinel = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query

  useEffect(() => {
    const element = sentinel.current
    if (!element || !hasNextPage) return
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && !isFetchingNextPage) void fetchNextPage()
      },
      { rootMargin: '800px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  return (
    <>
      <div className="feed" role="feed" aria-busy={query.isFetching} aria-label="Notes">
        {notes.map((note, index) => (
          <NoteCard key={note.id} note={note} position={index + 1} setSize={-1} now={now} />
        ))}
      </div>
      {query.isPending && <p className="feed-message">Loading notes…</p>}
      {query.isSuccess && notes.length === 0 && (
        <p className="feed-message profile-empty">{FAILED_TO_LOAD_NOTES}</p>
      )}
      {query.isError && (
        <p className="feed-message" role="alert">
          {FAILED_TO_LOAD_NOTES}
        </p>
      )}
      <div ref={sentinel} className="feed-end" aria-hidden="true" />
      {isFetchingNextPage && <p className="feed-message">Loading more…</p>}
    </>
  )
}

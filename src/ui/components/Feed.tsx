import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { feedNotes } from '../../actors/feed-queries.ts'
import { NO_RELAYS_FOR_NOTES } from '../../core/relay-messages.ts'
import { useNow } from '../hooks/use-now.ts'
import { useRelaySockets } from '../hooks/use-relays.ts'
import { useSystem } from '../system-context.tsx'
import { NoteCard } from './NoteCard.tsx'

/** The home feed, in the WAI-ARIA feed pattern: a `feed` of `article`s. */
export function Feed() {
  const system = useSystem()
  const sockets = useRelaySockets()
  const now = useNow()
  const query = useInfiniteQuery(system.feedQuery)
  const notes = feedNotes(query.data)
  const sentinel = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query

  // Load the next page as the end of the list comes into view.
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

  if (sockets.length === 0) return <p className="feed-message">{NO_RELAYS_FOR_NOTES}</p>

  return (
    <>
      <div className="feed" role="feed" aria-busy={query.isFetching} aria-label="Notes">
        {notes.map((note, index) => (
          <NoteCard key={note.id} note={note} position={index + 1} setSize={-1} now={now} />
        ))}
      </div>
      {query.isPending && <p className="feed-message">Loading notes…</p>}
      {query.isSuccess && notes.length === 0 && <p className="feed-message">No notes yet.</p>}
      {query.isError && (
        <p className="feed-message" role="alert">
          Failed to load notes
        </p>
      )}
      <div ref={sentinel} className="feed-end" aria-hidden="true" />
      {isFetchingNextPage && <p className="feed-message">Loading more…</p>}
    </>
  )
}

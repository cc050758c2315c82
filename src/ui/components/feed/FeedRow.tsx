/**
 * One note of the feed as a memoized row, and the row actions that stay the same object for the
 * feed's life so that memoizing holds.
 */
import { memo, useCallback, useMemo, useRef } from 'react'
import type { FeedEntry } from '../../../core/feed/feed-entry.ts'
import { NoteBoundary } from './NoteBoundary.tsx'
import { NoteCard } from './NoteCard.tsx'
import './feed.css'

/** What a row may do in the feed; one object for the feed's life, so rows can be memoized. */
export interface RowActions {
  open(entry: FeedEntry, index: number): void
  remember(index: number): void
  reveal(id: string): void
}

/** Stable row actions that always call the feed's latest ones. */
export function useRowActions(latest: RowActions): RowActions {
  const current = useRef(latest)
  current.current = latest
  return useMemo(
    () => ({
      open: (entry, index) => current.current.open(entry, index),
      remember: (index) => current.current.remember(index),
      reveal: (id) => current.current.reveal(id),
    }),
    [],
  )
}

interface FeedRowProps {
  entry: FeedEntry
  index: number
  measure(element: HTMLElement | null): void
  setSize: number
  now: number
  imageMode: boolean
  revealed: boolean
  actions: RowActions
}

/**
 * One note of the feed. Memoized: the feed re-renders as pages load, rows are measured and live
 * notes arrive, and re-rendering every card each time was most of the main thread's work while
 * the first notes came in (Lighthouse's Total Blocking Time).
 */
export const FeedRow = memo(function FeedRow({
  entry,
  index,
  measure,
  setSize,
  now,
  imageMode,
  revealed,
  actions,
}: FeedRowProps) {
  // A new ref when the row moves (a live note above it): the virtualizer, which places rows
  // itself (Feed.tsx, directDomUpdates), files the element under its new index.
  // biome-ignore lint/correctness/useExhaustiveDependencies: index is what makes the ref new
  const place = useCallback((element: HTMLElement | null) => measure(element), [measure, index])
  const note = entry.note
  if (!note) return null
  return (
    <div className="feed-row" data-index={index} ref={place}>
      <NoteBoundary noteId={note.id}>
        <NoteCard
          note={note}
          position={index + 1}
          setSize={setSize}
          now={now}
          repost={entry.repost}
          onOpen={() => actions.open(entry, index)}
          linkState={{ fromFeed: true, restoreIndex: index }}
          onBeforeOpen={() => actions.remember(index)}
          imageMode={imageMode}
          revealed={revealed}
          onReveal={() => actions.reveal(entry.id)}
        />
      </NoteBoundary>
    </div>
  )
})

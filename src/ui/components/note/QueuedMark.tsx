import type { QueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import { outboxPendingKey, QUEUED_TEXT } from '../../../core/outbox-pending.ts'

/**
 * 'Queued: will send when back online' under one of the user's own notes that waits in the
 * outbox (actors/outbox.ts). Read from the query cache, not observed with useQuery, for the same
 * reason as the card's own actions: no query left behind for every note scrolled past.
 */
export default function QueuedMark({
  noteId,
  queryClient,
}: {
  noteId: string
  /** The card's own client: this chunk then needs nothing of react-query's. */
  queryClient: QueryClient
}) {
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  )
  const queued = useSyncExternalStore(
    subscribe,
    () => queryClient.getQueryData(outboxPendingKey(noteId)) !== undefined,
  )
  return queued ? (
    <p className="note-pending" role="status">
      {QUEUED_TEXT}
    </p>
  ) : null
}

import type { QueryClient } from '@tanstack/react-query'
import { QUEUED_TEXT, queuedMarkKey } from '../../../core/publish/queued-mark.ts'
import { useCachedFlag } from '../../hooks/use-cached-flag.ts'

/**
 * 'Queued: will send when your relays can be reached' under one of the user's own notes that waits in the
 * publish queue (actors/publish/publish-queue.effects.ts), read from the query cache (use-cached-flag.ts).
 */
export default function QueuedMark({
  noteId,
  queryClient,
}: {
  noteId: string
  /** The card's own client: this chunk then needs nothing of react-query's. */
  queryClient: QueryClient
}) {
  const queued = useCachedFlag(queryClient, queuedMarkKey(noteId))
  return queued ? (
    <p className="note-pending" role="status">
      {QUEUED_TEXT}
    </p>
  ) : null
}

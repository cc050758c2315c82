/** A note and its thread, laid out (core/feed/thread.ts), from the queries of actors/thread-queries. */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import {
  aroundQueryOptions,
  followThread,
  noteQueryOptions,
  threadQueryOptions,
} from '../../../actors/feed/thread-queries.ts'
import { assembleThread, type ThreadLayout, threadRootId } from '../../../core/feed/thread.ts'
import { useSystem } from '../../system-context.tsx'

export type ThreadState =
  | { status: 'loading' }
  /** Every relay asked has answered, and none has the note. */
  | { status: 'not-found' }
  | { status: 'failed' }
  | {
      status: 'ready'
      layout: ThreadLayout
      /** Parents and replies are still being asked for. */
      loadingThread: boolean
    }

export function useThread(id: string): ThreadState {
  const { hub, queryClient } = useSystem()
  const note = useQuery(noteQueryOptions(hub, id))
  const focused = note.data ?? null
  const rootId = focused ? threadRootId(focused) : null
  const thread = useQuery(threadQueryOptions(hub, rootId))
  const around = useQuery(aroundQueryOptions({ hub, queryClient }, rootId ?? '', focused))

  const threadLoaded = thread.isSuccess
  useEffect(() => {
    if (!rootId || !threadLoaded) return
    const loadedAt = queryClient.getQueryState(threadQueryOptions(hub, rootId).queryKey)
    return followThread({ hub, queryClient }, rootId, id, loadedAt?.dataUpdatedAt || Date.now())
  }, [hub, queryClient, rootId, id, threadLoaded])

  const layout = useMemo(
    () =>
      focused ? assembleThread(focused, [...(thread.data ?? []), ...(around.data ?? [])]) : null,
    [focused, thread.data, around.data],
  )

  if (note.isError) return { status: 'failed' }
  if (note.isPending) return { status: 'loading' }
  if (!layout) return { status: 'not-found' }
  return { status: 'ready', layout, loadingThread: thread.isPending || around.isPending }
}

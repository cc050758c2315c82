/** A note and its thread, laid out (core/feed/thread.ts), from the queries of actors/thread-queries. */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { noteQueryOptions } from '../../../actors/feed/note-queries.ts'
import {
  aroundQueryOptions,
  followThread,
  rootHints,
  threadQueryOptions,
} from '../../../actors/feed/thread-queries.ts'
import { type EventHints, NO_HINTS } from '../../../actors/relays/read-routes.ts'
import { assembleThread, type ThreadLayout, threadRootId } from '../../../core/feed/thread.ts'
import { useSystem } from '../../system-context.tsx'

export type ThreadState =
  | { status: 'loading' }
  /** Every relay asked has answered, and none has the note. */
  | { status: 'not-found' }
  /** No relay answered for the note. */
  | { status: 'failed'; retry(): void }
  | {
      status: 'ready'
      layout: ThreadLayout
      /** Parents and replies are still being asked for. */
      loadingThread: boolean
      /**
       * No relay answered for the replies: `retry` asks again; `kept`, an earlier answer's are
       * still shown (only newer ones may be missing). Undefined when they loaded.
       */
      repliesFailed: { retry(): void; kept: boolean } | undefined
    }

/** `hints`: where the note is known to be (an nevent's relays and author). */
export function useThread(id: string, hints: EventHints = NO_HINTS): ThreadState {
  const { hub, queryClient, routes } = useSystem()
  const hinted = hints.relays.length > 0 || hints.author ? { routes, hints } : undefined
  const note = useQuery(noteQueryOptions(hub, id, hinted))
  const focused = note.data ?? null
  const rootId = focused ? threadRootId(focused) : null
  // The root's hints: the nevent's relays and the focused note's e tag for the root, and the
  // root's author (NIP-10), whose read relays hold replies to it.
  const root = focused && rootId ? rootHints(focused, rootId, hints) : null
  const rootKey = root?.relays.join(' ') ?? ''
  const rootAuthor = root?.author ?? null
  const threadHints = useMemo(
    () => ({ relays: rootKey ? rootKey.split(' ') : [], author: rootAuthor }),
    [rootKey, rootAuthor],
  )
  const focusedAuthor = focused?.pubkey
  const thread = useQuery(threadQueryOptions(hub, rootId, { routes, hints: threadHints }))
  const around = useQuery(
    aroundQueryOptions({ hub, queryClient, routes }, rootId ?? '', focused, hints),
  )

  const threadLoaded = thread.isSuccess
  useEffect(() => {
    if (!rootId || !threadLoaded) return
    const loadedAt = queryClient.getQueryState(threadQueryOptions(hub, rootId).queryKey)
    const at = loadedAt?.dataUpdatedAt || Date.now()
    return followThread({ hub, queryClient, routes }, rootId, id, at, threadHints, focusedAuthor)
  }, [hub, queryClient, routes, rootId, id, threadLoaded, threadHints, focusedAuthor])

  const layout = useMemo(
    () =>
      focused ? assembleThread(focused, [...(thread.data ?? []), ...(around.data ?? [])]) : null,
    [focused, thread.data, around.data],
  )

  if (note.isError) return { status: 'failed', retry: () => void note.refetch() }
  if (note.isPending) return { status: 'loading' }
  if (!layout) return { status: 'not-found' }
  const repliesFailed = thread.isError
    ? {
        retry: () => {
          void thread.refetch()
          void around.refetch()
        },
        kept: thread.data !== undefined,
      }
    : undefined
  const loadingThread = !thread.isError && (thread.isPending || around.isPending)
  return { status: 'ready', layout, loadingThread, repliesFailed }
}

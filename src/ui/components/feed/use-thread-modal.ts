/**
 * The thread modal (spec §2: thread={id}): a note's thread over the current page. Opening pushes a
 * history entry without moving the page, so Back, Escape and Close all return to the page exactly
 * where it was; notes opened inside the modal replace its entry, so one Back still leaves it.
 */
import { useCanGoBack, useNavigate, useRouter, useSearch } from '@tanstack/react-router'
import { useCallback } from 'react'

export function useThreadModal() {
  const navigate = useNavigate()
  const router = useRouter()
  const canGoBack = useCanGoBack()
  /** The parameter as written: NoteFromParam reads it (a note id, or 'Invalid note id'). */
  const param = useSearch({ strict: false, select: (search) => search.thread ?? null })
  const open = useCallback(
    (noteId: string) =>
      navigate({
        to: '.',
        search: (prev) => ({ ...prev, thread: noteId }),
        // Already in the modal: the new note takes the place of the old one.
        replace: param !== null,
        resetScroll: false,
      }),
    [navigate, param],
  )
  const close = useCallback(() => {
    // The entry before is the page the modal was opened over: going back restores its scroll.
    if (canGoBack) router.history.back()
    else
      void navigate({
        to: '.',
        search: (prev) => ({ ...prev, thread: undefined }),
        replace: true,
        resetScroll: false,
      })
  }, [canGoBack, router, navigate])
  return { param, open, close }
}

/**
 * The reply, repost, zap, delete and report modals (spec §2: reply={id}, repost={id}; zap={id},
 * delete={id} and report={id} alike) over the current page. Opening
 * pushes a history entry without moving the page, so Back, Escape and Close return to the page
 * where it was.
 */
import { useCanGoBack, useNavigate, useRouter, useSearch } from '@tanstack/react-router'
import { useCallback } from 'react'

export type NoteModal = 'reply' | 'repost' | 'zap' | 'delete' | 'report'

export function useNoteModal(param: NoteModal) {
  const navigate = useNavigate()
  const router = useRouter()
  const canGoBack = useCanGoBack()
  /** As written: NoteFromParam reads it (a note id, or 'Invalid note id'). */
  const value = useSearch({ strict: false, select: (search) => search[param] ?? null })
  const open = useCallback(
    (noteId: string) =>
      navigate({ to: '.', search: (prev) => ({ ...prev, [param]: noteId }), resetScroll: false }),
    [navigate, param],
  )
  const close = useCallback(() => {
    if (canGoBack) router.history.back()
    else
      void navigate({
        to: '.',
        search: (prev) => ({ ...prev, [param]: undefined }),
        replace: true,
        resetScroll: false,
      })
  }, [canGoBack, router, navigate, param])
  return { param: value, open, close }
}

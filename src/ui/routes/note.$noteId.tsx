import { createFileRoute, useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router'
import { useCallback, useEffect } from 'react'
import { parseNoteParam } from '../../core/app/route-ids.ts'
import { InvalidNoteId } from '../components/feed/NoteFromParam.tsx'
import { ThreadView } from '../components/feed/ThreadView.tsx'
import { typing } from '../components/feed/use-feed-keys.ts'
import { BackButton } from '../components/kit/PageBar.tsx'

/**
 * /note/{noteId} (spec §2): a note or nevent identifier, the note and its thread; an nevent's
 * relays and author are where the note is asked for besides the user's relays (NIP-19).
 */
export const Route = createFileRoute('/note/$noteId')({ component: NotePage })

function NotePage() {
  const { noteId } = Route.useParams()
  const target = parseNoteParam(noteId)
  const back = useBack()
  useEscape(back)
  return (
    <section className="note-page" aria-label="Note">
      <BackButton className="note-page-back" onClick={back} />
      {target ? (
        <ThreadView key={target.id} id={target.id} mode="page" hints={target} />
      ) : (
        <InvalidNoteId />
      )}
    </section>
  )
}

/** Back to where the reader came from; to the feed when the note was opened from outside. */
function useBack(): () => void {
  const router = useRouter()
  const navigate = useNavigate()
  const canGoBack = useCanGoBack()
  return useCallback(
    () => (canGoBack ? router.history.back() : void navigate({ to: '/' })),
    [canGoBack, router, navigate],
  )
}

/** Escape is Back, unless an overlay is open (Escape closes it) or a field takes the keys. */
function useEscape(back: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      if (typing(event.target) || document.querySelector('dialog[open]')) return
      back()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [back])
}

import { createFileRoute, useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router'
import { INVALID_NOTE_ID, parseNoteParam } from '../../core/route-ids.ts'
import { ThreadView } from '../components/thread/ThreadView.tsx'

/** /note/{noteId} (spec §2): a note or nevent identifier, the note and its thread. */
export const Route = createFileRoute('/note/$noteId')({ component: NotePage })

function NotePage() {
  const { noteId } = Route.useParams()
  const target = parseNoteParam(noteId)
  return (
    <section className="note-page" aria-label="Note">
      <BackButton />
      {target ? (
        <ThreadView key={target.id} id={target.id} mode="page" />
      ) : (
        <p className="feed-message" role="alert">
          {INVALID_NOTE_ID}
        </p>
      )}
    </section>
  )
}

/** Back to where the reader came from; to the feed when the note was opened from outside. */
function BackButton() {
  const router = useRouter()
  const navigate = useNavigate()
  const canGoBack = useCanGoBack()
  return (
    <button
      type="button"
      className="button-quiet note-page-back"
      onClick={() => (canGoBack ? router.history.back() : void navigate({ to: '/' }))}
    >
      ← Back
    </button>
  )
}

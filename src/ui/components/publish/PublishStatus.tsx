import { Link } from '@tanstack/react-router'
import { noteParam } from '../../../core/app/route-ids.ts'
import { TEXT_NOTE_KIND } from '../../../core/feed/nip18.ts'
import { PUBLISH_QUEUE_TEXTS, unanswered } from '../../../core/publish/publish-queue.ts'
import {
  isPublished,
  type PublishSnapshot,
  publishStep,
} from '../../../machines/publish.machine.ts'

const STEP_TEXT = {
  building: 'Preparing…',
  preparing: 'Working on proof of work…',
  signing: 'Waiting for your signer…',
  sending: 'Sending to your relays…',
} as const

/**
 * Where the last publish stands: the step under way, the error (the text is kept), queued in the
 * publish queue while offline, or success with every relay's answer as it comes (accepted, or refused
 * with the relay's reason).
 */
export function PublishStatus({ snapshot }: { snapshot: PublishSnapshot }) {
  const step = publishStep(snapshot)
  const { results, error, event } = snapshot.context
  const published = isPublished(snapshot)
  return (
    <div className="publish-status">
      {step in STEP_TEXT && (
        <p className="form-hint" role="status">
          {STEP_TEXT[step as keyof typeof STEP_TEXT]}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {step === 'queued' && (
        <p className="publish-queued" role="status">
          {PUBLISH_QUEUE_TEXTS.queued}
          {event?.kind === TEXT_NOTE_KIND && (
            <>
              {' · '}
              <Link to="/note/$noteId" params={{ noteId: noteParam(event.id) }} search={{}}>
                View note
              </Link>
            </>
          )}
        </p>
      )}
      {published && (
        <p className="publish-done" role="status">
          Published
          {event?.kind === TEXT_NOTE_KIND && (
            <>
              {' · '}
              <Link to="/note/$noteId" params={{ noteId: noteParam(event.id) }} search={{}}>
                View note
              </Link>
            </>
          )}
          {snapshot.matches({ sending: 'accepted' }) && ' · waiting for other relays…'}
        </p>
      )}
      {results.length > 0 && (
        <ul className="publish-results" aria-label="Relay answers">
          {results.map((result) => (
            <li key={result.relay} data-relay={result.relay} data-ok={result.ok}>
              <span className="mono">{result.relay}</span>{' '}
              {result.ok ? (
                <span className="publish-ok">accepted</span>
              ) : unanswered(result) ? (
                <span className="publish-refused">{result.message}</span>
              ) : (
                <span className="publish-refused">refused: {result.message || 'rejected'}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

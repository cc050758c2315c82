import { restoreQuestion } from '../../../core/people/contact-versions.ts'
import { shrinkQuestion } from '../../../core/people/follow-guard.ts'
import type { FollowQuestion as Question } from '../../../machines/follow.machine.ts'
import './follow-list.css'

/**
 * What the follow machine asks before it rewrites the user's list: restore an earlier, longer
 * list first (another client shrank it), or publish a much shorter list anyway.
 */
export function FollowQuestion({
  question,
  onAnswer,
}: {
  question: Question
  onAnswer(answer: 'confirmed' | 'declined' | 'cancelled'): void
}) {
  const restore = question.kind === 'restore'
  return (
    <div
      className="follow-question"
      role="alertdialog"
      aria-label={restore ? 'Restore your follow list?' : 'Publish a shorter follow list?'}
    >
      <p>{restore ? restoreQuestion(question.offer) : shrinkQuestion(question.shrink)}</p>
      <div className="follow-question-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => onAnswer('confirmed')}
        >
          {restore ? 'Restore it first' : 'Publish anyway'}
        </button>
        {restore && (
          <button type="button" className="button" onClick={() => onAnswer('declined')}>
            Keep the newest
          </button>
        )}
        <button type="button" className="button-quiet" onClick={() => onAnswer('cancelled')}>
          Cancel
        </button>
      </div>
    </div>
  )
}

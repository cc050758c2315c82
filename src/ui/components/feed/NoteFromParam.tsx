import type { ReactNode } from 'react'
import { INVALID_NOTE_ID, parseNoteSearchParam } from '../../../core/app/route-ids.ts'
import { Modal } from '../kit/Modal.tsx'

/** What a link naming no note shows: on /note/, and in the modals of ?thread= and the like. */
export const InvalidNoteId = () => (
  <p className="feed-message" role="alert">
    {INVALID_NOTE_ID}
  </p>
)

/**
 * The note a query parameter names (?thread=, ?reply=, ?repost=, ?zap=, ?delete=, ?report=):
 * children get its id; a link naming none says so, in a dialog of its own when `dialog` is given.
 */
export function NoteFromParam({
  param,
  dialog,
  children,
}: {
  param: string
  dialog?: { title: string; onClose(): void }
  children(id: string): ReactNode
}) {
  const target = parseNoteSearchParam(param)
  if (target) return children(target.id)
  return dialog ? (
    <Modal title={dialog.title} onClose={dialog.onClose}>
      <InvalidNoteId />
    </Modal>
  ) : (
    <InvalidNoteId />
  )
}

import type { ReactNode } from 'react'
import { INVALID_NOTE_ID, parseNoteSearchParam } from '../../../core/app/route-ids.ts'

/** What a link naming no note shows: on /note/, and in the modals of ?thread= and the like. */
export const InvalidNoteId = () => (
  <p className="feed-message" role="alert">
    {INVALID_NOTE_ID}
  </p>
)

/** The note a query parameter names (?thread=, ?reply=, ?repost=, ?zap=): children get its id. */
export function NoteFromParam({
  param,
  children,
}: {
  param: string
  children(id: string): ReactNode
}) {
  const target = parseNoteSearchParam(param)
  return target ? children(target.id) : <InvalidNoteId />
}

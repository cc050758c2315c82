import type { ReactNode } from 'react'
import { INVALID_NOTE_ID, parseNoteSearchParam } from '../../../core/route-ids.ts'

/** What a link that names no note shows: on /note/, and in a modal named by ?thread= and the like. */
export const InvalidNoteId = () => (
  <p className="feed-message" role="alert">
    {INVALID_NOTE_ID}
  </p>
)

/** The note a URL query parameter names (?thread=, ?reply=, ?repost=, ?zap=): children get its id. */
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

import type { ReactNode } from 'react'
import { useDeleted } from './use-hiding.ts'
import './note.css'

/** The line that stands for a deleted note where a thread or a quote needs its place kept. */
export const DELETED_LABEL = 'Note deleted by its author'
export const DELETED_QUOTE_LABEL = 'Quoted note deleted by its author'

interface DeletedNoteProps {
  id: string
  /** Its place in the feed it is an article of (a thread), if any. */
  position?: number
  setSize?: number
  /** The words of the line. */
  label?: string
  children: ReactNode
}

/**
 * A note its author deleted (NIP-09), folded to one line with nothing to open: the author asked
 * for it to be gone. A note not deleted shows as it is.
 */
export function DeletedNote({
  id,
  position,
  setSize,
  label = DELETED_LABEL,
  children,
}: DeletedNoteProps) {
  if (!useDeleted(id)) return children
  // In a feed (a thread), the line keeps the note's place as one of its articles.
  return position === undefined ? (
    <div className="note-muted note-deleted" data-deleted-id={id}>
      {label}
    </div>
  ) : (
    <article
      className="note-muted note-deleted"
      data-deleted-id={id}
      aria-posinset={position}
      aria-setsize={setSize}
    >
      {label}
    </article>
  )
}

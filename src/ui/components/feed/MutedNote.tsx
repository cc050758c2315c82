import { type ReactNode, useState } from 'react'
import {
  type MutedItem,
  type MuteSubject,
  mutedLabel,
  muteReason,
} from '../../../core/people/mute-set.ts'
import { useMuteSet } from '../people/use-mute-set.ts'
import './note.css'

interface MutedNoteProps {
  note: MuteSubject
  item: MutedItem
  /** Its place in the feed it is an article of, if any. */
  position?: number
  setSize?: number
  children: ReactNode
}

/**
 * A note the user's mutes hide (NIP-51), folded to one line, e.g. 'Reply from a muted person ·
 * Show', that opens it on click; anything nothing hides shows as it is.
 */
export function MutedNote({ note, item, position, setSize, children }: MutedNoteProps) {
  const reason = muteReason(useMuteSet(), note)
  const [shown, setShown] = useState(false)
  if (!reason || shown) return children
  const line = (
    <>
      <span>{mutedLabel(item, reason)}</span>
      <span aria-hidden="true"> · </span>
      <button
        type="button"
        className="note-muted-show"
        onClick={(event) => {
          // Inside a quote, the click opens this note, not the quoting one.
          event.stopPropagation()
          setShown(true)
        }}
      >
        Show
      </button>
    </>
  )
  // In a feed (a thread), the line keeps the note's place as one of its articles.
  return position === undefined ? (
    <div className="note-muted" data-muted-id={note.id}>
      {line}
    </div>
  ) : (
    <article
      className="note-muted"
      data-muted-id={note.id}
      aria-posinset={position}
      aria-setsize={setSize}
    >
      {line}
    </article>
  )
}

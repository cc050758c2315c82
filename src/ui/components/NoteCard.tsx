import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { threadRefs } from '../../core/nip10.ts'
import type { Note } from '../../core/note.ts'
import { displayName } from '../../core/profile.ts'
import { absoluteTime, relativeTime } from '../../core/relative-time.ts'
import { useSystem } from '../system-context.tsx'
import { Avatar } from './Avatar.tsx'
import { NoteContent } from './NoteContent.tsx'

interface NoteCardProps {
  note: Note
  position: number
  setSize: number
  now: number
}

export function NoteCard({ note, position, setSize, now }: NoteCardProps) {
  const system = useSystem()
  const { data: metadata } = useQuery(system.metadataQuery(note.pubkey))
  const name = displayName(metadata, note.pubkey)
  const headingId = useId()
  const refs = threadRefs(note.tags)
  const replyTo = refs.reply ? (refs.people.find((p) => p !== note.pubkey) ?? null) : null
  return (
    <article
      className="note"
      aria-labelledby={headingId}
      aria-posinset={position}
      aria-setsize={setSize}
      // The WAI-ARIA feed pattern makes each article focusable.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: feed articles take focus by design
      tabIndex={0}
      data-note-id={note.id}
    >
      <Avatar pubkey={note.pubkey} name={name} picture={metadata?.picture} />
      <div className="note-body">
        <header className="note-header">
          <h3 id={headingId} className="note-author">
            {name}
          </h3>
          <time
            className="note-time"
            dateTime={new Date(note.created_at * 1000).toISOString()}
            title={absoluteTime(note.created_at)}
          >
            {relativeTime(note.created_at, now)}
          </time>
        </header>
        {replyTo && <ReplyContext pubkey={replyTo} />}
        <NoteContent content={note.content} />
      </div>
    </article>
  )
}

/** "Replying to …": the first person addressed other than the author. */
function ReplyContext({ pubkey }: { pubkey: string }) {
  const system = useSystem()
  const { data: metadata } = useQuery(system.metadataQuery(pubkey))
  return <p className="note-reply-to">Replying to {displayName(metadata, pubkey)}</p>
}

import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import { noteParam } from '../../../core/app/route-ids.ts'
import type { EventPointer } from '../../../core/feed/nip18.ts'
import { sensitiveReason } from '../../../core/feed/sensitive-content.ts'
import { displayName } from '../../../core/people/profile.ts'
import { absoluteTime, relativeTime } from '../../../core/platform/relative-time.ts'
import { useNow } from '../../hooks/use-now.ts'
import { useSystem } from '../../system-context.tsx'
import { QUOTE_LOADING } from './card-text.ts'
import { DELETED_QUOTE_LABEL, DeletedNote } from './DeletedNote.tsx'
import { MutedNote } from './MutedNote.tsx'
import { NoteContent } from './NoteContent.tsx'
import { SensitiveContent } from './SensitiveContent.tsx'
import './quoted-note.css'

/** No relay answered for the quoted note; its link opens the note's page, which asks again. */
export const QUOTE_FAILED = 'Failed to load quoted note'

/**
 * A quoted note (NIP-18 quote repost) inside the quoting one, fetched by id as ['note', id], also
 * from its relay hints.
 */
export function QuotedNote({ pointer }: { pointer: EventPointer }) {
  const system = useSystem()
  const navigate = useNavigate()
  const now = useNow()
  const { data: note, isPending, isError } = useQuery(system.noteQuery(pointer.id, pointer.relays))
  const { data: metadata } = useQuery({
    ...system.metadataQuery(note?.pubkey ?? ''),
    enabled: Boolean(note),
  })
  const noteId = noteParam(pointer.id, {
    relays: pointer.relays,
    author: pointer.author ?? undefined,
  })
  if (isPending) return <div className="note-quote note-quote-status">{QUOTE_LOADING}</div>
  if (!note) {
    return (
      <Link className="note-quote note-quote-status" to="/note/$noteId" params={{ noteId }}>
        {isError ? QUOTE_FAILED : 'Quoted note not found on your relays'}
      </Link>
    )
  }
  // A click anywhere on the quote opens it, except on its own links and buttons; keyboard
  // users open it through the time link.
  const open = (event: MouseEvent<HTMLElement>) => {
    event.stopPropagation()
    if ((event.target as Element).closest('a, button, video')) return
    if (window.getSelection()?.toString()) return
    void navigate({ to: '/note/$noteId', params: { noteId } })
  }
  const quote = (
    // biome-ignore lint/a11y/noStaticElementInteractions: the time link is the keyboard way in
    // biome-ignore lint/a11y/useKeyWithClickEvents: the time link is the keyboard way in
    <div className="note-quote" data-quote-id={note.id} onClick={open}>
      <div className="note-quote-header">
        <span className="note-quote-author">{displayName(metadata, note.pubkey)}</span>
        <Link
          className="note-quote-time"
          to="/note/$noteId"
          params={{ noteId }}
          title={absoluteTime(note.created_at)}
        >
          {relativeTime(note.created_at, now)}
        </Link>
      </div>
      <SensitiveContent reason={sensitiveReason(note.tags, note.content)}>
        <NoteContent content={note.content} tags={note.tags} nested />
      </SensitiveContent>
    </div>
  )
  return (
    <DeletedNote id={note.id} label={DELETED_QUOTE_LABEL}>
      <MutedNote note={note} item="quote">
        {quote}
      </MutedNote>
    </DeletedNote>
  )
}

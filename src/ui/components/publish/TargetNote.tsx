import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { noteQueryOptions } from '../../../actors/feed/note-queries.ts'
import type { Note } from '../../../core/feed/note.ts'
import { FAILED_TO_LOAD_NOTE } from '../../../core/relays/relay-messages.ts'
import { useNow } from '../../hooks/use-now.ts'
import { useSystem } from '../../system-context.tsx'
import { NoteCard } from '../feed/NoteCard.tsx'
import { NOTE_NOT_FOUND } from '../feed/ThreadView.tsx'
import { LoadFailed } from '../kit/LoadFailed.tsx'

/** The note by id once loaded; until then, or when it cannot be, what to say instead. */
export function useTargetNote(id: string): { note: Note } | { note: null; status: ReactNode } {
  const { hub } = useSystem()
  const { data: note, isPending, isError, refetch } = useQuery(noteQueryOptions(hub, id))
  if (isPending) return { note: null, status: <p className="feed-message">Loading note…</p> }
  if (isError) {
    return {
      note: null,
      status: <LoadFailed message={FAILED_TO_LOAD_NOTE} retry={() => void refetch()} />,
    }
  }
  if (!note) {
    return {
      note: null,
      status: (
        <p className="feed-message" role="status">
          {NOTE_NOT_FOUND}
        </p>
      ),
    }
  }
  return { note }
}

/** The note a reply, a quote or a repost is about, loaded by id; `children` get it once loaded. */
export function TargetNote({ id, children }: { id: string; children(note: Note): ReactNode }) {
  const now = useNow()
  const target = useTargetNote(id)
  if (!target.note) return target.status
  return (
    <>
      <div className="compose-target">
        <NoteCard note={target.note} position={1} setSize={1} now={now} actions={false} />
      </div>
      {children(target.note)}
    </>
  )
}

/**
 * The note-delete actor for the delete dialog: what it is doing and the ways to ask it. The actor
 * (and the publishing code behind it) is the system's, loaded on first use: until it is, the
 * dialog suspends, as a lazily loaded overlay does while its code loads.
 */
import { useSelector } from '@xstate/react'
import { use } from 'react'
import type { NoteDelete } from '../../../actors/publish/note-delete.effects.ts'
import type { NoteDeleteSnapshot } from '../../../machines/note-delete.machine.ts'
import { useSystem } from '../../system-context.tsx'

export type NoteDeleteState = 'idle' | 'rejected' | 'confirming' | 'publishing' | 'done' | 'failed'

export interface NoteDeleteView {
  state: NoteDeleteState
  /** The note asked about, or the last one. */
  noteId: string | null
  error: string | null
  detail: string | null
}

const viewOf = (snapshot: NoteDeleteSnapshot): NoteDeleteView => ({
  state: snapshot.value,
  noteId: snapshot.context.note?.id ?? null,
  error: snapshot.context.error,
  detail: snapshot.context.detail,
})

const sameView = (a: NoteDeleteView, b: NoteDeleteView) =>
  a.state === b.state && a.noteId === b.noteId && a.error === b.error && a.detail === b.detail

export function useNoteDelete(): { service: NoteDelete; view: NoteDeleteView } {
  const service = use(useSystem().noteDelete())
  const view = useSelector(service.actor, viewOf, sameView)
  return { service, view }
}

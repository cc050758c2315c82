/**
 * What views of notes leave out (core/feed/hidden-notes.ts): notes their authors deleted
 * (actors/feed/deleted-notes.ts) and the user's mutes (actors/people/mute-set.ts).
 */
import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { type Hiding, isHiddenNote, withoutHidden } from '../../../core/feed/hidden-notes.ts'
import type { MuteSubject } from '../../../core/people/mute-set.ts'
import { useSystem } from '../../system-context.tsx'
import { useMuteSet } from '../people/use-mute-set.ts'

/** The ids of the notes their authors deleted, as this device knows them. */
export const useDeletedNotes = (): ReadonlySet<string> =>
  useSelector(useSystem().deletedNotes.actor, (snapshot) => snapshot.context.ids)

/** Whether this note's author deleted it. */
export const useDeleted = (id: string): boolean =>
  useSelector(useSystem().deletedNotes.actor, (snapshot) => snapshot.context.ids.has(id))

/** The user's mutes and the deleted notes: one object while neither changes. */
export function useHiding(): Hiding {
  const mutes = useMuteSet()
  const deleted = useDeletedNotes()
  return useMemo(() => ({ mutes, deleted }), [mutes, deleted])
}

/** The notes neither deleted nor muted; undefined while there are none yet. */
export function useShownNotes<T extends MuteSubject>(
  notes: readonly T[] | undefined,
): readonly T[] | undefined {
  const hiding = useHiding()
  return useMemo(() => notes && withoutHidden(notes, hiding, isHiddenNote), [notes, hiding])
}

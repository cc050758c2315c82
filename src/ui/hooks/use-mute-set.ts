/** The user's current mute set (actors/mute-set.ts): what every view of other people's events hides. */
import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { muteSetActorFor } from '../../actors/mute-set.ts'
import { isMuted, type MuteSet, type MuteSubject, withoutMutedBy } from '../../core/mute-set.ts'
import { useSystem } from '../system-context.tsx'

export function useMuteSet(): MuteSet {
  const system = useSystem()
  const actor = useMemo(() => muteSetActorFor(system), [system])
  return useSelector(actor, (snapshot) => snapshot.context.set)
}

/** The notes nothing hides; undefined while there are none yet. */
export function useUnmuted<T extends MuteSubject>(
  notes: readonly T[] | undefined,
): readonly T[] | undefined {
  const mutes = useMuteSet()
  return useMemo(() => notes && withoutMutedBy(notes, mutes, isMuted), [notes, mutes])
}

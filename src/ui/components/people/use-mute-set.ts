/** The user's current mute set (actors/people/mute-set.ts): what every view of other people's events hides. */
import { useSelector } from '@xstate/react'
import type { HeldMutes } from '../../../actors/people/mute-set.ts'
import type { MuteSet } from '../../../core/people/mute-set.ts'
import { useSystem } from '../../system-context.tsx'

const useMuteSetActor = () => useSystem().muteSet()

export const useMuteSet = (): MuteSet =>
  useSelector(useMuteSetActor(), (snapshot) => snapshot.context.set)

/** Whether the user's mute list has been read (or cannot be): until then a count may still drop. */
export const useMutesKnown = (): boolean =>
  useSelector(useMuteSetActor(), (snapshot) => snapshot.context.known)

/** Everything the user's list mutes, split by part, and where its private part stands (Settings). */
export const useHeldMutes = (): HeldMutes =>
  useSelector(useMuteSetActor(), (snapshot) => snapshot.context)

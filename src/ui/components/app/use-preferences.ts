/** Selector hooks over the preferences actor (a child of the app). */
import { useSelector } from '@xstate/react'
import { useCallback } from 'react'
import { DEFAULT_PREFERENCES, type Preferences } from '../../../core/app/preferences.ts'
import type {
  PreferencesEvent,
  PreferencesSnapshot,
} from '../../../machines/preferences.machine.ts'
import { useSystem } from '../../system-context.tsx'

function usePreferencesActor() {
  const { app } = useSystem()
  return useSelector(app, (snapshot) => snapshot.children.preferences)
}

const preferencesOf = (snapshot: PreferencesSnapshot | undefined): Preferences =>
  snapshot?.context.preferences ?? DEFAULT_PREFERENCES

/** The current preferences (the defaults until they are loaded). */
export function usePreferences(): Preferences {
  return useSelector(usePreferencesActor(), preferencesOf)
}

/** Why the last hashtag was not added, or null. */
export function useHashtagError(): string | null {
  return useSelector(usePreferencesActor(), (snapshot) => snapshot?.context.hashtagError ?? null)
}

/** Sends the user's change to the preferences actor. */
export function useSendPreferences(): (event: PreferencesEvent) => void {
  const actor = usePreferencesActor()
  return useCallback((event) => actor?.send(event), [actor])
}

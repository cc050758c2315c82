/**
 * The preferences machine's effects: local storage under the spec's keys (§3), the theme on the
 * document, and the login's sign-out (spec §4: sign-out turns Follow Only off). The composition
 * root provides them to the machine.
 */
import { fromCallback } from 'xstate'
import { readStoredPreferences, storedEntries } from '../../core/app/preferences.ts'
import type { LoginActorRef } from '../../machines/login.machine.ts'
import type { PreferencesEvent, preferencesMachine } from '../../machines/preferences.machine.ts'

// Storage may be refused (private mode, quota, disabled): preferences then last the session.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value)
  } catch {
    // The change still holds for this session.
  }
}

export const preferencesEffects = {
  actors: {
    // Synchronous, so the first render already has the stored preferences (no flash of defaults).
    loadStored: fromCallback<PreferencesEvent>(({ sendBack }) => {
      sendBack({ type: 'preferences.loaded', stored: readStoredPreferences(read) })
    }),
    watchSession: fromCallback<PreferencesEvent>(({ sendBack, system }) => {
      const login = system.get('login') as LoginActorRef | undefined
      const subscription = login?.on('session.signedOut', () =>
        sendBack({ type: 'preferences.signedOut' }),
      )
      return () => subscription?.unsubscribe()
    }),
  },
  actions: {
    persist: ({ context }) => {
      for (const [key, value] of storedEntries(context.preferences)) write(key, value)
    },
    applyTheme: ({ context }) => {
      const theme = context.preferences.isDarkMode ? 'dark' : 'light'
      document.documentElement.dataset.theme = theme
      document.documentElement.style.colorScheme = theme
    },
  },
} satisfies Parameters<(typeof preferencesMachine)['provide']>[0]

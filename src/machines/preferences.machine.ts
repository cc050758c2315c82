/**
 * The UI preferences (spec §3) as a child of the app: `loading` until the stored preferences are
 * read (`loadStored` sends `preferences.loaded`), then `ready` for the user's changes from the
 * Modes and Filters settings. Every change is written back (`persist`); the theme follows Dark
 * Mode (`applyTheme`). Sign-out turns Follow Only off (spec §4); `watchSession` reports it.
 *
 * The custom hashtag list follows spec §5 (core/feed/hashtags.ts): a rejected tag leaves its message
 * in `hashtagError` until the next add, remove or edit of the input.
 *
 * Effects are supplied by src/actors/app/preferences.effects.ts with `provide`. Unprovided they do nothing
 * (the machine then stays `loading` with the defaults), so an app started without them, as in
 * its model test, still runs.
 */
import { type ActorRefFrom, assign, fromCallback, type SnapshotFrom, setup } from 'xstate'
import {
  type BooleanPreference,
  DEFAULT_PREFERENCES,
  type Preferences,
  resetPreferences,
  withStored,
} from '../core/app/preferences.ts'
import { addHashtag, removeHashtag } from '../core/feed/hashtags.ts'

/** Every boolean preference but the NSFW Disrespector, which is always on (spec §2). */
export type SettablePreference = Exclude<BooleanPreference, 'nsfwBlock'>

export interface PreferencesContext {
  preferences: Preferences
  /** Why the last hashtag was not added (spec §5). */
  hashtagError: string | null
}

export type PreferencesEvent =
  | { type: 'preferences.loaded'; stored: Partial<Preferences> }
  | { type: 'preferences.set'; key: SettablePreference; value: boolean }
  | { type: 'preferences.hashtag.add'; input: string }
  | { type: 'preferences.hashtag.remove'; tag: string }
  /** The user is typing another tag: the last rejection no longer applies. */
  | { type: 'preferences.hashtag.edited' }
  | { type: 'preferences.reset' }
  | { type: 'preferences.signedOut' }

const addResult = (context: PreferencesContext, event: PreferencesEvent) =>
  addHashtag(
    context.preferences.customHashtags,
    event.type === 'preferences.hashtag.add' ? event.input : '',
  )

export const preferencesMachine = setup({
  types: {
    context: {} as PreferencesContext,
    events: {} as PreferencesEvent,
    children: {} as { stored: 'loadStored'; session: 'watchSession' },
  },
  actors: {
    /** Reads local storage and sends `preferences.loaded`. */
    loadStored: fromCallback<PreferencesEvent>(() => {}),
    /** Sends `preferences.signedOut` when the user signs out. */
    watchSession: fromCallback<PreferencesEvent>(() => {}),
  },
  actions: {
    /** Writes `context.preferences` to local storage under the spec's keys. */
    persist: () => {},
    /** Shows the dark or the light theme, as `context.preferences.isDarkMode` says. */
    applyTheme: () => {},
    load: assign({
      preferences: ({ event }) =>
        event.type === 'preferences.loaded' ? withStored(event.stored) : DEFAULT_PREFERENCES,
    }),
    set: assign({
      preferences: ({ context, event }) =>
        event.type === 'preferences.set'
          ? { ...context.preferences, [event.key]: event.value }
          : context.preferences,
    }),
    addHashtag: assign({
      preferences: ({ context, event }) => {
        const result = addResult(context, event)
        return result.kind === 'added'
          ? { ...context.preferences, customHashtags: result.tags }
          : context.preferences
      },
    }),
    rejectHashtag: assign({
      hashtagError: ({ context, event }) => {
        const result = addResult(context, event)
        return result.kind === 'rejected' ? result.error : null
      },
    }),
    removeHashtag: assign({
      preferences: ({ context, event }) => ({
        ...context.preferences,
        customHashtags:
          event.type === 'preferences.hashtag.remove'
            ? removeHashtag(context.preferences.customHashtags, event.tag)
            : context.preferences.customHashtags,
      }),
    }),
    clearHashtagError: assign({ hashtagError: null }),
    reset: assign({ preferences: ({ context }) => resetPreferences(context.preferences) }),
    followOff: assign({
      preferences: ({ context }) => ({ ...context.preferences, filterByFollow: false }),
    }),
  },
  guards: {
    hashtagAdded: ({ context, event }) => addResult(context, event).kind === 'added',
    hashtagRejected: ({ context, event }) => addResult(context, event).kind === 'rejected',
    followOn: ({ context }) => context.preferences.filterByFollow,
  },
}).createMachine({
  id: 'preferences',
  context: { preferences: DEFAULT_PREFERENCES, hashtagError: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: { id: 'stored', src: 'loadStored' },
      on: { 'preferences.loaded': { target: 'ready', actions: 'load' } },
    },
    ready: {
      invoke: { id: 'session', src: 'watchSession' },
      entry: 'applyTheme',
      on: {
        'preferences.set': { actions: ['set', 'persist', 'applyTheme'] },
        'preferences.hashtag.add': [
          { guard: 'hashtagAdded', actions: ['addHashtag', 'clearHashtagError', 'persist'] },
          { guard: 'hashtagRejected', actions: 'rejectHashtag' },
          // Blank input is ignored (spec §5).
          { actions: 'clearHashtagError' },
        ],
        'preferences.hashtag.remove': {
          actions: ['removeHashtag', 'clearHashtagError', 'persist'],
        },
        'preferences.hashtag.edited': { actions: 'clearHashtagError' },
        'preferences.reset': { actions: ['reset', 'clearHashtagError', 'persist', 'applyTheme'] },
        'preferences.signedOut': { guard: 'followOn', actions: ['followOff', 'persist'] },
      },
    },
  },
})

export type PreferencesActorRef = ActorRefFrom<typeof preferencesMachine>
export type PreferencesSnapshot = SnapshotFrom<typeof preferencesMachine>

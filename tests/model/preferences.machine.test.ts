import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import {
  DEFAULT_PREFERENCES,
  type Preferences,
  RESET_PREFERENCES,
} from '../../src/core/app/preferences.ts'
import { HASHTAG_ERRORS } from '../../src/core/feed/hashtags.ts'
import {
  type PreferencesEvent,
  type PreferencesSnapshot,
  preferencesMachine,
} from '../../src/machines/preferences.machine.ts'
import { createModel, describePath, type Harness, modelPaths, walkPath } from './walk.ts'

interface Fakes {
  /** Every preferences object `persist` wrote, in order. */
  persisted: Preferences[]
  /** Every theme `applyTheme` showed (true: dark). */
  themes: boolean[]
  /** Whether the session watch runs. */
  watching: boolean
}

function arrange() {
  const fakes: Fakes = { persisted: [], themes: [], watching: false }
  const machine = preferencesMachine.provide({
    actors: {
      // The walker delivers `preferences.loaded` itself, as the stored read would.
      loadStored: fromCallback<PreferencesEvent>(() => {}),
      watchSession: fromCallback<PreferencesEvent>(() => {
        fakes.watching = true
        return () => {
          fakes.watching = false
        }
      }),
    },
    actions: {
      persist: ({ context }) => {
        fakes.persisted.push(structuredClone(context.preferences))
      },
      applyTheme: ({ context }) => {
        fakes.themes.push(context.preferences.isDarkMode)
      },
    },
  })
  return { machine, fakes }
}

// Enough samples to meet every rule once: each kind of hashtag input, each kind of change.
const model = createModel({
  machine: preferencesMachine,
  samples: {
    'preferences.loaded': [
      { type: 'preferences.loaded', stored: {} },
      {
        type: 'preferences.loaded',
        stored: { isDarkMode: false, filterByFollow: true, nsfwBlock: false },
      },
    ],
    'preferences.set': [
      { type: 'preferences.set', key: 'showReplies', value: false },
      { type: 'preferences.set', key: 'isDarkMode', value: false },
    ],
    'preferences.hashtag.add': [
      { type: 'preferences.hashtag.add', input: '#Art' },
      { type: 'preferences.hashtag.add', input: 'bitcoin' },
      { type: 'preferences.hashtag.add', input: '  ' },
      { type: 'preferences.hashtag.add', input: 'two words' },
    ],
    'preferences.hashtag.remove': [{ type: 'preferences.hashtag.remove', tag: 'art' }],
  },
  // Context as a key of the fields the samples change (the rest moves with them), smaller to print.
  serializeState: (snapshot: PreferencesSnapshot) => {
    const { preferences, hashtagError } = snapshot.context
    return JSON.stringify([
      snapshot.value,
      hashtagError,
      preferences.isDarkMode,
      preferences.showReplies,
      preferences.filterByFollow,
      preferences.filterByImageNotesOnly,
      preferences.customHashtags,
    ])
  },
})

const harness: Harness<typeof preferencesMachine, Fakes> = {
  arrange,
  states: {
    '*': (snapshot, { expected }) => {
      expect(snapshot.context).toEqual(expected.context)
      expect(snapshot.context.preferences.nsfwBlock, 'NSFW Disrespector is always on').toBe(true)
    },
    loading: (snapshot, { fakes }) => {
      expect(snapshot.context.preferences).toEqual(DEFAULT_PREFERENCES)
      expect(fakes.persisted, 'nothing is written before the stored values are read').toEqual([])
      expect(fakes.watching).toBe(false)
    },
    ready: (snapshot, { fakes }) => {
      const { preferences } = snapshot.context
      expect(fakes.watching, 'sign-outs are heard while ready').toBe(true)
      expect(fakes.themes.at(-1), 'the theme follows Dark Mode').toBe(preferences.isDarkMode)
      // What is stored is what is shown (when anything was stored at all).
      if (fakes.persisted.length > 0) expect(fakes.persisted.at(-1)).toEqual(preferences)
      const keys = preferences.customHashtags.map((tag) => tag.toLowerCase())
      expect(new Set(keys).size, 'no hashtag twice, whatever the case').toBe(keys.length)
    },
  },
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('preferences machine: every transition', () => {
  const paths = modelPaths(model, 'transitions')
  it('covers loading and ready, each hashtag rule, reset and sign-out', () => {
    const events = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)))
    for (const type of [
      'preferences.loaded',
      'preferences.set',
      'preferences.hashtag.add',
      'preferences.hashtag.remove',
      'preferences.hashtag.edited',
      'preferences.reset',
      'preferences.signedOut',
    ]) {
      expect(events).toContain(type)
    }
  })
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

describe('preferences machine: the rules, one by one', () => {
  const start = (stored: Partial<Preferences> = {}) => {
    const { machine, fakes } = arrange()
    const actor = createActor(machine).start()
    actor.send({ type: 'preferences.loaded', stored })
    return { actor, fakes }
  }

  it('a rejected hashtag keeps the list and says why, until the input changes', () => {
    const { actor, fakes } = start()
    actor.send({ type: 'preferences.hashtag.add', input: '#nostr' })
    expect(actor.getSnapshot().context.hashtagError).toBe(HASHTAG_ERRORS.duplicate('Nostr'))
    expect(fakes.persisted).toEqual([])
    actor.send({ type: 'preferences.hashtag.edited' })
    expect(actor.getSnapshot().context.hashtagError).toBeNull()
    actor.send({ type: 'preferences.hashtag.add', input: '#Art' })
    expect(actor.getSnapshot().context.preferences.customHashtags).toEqual([
      'Bitcoin',
      'Nostr',
      'News',
      'Art',
    ])
    expect(fakes.persisted.at(-1)?.customHashtags).toContain('Art')
  })

  it('reset gives the spec values (§4) and keeps Image Mode', () => {
    const { actor } = start({ imageMode: true, showReplies: false, customHashtags: ['Art'] })
    actor.send({ type: 'preferences.reset' })
    expect(actor.getSnapshot().context.preferences).toEqual({
      ...RESET_PREFERENCES,
      imageMode: true,
    })
  })

  it('sign-out turns Follow Only off (§4); without it on, nothing is written', () => {
    const { actor, fakes } = start({ filterByFollow: true })
    actor.send({ type: 'preferences.signedOut' })
    expect(actor.getSnapshot().context.preferences.filterByFollow).toBe(false)
    expect(fakes.persisted).toHaveLength(1)
    actor.send({ type: 'preferences.signedOut' })
    expect(fakes.persisted).toHaveLength(1)
  })
})

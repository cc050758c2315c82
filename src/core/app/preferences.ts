/**
 * UI preferences (spec §3) and how they are kept in local storage under the spec's keys.
 * Notification mutes and last-seen times belong to the notifications screen, not here.
 */

export interface Preferences {
  isDarkMode: boolean
  /** Note pictures drawn as ASCII art (spec §2, Modes). */
  useAscii: boolean
  /** Only meaningful with useAscii (spec §2: enabled only when ASCII Mode is on). */
  useColor: boolean
  showReplies: boolean
  showReposts: boolean
  /** NSFW Disrespector: always on (spec §2); kept for the storage format. */
  nsfwBlock: boolean
  filterByFollow: boolean
  /**
   * Replies, mentions and notifications from outside the user's web of trust folded behind one
   * line (core/people/web-of-trust.ts); on by default, only while logged in.
   */
  filterByTrust: boolean
  filterByImageNotesOnly: boolean
  imageMode: boolean
  customHashtags: string[]
}

export type BooleanPreference = {
  [K in keyof Preferences]: Preferences[K] extends boolean ? K : never
}[keyof Preferences]

/** The custom hashtags of a fresh install and of a reset (spec §4). */
export const DEFAULT_HASHTAGS: readonly string[] = ['Bitcoin', 'Nostr', 'News']

/**
 * Spec §4: "Reset preferences sets dark mode, ascii, color, replies, reposts, nsfw block and
 * image-only filter to on, follow filter off, custom hashtags to Bitcoin, Nostr, News".
 * Image Mode is not among the keys a reset clears, so a reset leaves it as it is.
 */
export const RESET_PREFERENCES: Omit<Preferences, 'imageMode'> = {
  isDarkMode: true,
  useAscii: true,
  useColor: true,
  showReplies: true,
  showReposts: true,
  nsfwBlock: true,
  filterByImageNotesOnly: true,
  filterByFollow: false,
  filterByTrust: true,
  customHashtags: [...DEFAULT_HASHTAGS],
}

/**
 * A fresh install (spec README, "preferences on a fresh install"): the reset values but Image
 * Notes Only off, so that a first visit sees a full feed, not the few notes with pictures; Image
 * Mode off, which a reset leaves as it is.
 */
export const DEFAULT_PREFERENCES: Preferences = {
  ...RESET_PREFERENCES,
  filterByImageNotesOnly: false,
  customHashtags: [...DEFAULT_HASHTAGS],
  imageMode: false,
}

/** Local storage key of each preference (spec §3; imageMode has none there, so its own name). */
export const PREFERENCE_STORAGE_KEYS: Readonly<Record<keyof Preferences, string>> = {
  isDarkMode: 'darkMode',
  useAscii: 'useAscii',
  useColor: 'useColor',
  showReplies: 'showReplies',
  showReposts: 'showReposts',
  nsfwBlock: 'nsfwBlock',
  filterByFollow: 'filterByFollow',
  filterByTrust: 'filterByTrust',
  filterByImageNotesOnly: 'filterByImageNotesOnly',
  imageMode: 'imageMode',
  customHashtags: 'customHashtags',
}

function parseBoolean(raw: string): boolean | undefined {
  const value = raw.trim().toLowerCase()
  if (value === 'true' || value === '1') return true
  if (value === 'false' || value === '0') return false
  return undefined
}

function parseHashtags(raw: string): string[] | undefined {
  try {
    const value: unknown = JSON.parse(raw)
    if (!Array.isArray(value)) return undefined
    return value.filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '')
  } catch {
    return undefined
  }
}

/** What local storage holds; values that do not parse are left out (their default stays). */
export function readStoredPreferences(read: (key: string) => string | null): Partial<Preferences> {
  const stored: Partial<Preferences> = {}
  for (const [name, key] of Object.entries(PREFERENCE_STORAGE_KEYS)) {
    const raw = read(key)
    if (raw === null) continue
    const field = name as keyof Preferences
    if (field === 'customHashtags') {
      const tags = parseHashtags(raw)
      if (tags) stored.customHashtags = tags
    } else {
      const value = parseBoolean(raw)
      if (value !== undefined) stored[field] = value
    }
  }
  return stored
}

/** Defaults overlaid with what was stored. NSFW Disrespector stays on whatever was stored. */
export const withStored = (stored: Partial<Preferences>): Preferences => ({
  ...DEFAULT_PREFERENCES,
  ...stored,
  nsfwBlock: true,
})

/** Key and text of every preference, as written to local storage. */
export function storedEntries(preferences: Preferences): Array<[key: string, value: string]> {
  return Object.entries(PREFERENCE_STORAGE_KEYS).map(([name, key]) => {
    const value = preferences[name as keyof Preferences]
    return [key, Array.isArray(value) ? JSON.stringify(value) : String(value)]
  })
}

/** Spec §4: the reset values, Image Mode kept. */
export const resetPreferences = (current: Preferences): Preferences => ({
  ...RESET_PREFERENCES,
  customHashtags: [...RESET_PREFERENCES.customHashtags],
  imageMode: current.imageMode,
})

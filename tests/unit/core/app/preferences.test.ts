import { describe, expect, it } from 'vitest'
import {
  DEFAULT_HASHTAGS,
  DEFAULT_PREFERENCES,
  PREFERENCE_STORAGE_KEYS,
  type Preferences,
  RESET_PREFERENCES,
  readStoredPreferences,
  resetPreferences,
  storedEntries,
  withStored,
} from '../../../../src/core/app/preferences.ts'

const storage = (entries: Record<string, string>) => (key: string) => entries[key] ?? null

describe('preferences', () => {
  it('stores under the spec keys (§3, preference keys cleared by reset), darkMode for isDarkMode', () => {
    const keys = Object.values(PREFERENCE_STORAGE_KEYS)
    for (const key of [
      'darkMode',
      'useAscii',
      'useColor',
      'showReplies',
      'showReposts',
      'nsfwBlock',
      'filterByFollow',
      'filterByImageNotesOnly',
      'customHashtags',
      'filterByTrust',
    ]) {
      expect(keys).toContain(key)
    }
    expect(PREFERENCE_STORAGE_KEYS.isDarkMode).toBe('darkMode')
  })

  it('a fresh install has the reset values but Image Notes Only off (spec README decisions), Image Mode off', () => {
    expect(DEFAULT_HASHTAGS).toEqual(['Bitcoin', 'Nostr', 'News'])
    expect(DEFAULT_PREFERENCES).toEqual({
      isDarkMode: true,
      useAscii: true,
      useColor: true,
      showReplies: true,
      showReposts: true,
      nsfwBlock: true,
      filterByImageNotesOnly: false,
      filterByFollow: false,
      // Ours, not the spec's: the web of trust is on until the user turns it off.
      filterByTrust: true,
      imageMode: false,
      customHashtags: ['Bitcoin', 'Nostr', 'News'],
    })
    expect(DEFAULT_PREFERENCES).toEqual({
      ...RESET_PREFERENCES,
      filterByImageNotesOnly: false,
      imageMode: false,
    })
    // Nothing stored is a fresh install.
    expect(withStored(readStoredPreferences(storage({})))).toEqual(DEFAULT_PREFERENCES)
  })

  it('reset sets dark, ascii, color, replies, reposts, nsfw block and image-only on, follow off, hashtags Bitcoin, Nostr, News (§4)', () => {
    expect(RESET_PREFERENCES).toEqual({
      isDarkMode: true,
      useAscii: true,
      useColor: true,
      showReplies: true,
      showReposts: true,
      nsfwBlock: true,
      filterByImageNotesOnly: true,
      filterByFollow: false,
      filterByTrust: true,
      customHashtags: ['Bitcoin', 'Nostr', 'News'],
    })
    const changed: Preferences = {
      ...DEFAULT_PREFERENCES,
      isDarkMode: false,
      filterByFollow: true,
      imageMode: true,
      customHashtags: ['Art'],
    }
    const reset = resetPreferences(changed)
    expect(reset).toEqual({ ...RESET_PREFERENCES, imageMode: true })
    // The reset list is a copy: changing it later does not change the constant.
    reset.customHashtags.push('x')
    expect(RESET_PREFERENCES.customHashtags).toEqual(['Bitcoin', 'Nostr', 'News'])
  })

  it('reads what was stored and leaves out what does not parse', () => {
    const stored = readStoredPreferences(
      storage({
        darkMode: 'false',
        showReplies: '0',
        showReposts: 'maybe',
        filterByFollow: '1',
        customHashtags: JSON.stringify(['Art', 42, ' ', 'Music']),
        imageMode: 'true',
      }),
    )
    expect(stored).toEqual({
      isDarkMode: false,
      showReplies: false,
      filterByFollow: true,
      imageMode: true,
      customHashtags: ['Art', 'Music'],
    })
    // An emptied list stays empty (every note), rather than coming back as the defaults.
    expect(readStoredPreferences(storage({ customHashtags: '[]' }))).toEqual({ customHashtags: [] })
    expect(readStoredPreferences(storage({ customHashtags: '{not json' }))).toEqual({})
    expect(readStoredPreferences(storage({ customHashtags: '"Art"' }))).toEqual({})
  })

  it('keeps the NSFW Disrespector on whatever was stored', () => {
    expect(withStored({ nsfwBlock: false, showReplies: false })).toEqual({
      ...DEFAULT_PREFERENCES,
      showReplies: false,
    })
  })

  it('writes every preference as text that reads back the same', () => {
    const preferences: Preferences = {
      ...DEFAULT_PREFERENCES,
      isDarkMode: false,
      useAscii: false,
      useColor: false,
      filterByImageNotesOnly: false,
      imageMode: true,
      customHashtags: ['Art', 'Café'],
    }
    const entries = Object.fromEntries(storedEntries(preferences))
    expect(entries.darkMode).toBe('false')
    expect(entries.useAscii).toBe('false')
    expect(entries.useColor).toBe('false')
    expect(entries.customHashtags).toBe('["Art","Café"]')
    expect(withStored(readStoredPreferences(storage(entries)))).toEqual(preferences)
  })
})

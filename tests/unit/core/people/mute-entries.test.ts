import { describe, expect, it } from 'vitest'
import { muteOutcomeText, typedMute } from '../../../../src/core/people/mute-edit.ts'
import {
  MUTES_SECTION,
  muteEntries,
  muteEntryLabel,
} from '../../../../src/core/people/mute-entries.ts'
import { parseMuteList } from '../../../../src/core/people/mute-list.ts'

const PERSON = 'cd'.repeat(32)
const THREAD = '11'.repeat(32)

describe("Settings' mutes", () => {
  it('lists both parts grouped as people, threads, hashtags, words; one in both shows as private', () => {
    const shown = parseMuteList({
      kind: 10000,
      tags: [
        ['word', 'gm'],
        ['t', 'news'],
        ['p', PERSON],
      ],
    })
    const hidden = parseMuteList({
      kind: 10000,
      tags: [
        ['e', THREAD],
        ['t', 'News'],
      ],
    })
    expect(muteEntries(shown, hidden)).toEqual([
      { target: { kind: 'p', value: PERSON }, place: 'public' },
      { target: { kind: 'e', value: THREAD }, place: 'private' },
      { target: { kind: 't', value: 'News' }, place: 'private' },
      { target: { kind: 'word', value: 'gm' }, place: 'public' },
    ])
    expect(muteEntries(null, null)).toEqual([])
  })

  it('names each mute', () => {
    expect(muteEntryLabel({ kind: 'p', value: PERSON }, 'ann')).toBe('@ann')
    expect(muteEntryLabel({ kind: 'e', value: THREAD }, '')).toMatch(/^Thread note1.{8}….{13}$/)
    expect(muteEntryLabel({ kind: 't', value: 'news' }, '')).toBe('#news')
    expect(muteEntryLabel({ kind: 'word', value: 'gm' }, '')).toBe('“gm”')
    expect(MUTES_SECTION).toEqual({
      loggedOut: 'Log in to see and change your mutes.',
      reading: 'Reading your mute list…',
      none: 'You mute nobody and nothing yet.',
    })
  })

  it('reads a typed #tag as a hashtag, anything else as a word', () => {
    expect(typedMute(' #Nostr ')).toEqual({ kind: 't', value: '#Nostr' })
    expect(typedMute(' good morning ')).toEqual({ kind: 'word', value: 'good morning' })
  })

  it('says how a change ended', () => {
    expect(muteOutcomeText({ done: true, error: null, detail: null }, 'Muted #news')).toBe(
      'Muted #news',
    )
    expect(muteOutcomeText({ done: false, error: 'Mute failed', detail: 'why' }, 'x')).toBe(
      'Mute failed: why',
    )
    expect(
      muteOutcomeText({ done: false, error: 'No signing method available', detail: null }, 'x'),
    ).toBe('No signing method available')
  })
})

import { describe, expect, it } from 'vitest'
import { menuMute, muteItemText, noteMuteTargets } from '../../../../src/core/feed/note-mutes.ts'

const ME = 'ab'.repeat(32)
const AUTHOR = 'cd'.repeat(32)
const ROOT = '11'.repeat(32)
const NOTE = '22'.repeat(32)

describe("a note's More menu mutes", () => {
  it('offers the author, the thread’s root and each hashtag once', () => {
    const note = {
      id: NOTE,
      pubkey: AUTHOR,
      tags: [
        ['e', ROOT, '', 'root'],
        ['t', 'Nostr'],
        ['t', '#nostr'],
        ['t', 'two words'],
        ['t', ''],
        ['t', 'news'],
      ],
    }
    expect(noteMuteTargets(note, ME)).toEqual([
      { kind: 'p', value: AUTHOR },
      { kind: 'e', value: ROOT },
      { kind: 't', value: 'nostr' },
      { kind: 't', value: 'news' },
    ])
  })

  it('a root is its own thread; the user’s own note offers no “Mute @me”', () => {
    expect(noteMuteTargets({ id: NOTE, pubkey: ME, tags: [] }, ME)).toEqual([
      { kind: 'e', value: NOTE },
    ])
  })

  it('names each item, and mutes privately', () => {
    expect(muteItemText({ kind: 'p', value: AUTHOR }, 'ann')).toBe('Mute @ann')
    expect(muteItemText({ kind: 'e', value: ROOT }, 'ann')).toBe('Mute this thread')
    expect(muteItemText({ kind: 't', value: 'nostr' }, 'ann')).toBe('Mute #nostr')
    expect(menuMute({ kind: 't', value: 'nostr' })).toEqual({
      action: 'mute',
      target: { kind: 't', value: 'nostr' },
      place: 'private',
    })
  })
})

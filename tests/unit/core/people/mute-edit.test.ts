import { describe, expect, it } from 'vitest'
import {
  alreadyDone,
  changeMuteParts,
  cleanTarget,
  MUTE_MESSAGES,
  type MuteChange,
  type MuteRequest,
  mutedText,
  muteListTemplate,
  muteProblem,
  needsPrivate,
  privateChanged,
} from '../../../../src/core/people/mute-edit.ts'
import { parseMuteList } from '../../../../src/core/people/mute-list.ts'

const USER = 'ab'.repeat(32)
const TARGET = 'cd'.repeat(32)
const OTHER = 'ef'.repeat(32)
const THREAD = '12'.repeat(32)

const person = (value: string) => ({ kind: 'p' as const, value })
const change = (overrides: Partial<MuteChange> = {}): MuteChange => ({
  action: 'mute',
  target: person(TARGET),
  place: 'public',
  ...overrides,
})
const request = (
  overrides: Partial<Omit<MuteRequest, 'change'>> = {},
  changed: Partial<MuteChange> = {},
): MuteRequest => ({
  change: change(changed),
  user: USER,
  ready: true,
  relays: ['wss://relay.example'],
  ...overrides,
})

describe('mute validation (lightning-and-ecash §5)', () => {
  it('accepts a 64-hex person, a thread id, a hashtag and a word', () => {
    expect(muteProblem(request())).toBeNull()
    expect(
      muteProblem(request({}, { action: 'unmute', target: person(TARGET.toUpperCase()) })),
    ).toBeNull()
    expect(muteProblem(request({}, { target: { kind: 'e', value: THREAD } }))).toBeNull()
    expect(muteProblem(request({}, { target: { kind: 't', value: '#Nostr' } }))).toBeNull()
    expect(muteProblem(request({}, { target: { kind: 'word', value: 'two words' } }))).toBeNull()
  })

  it.each([
    [{ ready: false }, {}, 'Nostr client not ready'],
    [{ relays: [] }, {}, 'No relays configured'],
    [{ user: null }, {}, 'No signing method available'],
    [{ user: 'me' }, {}, 'Invalid user pubkey'],
    [{}, { target: person('npub1xyz') }, 'Invalid pubkey to mute'],
    [{}, { target: person(TARGET.slice(1)) }, 'Invalid pubkey to mute'],
    [{}, { target: person(''), action: 'unmute' as const }, 'Invalid pubkey to unmute'],
    [{}, { target: person(USER) }, "Can't mute yourself"],
    [{}, { target: person(USER), action: 'unmute' as const }, "Can't unmute yourself"],
    [{}, { target: { kind: 'e' as const, value: 'note1x' } }, 'Invalid thread to mute'],
    [{}, { target: { kind: 't' as const, value: ' # ' } }, 'Enter a hashtag to mute'],
    [{}, { target: { kind: 't' as const, value: 'two tags' } }, 'Enter a hashtag to mute'],
    [{}, { target: { kind: 'word' as const, value: '  ' } }, 'Enter a word to mute'],
  ])('%o %o gives %s', (overrides, changed, message) => {
    expect(muteProblem(request(overrides, changed))).toBe(message)
  })

  it('names a failed read or publish by its action', () => {
    expect(MUTE_MESSAGES.failed).toEqual({ mute: 'Mute failed', unmute: 'Unmute failed' })
  })

  it('says why a list that cannot be read is not replaced', () => {
    expect(MUTE_MESSAGES.unreadable).toMatch(
      /could not be read from any relay.*nothing was published/,
    )
    expect(MUTE_MESSAGES.privateUnreadable).toMatch(/could not be decrypted.*nothing was published/)
  })

  it('cleans targets as they are written', () => {
    expect(cleanTarget({ kind: 't', value: ' ##Nostr ' })).toEqual({ kind: 't', value: 'nostr' })
    expect(cleanTarget({ kind: 'word', value: ' GM ' })).toEqual({ kind: 'word', value: 'gm' })
    expect(cleanTarget(person(TARGET.toUpperCase()))).toEqual(person(TARGET))
  })
})

describe('changing a mute list (kind 10000)', () => {
  const tags = [
    ['p', OTHER, 'wss://relay.example'],
    ['t', 'airdrop'],
    ['word', 'giveaway'],
    ['e', 'f'.repeat(64)],
    ['client', 'Other app'],
    ['unknown', 'kept'],
  ]
  const kept = tags.filter((tag) => tag[0] !== 'client')
  const hidden = [
    ['word', 'secret'],
    ['p', TARGET],
  ]

  it('mutes publicly: added to the tags, every other tag kept, our client tag last', () => {
    const next = changeMuteParts(change({ target: person(TARGET.toUpperCase()) }), {
      public: tags,
      private: [],
    })
    expect(next.public).toEqual([...kept, ['p', TARGET], ['client', 'Plume']])
    expect(next.private).toEqual([])
    expect(parseMuteList({ kind: 10000, tags: next.public }).people.map((p) => p.pubkey)).toEqual([
      OTHER,
      TARGET,
    ])
  })

  it('mutes privately: added to the private tags, the public ones untouched', () => {
    const next = changeMuteParts(
      change({ place: 'private', target: { kind: 't', value: '#Spam' } }),
      {
        public: tags,
        private: hidden,
      },
    )
    expect(next.public).toEqual([...kept, ['client', 'Plume']])
    expect(next.private).toEqual([...hidden, ['t', 'spam']])
  })

  it('moves a mute between public and private', () => {
    const toPublic = changeMuteParts(change(), { public: tags, private: hidden })
    expect(toPublic.public).toEqual([...kept, ['p', TARGET], ['client', 'Plume']])
    expect(toPublic.private).toEqual([['word', 'secret']])
    const toPrivate = changeMuteParts(change({ place: 'private', target: person(OTHER) }), {
      public: tags,
      private: hidden,
    })
    expect(toPrivate.public).toEqual([...kept.slice(1), ['client', 'Plume']])
    expect(toPrivate.private).toEqual([...hidden, ['p', OTHER]])
  })

  it('muting a mute there already keeps its place and hint', () => {
    expect(
      changeMuteParts(change({ target: person(OTHER) }), { public: tags, private: [] }),
    ).toEqual({
      public: [...kept, ['client', 'Plume']],
      private: [],
    })
  })

  it('unmutes from both parts, every tag of it, nothing else', () => {
    const next = changeMuteParts(
      change({ action: 'unmute', target: { kind: 'word', value: 'SECRET' } }),
      {
        public: [...tags, ['word', 'secret']],
        private: hidden,
      },
    )
    expect(next.public).toEqual([...kept, ['client', 'Plume']])
    expect(next.private).toEqual([['p', TARGET]])
  })

  it('a private part that could not be read stays unread', () => {
    expect(changeMuteParts(change(), { public: [], private: null }).private).toBeNull()
  })

  it('knows when the list is as asked already, and when the private part must be read', () => {
    const parts = { public: tags, private: hidden }
    expect(alreadyDone(change({ target: person(OTHER) }), parts)).toBe(true)
    expect(alreadyDone(change({ place: 'private' }), parts)).toBe(true)
    expect(alreadyDone(change(), parts), 'private, asked public').toBe(false)
    expect(alreadyDone(change({ action: 'unmute' }), parts)).toBe(false)
    expect(alreadyDone(change({ action: 'unmute', target: person(USER) }), parts)).toBe(true)
    expect(alreadyDone(change({ target: { kind: 't', value: '#AIRDROP' } }), parts)).toBe(true)
    expect(needsPrivate(change())).toBe(false)
    expect(needsPrivate(change({ place: 'private' }))).toBe(true)
    expect(needsPrivate(change({ action: 'unmute' }))).toBe(true)
    const before = { public: tags, private: hidden }
    expect(privateChanged(before, changeMuteParts(change({ place: 'private' }), before))).toBe(
      false,
    )
    expect(privateChanged(before, changeMuteParts(change(), before))).toBe(true)
  })

  it('dates the list after the old one, with the content given', () => {
    expect(
      muteListTemplate({ created_at: 5_000 }, [['p', TARGET]], 'nip44-ciphertext', 4_000),
    ).toEqual({
      kind: 10000,
      created_at: 5_001,
      tags: [['p', TARGET]],
      content: 'nip44-ciphertext',
    })
    expect(muteListTemplate(null, [], '', 4_000)).toMatchObject({ created_at: 4_000, content: '' })
  })

  it('says what was muted', () => {
    expect(mutedText(person(TARGET), 'ann')).toBe('Muted @ann')
    expect(mutedText({ kind: 'e', value: THREAD }, '')).toBe('Muted this thread')
    expect(mutedText({ kind: 't', value: 'nostr' }, '')).toBe('Muted #nostr')
    expect(mutedText({ kind: 'word', value: 'gm' }, '')).toBe('Muted “gm”')
  })
})

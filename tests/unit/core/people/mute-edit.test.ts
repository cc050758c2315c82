import { describe, expect, it } from 'vitest'
import {
  changeMutes,
  listMutes,
  MUTE_MESSAGES,
  type MuteRequest,
  muteListTemplate,
  muteProblem,
} from '../../../../src/core/people/mute-edit.ts'
import { parseMuteList } from '../../../../src/core/people/mute-list.ts'

const USER = 'ab'.repeat(32)
const TARGET = 'cd'.repeat(32)
const OTHER = 'ef'.repeat(32)

const request = (overrides: Partial<MuteRequest> = {}): MuteRequest => ({
  action: 'mute',
  target: TARGET,
  user: USER,
  ready: true,
  relays: ['wss://relay.example'],
  ...overrides,
})

describe('mute validation (lightning-and-ecash §5)', () => {
  it('accepts a 64-hex person', () => {
    expect(muteProblem(request())).toBeNull()
    expect(muteProblem(request({ action: 'unmute', target: TARGET.toUpperCase() }))).toBeNull()
  })

  it.each([
    [{ ready: false }, 'Nostr client not ready'],
    [{ relays: [] }, 'No relays configured'],
    [{ user: null }, 'No signing method available'],
    [{ user: 'me' }, 'Invalid user pubkey'],
    [{ target: 'npub1xyz' }, 'Invalid pubkey to mute'],
    [{ target: TARGET.slice(1) }, 'Invalid pubkey to mute'],
    [{ target: '', action: 'unmute' as const }, 'Invalid pubkey to unmute'],
    [{ target: USER }, "Can't mute yourself"],
    [{ target: USER, action: 'unmute' as const }, "Can't unmute yourself"],
  ])('%o gives %s', (overrides, message) => {
    expect(muteProblem(request(overrides))).toBe(message)
  })

  it('names a failed read or publish by its action', () => {
    expect(MUTE_MESSAGES.failed).toEqual({ mute: 'Mute failed', unmute: 'Unmute failed' })
  })

  it('says why a list that cannot be read is not replaced', () => {
    expect(MUTE_MESSAGES.unreadable).toMatch(
      /could not be read from any relay.*nothing was published/,
    )
  })
})

describe('changing a mute list (kind 10000)', () => {
  const tags = [
    ['p', OTHER, 'wss://relay.example'],
    ['t', 'airdrop'],
    ['word', 'giveaway'],
    ['e', 'f'.repeat(64)],
    ['client', 'Other app'],
  ]

  it('mutes: the person added, hashtags, words, threads and hints kept, our client tag last', () => {
    const next = changeMutes('mute', tags, TARGET.toUpperCase())
    expect(next).toEqual([...tags.slice(0, 4), ['p', TARGET], ['client', 'Plume']])
    expect(parseMuteList({ kind: 10000, tags: next }).people.map((p) => p.pubkey)).toEqual([
      OTHER,
      TARGET,
    ])
  })

  it('muting someone muted already keeps their place and hint', () => {
    expect(changeMutes('mute', tags, OTHER)).toEqual([...tags.slice(0, 4), ['client', 'Plume']])
  })

  it('unmutes: every p tag of the person goes, nothing else', () => {
    expect(changeMutes('unmute', [...tags, ['p', OTHER]], OTHER)).toEqual([
      ...tags.slice(1, 4),
      ['client', 'Plume'],
    ])
    expect(listMutes(changeMutes('unmute', tags, OTHER), OTHER)).toBe(false)
  })

  it('keeps the encrypted private part and dates the list after the old one', () => {
    const base = { tags, content: 'nip44-ciphertext', created_at: 5_000 }
    expect(muteListTemplate(base, [['p', TARGET]], 4_000)).toEqual({
      kind: 10000,
      created_at: 5_001,
      tags: [['p', TARGET]],
      content: 'nip44-ciphertext',
    })
    expect(muteListTemplate(null, [], 4_000)).toMatchObject({ created_at: 4_000, content: '' })
  })
})

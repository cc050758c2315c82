import { npubEncode } from 'nostr-tools/nip19'
import { describe, expect, it } from 'vitest'
import {
  addContact,
  alreadyDone,
  CONTACTS_UNREADABLE,
  changeContacts,
  contactListTemplate,
  FOLLOW_MESSAGES,
  type FollowRequest,
  followProblem,
  listFollows,
  parseContactPubkey,
  removeContact,
} from '../../../../src/core/people/follow.ts'

const USER = 'ab'.repeat(32)
const TARGET = 'cd'.repeat(32)
const OTHER = 'ef'.repeat(32)

const request = (overrides: Partial<FollowRequest> = {}): FollowRequest => ({
  action: 'follow',
  target: TARGET,
  user: USER,
  ready: true,
  relays: ['wss://relay.example'],
  ...overrides,
})

describe('follow validation (spec §5, §8)', () => {
  it('accepts a valid follow and unfollow, by hex (any case) or npub', () => {
    expect(followProblem(request())).toBeNull()
    expect(followProblem(request({ target: TARGET.toUpperCase() }))).toBeNull()
    expect(followProblem(request({ action: 'unfollow', target: npubEncode(TARGET) }))).toBeNull()
  })

  it.each([
    [{ ready: false }, 'Nostr client not ready'],
    [{ relays: [] }, 'No relays configured'],
    [{ user: null }, 'Sign in required to follow users'],
    [{ user: null, action: 'unfollow' as const }, 'Sign in required to unfollow users'],
    [{ user: 'npub1me' }, 'Invalid user pubkey'],
    [
      { target: 'nobody' },
      'Invalid pubkey format. Please enter a valid 64-character hex pubkey or npub.',
    ],
    [
      { target: `${TARGET}0` },
      'Invalid pubkey format. Please enter a valid 64-character hex pubkey or npub.',
    ],
    [{ target: USER }, "Can't follow yourself"],
    [{ target: npubEncode(USER), action: 'unfollow' as const }, "Can't unfollow yourself"],
  ])('%o gives %s', (overrides, message) => {
    expect(followProblem(request(overrides))).toBe(message)
  })

  it('keeps the spec texts for the failures and the sign-in check', () => {
    expect(FOLLOW_MESSAGES.failed).toEqual({
      follow: 'Follow failed',
      unfollow: 'Unfollow failed',
      restore: 'Restore failed',
    })
    expect(FOLLOW_MESSAGES.signInFailed).toBe('Failed to sign in')
    expect(CONTACTS_UNREADABLE).toMatch(/could not be read from any relay.*nothing was published/)
  })

  it('reads 64 hex and npubs, nothing else', () => {
    expect(parseContactPubkey(` ${TARGET.toUpperCase()} `)).toBe(TARGET)
    expect(parseContactPubkey(npubEncode(TARGET))).toBe(TARGET)
    expect(parseContactPubkey('npub1qqqq')).toBeNull()
    expect(parseContactPubkey('')).toBeNull()
  })
})

describe('changing a contact list (kind 3)', () => {
  const tags = [
    ['p', OTHER, 'wss://relay.example', 'erin'],
    ['t', 'nostr'],
    ['p', USER.toUpperCase()],
  ]

  it('adds the person at the end, keeping every other tag with its hint and petname', () => {
    expect(addContact(tags, TARGET)).toEqual([...tags, ['p', TARGET]])
    expect(addContact(tags, OTHER)).toEqual(tags)
  })

  it('removes every p tag for the person, in any case, and nothing else', () => {
    expect(removeContact(tags, USER)).toEqual(tags.slice(0, 2))
    expect(removeContact([...tags, ['p', USER, 'wss://x.example']], USER)).toEqual(tags.slice(0, 2))
    expect(removeContact(tags, TARGET)).toEqual(tags)
  })

  it('does not change the list it was given', () => {
    const copy = structuredClone(tags)
    changeContacts('follow', tags, TARGET)
    changeContacts('unfollow', tags, OTHER)
    expect(tags).toEqual(copy)
  })

  it('already following, or not following, counts as done (spec §4)', () => {
    expect(listFollows(tags, OTHER)).toBe(true)
    expect(alreadyDone('follow', tags, OTHER)).toBe(true)
    expect(alreadyDone('unfollow', tags, TARGET)).toBe(true)
    expect(alreadyDone('follow', tags, TARGET)).toBe(false)
    expect(alreadyDone('unfollow', [], TARGET)).toBe(true)
  })

  it('keeps the content, dates the new list after the old one (§7: empty content when new)', () => {
    const base = { tags, content: '{"wss://a.example":{}}', created_at: 2_000 }
    expect(contactListTemplate(base, [['p', TARGET]], 1_000)).toEqual({
      kind: 3,
      created_at: 2_001,
      tags: [['p', TARGET]],
      content: base.content,
    })
    // A restored version brings its own content (NIP-02: the old relay map), still dated after.
    expect(contactListTemplate(base, [['p', TARGET]], 1_000, '{}')).toMatchObject({
      created_at: 2_001,
      content: '{}',
    })
    expect(contactListTemplate(null, [['p', TARGET]], 1_000)).toEqual({
      kind: 3,
      created_at: 1_000,
      tags: [['p', TARGET]],
      content: '',
    })
  })
})

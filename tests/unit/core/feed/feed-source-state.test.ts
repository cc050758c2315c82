import { describe, expect, it } from 'vitest'
import { feedSourceState, followOnlyApplies } from '../../../../src/core/feed/feed-source-state.ts'

const USER = 'a'.repeat(64)
const BOB = 'b'.repeat(64)
const CAROL = 'c'.repeat(64)
const list = { contacts: [{ pubkey: BOB }, { pubkey: CAROL }], createdAt: 1_700_000_000 }

describe('followOnlyApplies (spec §6)', () => {
  it('needs the preference and a logged-in user', () => {
    expect(followOnlyApplies(true, true, USER)).toBe(true)
    expect(followOnlyApplies(false, true, USER)).toBe(false)
    expect(followOnlyApplies(true, false, USER)).toBe(false)
    expect(followOnlyApplies(true, true, null)).toBe(false)
  })
})

describe('feedSourceState', () => {
  it("is everyone's notes, with the hashtags, without Follow Only", () => {
    expect(feedSourceState({ followOnly: false, pubkey: USER, list, hashtags: ['nostr'] })).toEqual(
      { status: 'ready', source: { follows: null, hashtags: ['nostr'] }, follows: null },
    )
    expect(feedSourceState({ followOnly: true, pubkey: null, list, hashtags: [] })).toEqual({
      status: 'ready',
      source: { follows: null, hashtags: [] },
      follows: null,
    })
  })

  it('waits for the follow list with Follow Only', () => {
    expect(
      feedSourceState({ followOnly: true, pubkey: USER, list: undefined, hashtags: [] }),
    ).toEqual({ status: 'loadingFollows' })
  })

  it('says when the user follows nobody or published no list', () => {
    const empty = { contacts: [], createdAt: 1 }
    expect(feedSourceState({ followOnly: true, pubkey: USER, list: empty, hashtags: [] })).toEqual({
      status: 'noFollows',
    })
    expect(feedSourceState({ followOnly: true, pubkey: USER, list: null, hashtags: [] })).toEqual({
      status: 'noFollows',
    })
  })

  it('is the people followed, the list version and the hashtags, with Follow Only', () => {
    expect(feedSourceState({ followOnly: true, pubkey: USER, list, hashtags: ['art'] })).toEqual({
      status: 'ready',
      source: {
        follows: { pubkey: USER, version: 1_700_000_000, authors: [BOB, CAROL] },
        hashtags: ['art'],
      },
      follows: [BOB, CAROL],
    })
  })
})

import { describe, expect, it } from 'vitest'
import { isEmptyMuteList, parseMuteList } from '../../../../src/core/people/mute-list.ts'

const A = 'a'.repeat(64)
const E = 'e'.repeat(64)

describe('parseMuteList (kind 10000, public part)', () => {
  it('reads people, hashtags, words and threads from the tags', () => {
    const list = parseMuteList({
      kind: 10000,
      tags: [
        ['p', A],
        ['t', '#airdrop'],
        ['t', 'Airdrop'],
        ['word', 'giveaway'],
        ['e', E],
        ['e', 'not-an-id'],
      ],
    })
    expect(list).toEqual({
      people: [{ pubkey: A, relay: '', petname: '' }],
      hashtags: ['airdrop'],
      words: ['giveaway'],
      threads: [E],
    })
    expect(isEmptyMuteList(list)).toBe(false)
  })

  it('reads nothing from another kind, or from the encrypted content', () => {
    expect(isEmptyMuteList(parseMuteList({ kind: 3, tags: [['p', A]] }))).toBe(true)
    expect(isEmptyMuteList(parseMuteList({ kind: 10000, tags: [] }))).toBe(true)
  })
})

import { describe, expect, it } from 'vitest'
import {
  followingCountText,
  parseContactList,
  peopleFromTags,
} from '../../../../src/core/people/contacts.ts'

const A = 'a'.repeat(64)
const B = 'b'.repeat(64)

describe('parseContactList (kind 3 p tags → pubkey, relay, petname)', () => {
  it('reads pubkey, relay hint and petname from each p tag, in order', () => {
    const event = {
      kind: 3,
      tags: [
        ['p', A, 'wss://relay.example.com/', 'alice'],
        ['p', B],
      ],
    }
    expect(parseContactList(event)).toEqual([
      { pubkey: A, relay: 'wss://relay.example.com', petname: 'alice' },
      { pubkey: B, relay: '', petname: '' },
    ])
  })

  it('drops malformed pubkeys, other tags and repeats; lowercases hex', () => {
    const event = {
      kind: 3,
      tags: [
        ['e', A],
        ['p', 'npub1notahexkey'],
        ['p', A.toUpperCase(), '', 'first'],
        ['p', A, '', 'second'],
        ['t', 'nostr'],
      ],
    }
    expect(parseContactList(event)).toEqual([{ pubkey: A, relay: '', petname: 'first' }])
  })

  it('keeps no relay hint that is not a relay URL', () => {
    expect(peopleFromTags([['p', A, 'https://example.com']])[0]?.relay).toBe('')
    expect(peopleFromTags([['p', A, 'not a url at all']])[0]?.relay).toBe('')
  })

  it('reads nothing from another kind', () => {
    expect(parseContactList({ kind: 10000, tags: [['p', A]] })).toEqual([])
  })

  it('words the count', () => {
    expect(followingCountText(0)).toBe('0 following')
    expect(followingCountText(12)).toBe('12 following')
  })
})

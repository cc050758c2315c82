import { neventEncode, npubEncode, nsecEncode } from 'nostr-tools/nip19'
import { generateSecretKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  holdsSecret,
  MAX_QUERY_LENGTH,
  openable,
  parseSearchParams,
} from '../../../../src/core/search/search-params.ts'

const pubkey = '3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d'
const id = 'b9f5441e45ca39179320e0031cfb18e34078673dcc3d3e3a3b3a981760aa5696'

describe('the search page URL query', () => {
  it('keeps q as typed, trimmed; drops blank, secret and non-text values', () => {
    expect(parseSearchParams({ q: '  #nostr ' })).toEqual({ q: '#nostr' })
    expect(parseSearchParams({ q: 42 })).toEqual({ q: '42' })
    expect(parseSearchParams({ q: '   ' })).toEqual({})
    expect(parseSearchParams({ q: ['a'] })).toEqual({})
    expect(parseSearchParams({})).toEqual({})
    expect(parseSearchParams({ q: nsecEncode(generateSecretKey()) })).toEqual({})
  })

  it('drops a value by setting q to undefined, which the router merges over the raw query', () => {
    const dropped = parseSearchParams({ q: nsecEncode(generateSecretKey()) })
    expect(Object.hasOwn(dropped, 'q')).toBe(true)
    expect({ q: 'raw', ...dropped }.q).toBeUndefined()
  })

  it(`cuts a query at ${MAX_QUERY_LENGTH} characters`, () => {
    expect(parseSearchParams({ q: 'a'.repeat(MAX_QUERY_LENGTH + 5) }).q).toHaveLength(
      MAX_QUERY_LENGTH,
    )
  })
})

describe('what opens without a search', () => {
  it('opens a profile or a note, from a bare identifier or a nostr: link', () => {
    const npub = npubEncode(pubkey)
    expect(openable(` nostr:${npub} `)).toMatchObject({ kind: 'profile', identifier: npub })
    const nevent = neventEncode({ id, relays: ['wss://relay.example.com'] })
    expect(openable(nevent.toUpperCase())).toMatchObject({ kind: 'note', identifier: nevent })
  })

  it('opens nothing that does not decode, and nothing but profiles and notes', () => {
    expect(openable(`${npubEncode(pubkey).slice(0, -1)}x`)).toBeNull()
    expect(openable('#nostr')).toBeNull()
    expect(openable(nsecEncode(generateSecretKey()))).toBeNull()
  })
})

describe('secret keys in a query', () => {
  it('finds an nsec or ncryptsec alone, behind nostr:, or inside text', () => {
    const nsec = nsecEncode(generateSecretKey())
    expect(holdsSecret(nsec)).toBe(true)
    expect(holdsSecret(`nostr:${nsec}`)).toBe(true)
    expect(holdsSecret(`my key: ${nsec}`)).toBe(true)
    expect(holdsSecret('nsec1abc')).toBe(true)
    expect(holdsSecret('insecure1abcdefghij')).toBe(false)
  })
})

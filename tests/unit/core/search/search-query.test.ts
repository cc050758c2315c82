import {
  naddrEncode,
  neventEncode,
  noteEncode,
  nprofileEncode,
  npubEncode,
  nsecEncode,
} from 'nostr-tools/nip19'
import { generateSecretKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  hashtagValues,
  parseSearchQuery,
  SEARCH_MESSAGES,
} from '../../../../src/core/search/search-query.ts'

const pubkey = '3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d'
const id = 'b9f5441e45ca39179320e0031cfb18e34078673dcc3d3e3a3b3a981760aa5696'
const npub = npubEncode(pubkey)
const note = noteEncode(id)

describe('what a search query names', () => {
  it('is empty when blank', () => {
    expect(parseSearchQuery('')).toEqual({ kind: 'empty' })
    expect(parseSearchQuery('   \n')).toEqual({ kind: 'empty' })
  })

  it('opens a profile for an npub or an nprofile, keeping the hints in the route parameter', () => {
    expect(parseSearchQuery(` ${npub} `)).toEqual({
      kind: 'profile',
      identifier: npub,
      target: { pubkey, relays: [] },
    })
    const nprofile = nprofileEncode({ pubkey, relays: ['wss://relay.example.com'] })
    expect(parseSearchQuery(nprofile)).toEqual({
      kind: 'profile',
      identifier: nprofile,
      target: { pubkey, relays: ['wss://relay.example.com'] },
    })
  })

  it('opens a note for a note id or an nevent', () => {
    expect(parseSearchQuery(note)).toMatchObject({ kind: 'note', identifier: note, target: { id } })
    const nevent = neventEncode({ id, relays: ['wss://relay.example.com'], author: pubkey })
    expect(parseSearchQuery(nevent)).toEqual({
      kind: 'note',
      identifier: nevent,
      target: { id, relays: ['wss://relay.example.com'], author: pubkey },
    })
  })

  it('reads nostr: links (NIP-21) and upper case bech32 like the bare identifier', () => {
    expect(parseSearchQuery(`nostr:${npub}`)).toMatchObject({ kind: 'profile', identifier: npub })
    expect(parseSearchQuery(note.toUpperCase())).toMatchObject({ kind: 'note', identifier: note })
  })

  it('says an naddr is not supported yet, and a broken identifier does not decode', () => {
    const naddr = naddrEncode({ kind: 30023, pubkey, identifier: 'post' })
    expect(parseSearchQuery(naddr)).toEqual({ kind: 'address' })
    expect(SEARCH_MESSAGES.address).toBe('Addressable events (naddr) are not supported yet.')
    expect(parseSearchQuery(`${npub.slice(0, -1)}q`)).toEqual({
      kind: 'invalid',
      message: SEARCH_MESSAGES.invalidProfile,
    })
    expect(parseSearchQuery('npub1xyz')).toEqual({
      kind: 'invalid',
      message: SEARCH_MESSAGES.invalidProfile,
    })
    expect(parseSearchQuery(`${note}x`)).toEqual({
      kind: 'invalid',
      message: SEARCH_MESSAGES.invalidNote,
    })
    expect(parseSearchQuery('naddr1qqqq')).toEqual({
      kind: 'invalid',
      message: SEARCH_MESSAGES.invalidAddress,
    })
  })

  it('asks the relays about 64 hex, in lower case', () => {
    expect(parseSearchQuery(id.toUpperCase())).toEqual({ kind: 'hex', hex: id })
    expect(parseSearchQuery(`${id}0`)).toEqual({ kind: 'text', text: `${id}0` })
  })

  it('looks up name@domain addresses, loopback ones with a port too', () => {
    expect(parseSearchQuery('Alice@Example.com')).toEqual({
      kind: 'nip05',
      identifier: 'alice@example.com',
    })
    expect(parseSearchQuery('bob@127.0.0.1:8080')).toEqual({
      kind: 'nip05',
      identifier: 'bob@127.0.0.1:8080',
    })
    // Not addresses: a bare domain, a space, two @, a domain without a dot.
    for (const text of ['example.com', 'alice @example.com', 'a@b@c.com', 'alice@example']) {
      expect(parseSearchQuery(text).kind).toBe('text')
    }
  })

  it('takes #word as a hashtag, and anything else as text', () => {
    expect(parseSearchQuery('#Nostr')).toEqual({ kind: 'hashtag', tag: 'Nostr' })
    expect(parseSearchQuery('#café_2')).toEqual({ kind: 'hashtag', tag: 'café_2' })
    expect(parseSearchQuery('#two words')).toEqual({ kind: 'text', text: '#two words' })
    expect(parseSearchQuery('  bitcoin  meetup ')).toEqual({
      kind: 'text',
      text: 'bitcoin  meetup',
    })
  })

  it('refuses secret keys, alone or inside text, before anything is sent', () => {
    const nsec = nsecEncode(generateSecretKey())
    expect(parseSearchQuery(nsec)).toEqual({ kind: 'secret' })
    expect(parseSearchQuery(`nostr:${nsec}`)).toEqual({ kind: 'secret' })
    expect(parseSearchQuery(`my key is ${nsec} please`)).toEqual({ kind: 'secret' })
    expect(
      parseSearchQuery(
        'ncryptsec1qgg9947rlpvqu76pj5ecreduf9jxhselq2nae2kghhvd5g7dgjtcxfqtd67p9m0w57lspw8gsq6yphnm8623nsl8xn9j4jdzz84zm3frztj3z7s35vpzmqf6ksu8r89qk5z2zxfmu5gv8th8wclt0h4p',
      ),
    ).toEqual({ kind: 'secret' })
    expect(parseSearchQuery('nsec1abc')).toEqual({ kind: 'secret' })
  })
})

describe('hashtag values asked for', () => {
  it('asks lower case (NIP-24) and as typed, once when they agree', () => {
    expect(hashtagValues('Nostr')).toEqual(['nostr', 'Nostr'])
    expect(hashtagValues('nostr')).toEqual(['nostr'])
  })
})

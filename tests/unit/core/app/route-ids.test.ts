import { neventEncode, noteEncode, nprofileEncode, npubEncode } from 'nostr-tools/nip19'
import { describe, expect, it } from 'vitest'
import {
  INVALID_NOTE_ID,
  INVALID_NPUB,
  noteParam,
  parseNoteParam,
  parseNoteSearchParam,
  parseProfileParam,
  profileParam,
} from '../../../../src/core/app/route-ids.ts'

const pubkey = '3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d'
const id = 'b9f5441e45ca39179320e0031cfb18e34078673dcc3d3e3a3b3a981760aa5696'

describe('profile route parameter', () => {
  it('takes an npub, an nprofile with its relay hints, or 64 hex in either case', () => {
    expect(parseProfileParam(npubEncode(pubkey))).toEqual({ pubkey, relays: [] })
    expect(
      parseProfileParam(nprofileEncode({ pubkey, relays: ['wss://Relay.Example.com/'] })),
    ).toEqual({ pubkey, relays: ['wss://relay.example.com'] })
    expect(parseProfileParam(pubkey.toUpperCase())).toEqual({ pubkey, relays: [] })
  })

  it(`gives null (shown as '${INVALID_NPUB}') for anything else`, () => {
    for (const bad of ['', 'npub1xyz', pubkey.slice(1), noteEncode(id), `${pubkey}0`, 'alice']) {
      expect(parseProfileParam(bad)).toBeNull()
    }
    expect(INVALID_NPUB).toBe('Invalid npub')
  })

  it('links with the npub', () => {
    expect(parseProfileParam(profileParam(pubkey))?.pubkey).toBe(pubkey)
  })
})

describe('note route parameter', () => {
  it('takes a note or an nevent with its hints', () => {
    expect(parseNoteParam(noteEncode(id))).toEqual({ id, relays: [], author: null })
    expect(
      parseNoteParam(neventEncode({ id, relays: ['wss://r.example/'], author: pubkey })),
    ).toEqual({ id, relays: ['wss://r.example'], author: pubkey })
  })

  it('gives null for anything else, hex included', () => {
    for (const bad of ['', id, npubEncode(pubkey), 'note1xyz'])
      expect(parseNoteParam(bad)).toBeNull()
  })

  it('links with a note id, or an nevent carrying at most two relays and the author', () => {
    expect(noteParam(id)).toBe(noteEncode(id))
    const param = noteParam(id, { relays: ['wss://a', 'wss://b', 'wss://c'], author: pubkey })
    expect(parseNoteParam(param)).toEqual({ id, relays: ['wss://a', 'wss://b'], author: pubkey })
  })
})

describe('note query parameter (?thread=, ?reply=, ?repost=, ?zap=)', () => {
  it('takes what /note/ takes: a note, an nevent with its hints', () => {
    expect(parseNoteSearchParam(noteEncode(id))).toEqual(parseNoteParam(noteEncode(id)))
    const nevent = neventEncode({ id, relays: ['wss://r.example/'], author: pubkey })
    expect(parseNoteSearchParam(nevent)).toEqual({
      id,
      relays: ['wss://r.example'],
      author: pubkey,
    })
  })

  it('and 64 hex in either case, as the app writes it', () => {
    expect(parseNoteSearchParam(id)).toEqual({ id, relays: [], author: null })
    expect(parseNoteSearchParam(id.toUpperCase())).toEqual({ id, relays: [], author: null })
    expect(parseNoteSearchParam(` ${noteEncode(id)} `)?.id).toBe(id)
  })

  it(`gives null (shown as '${INVALID_NOTE_ID}') for anything else`, () => {
    for (const bad of [
      '',
      'note1xyz',
      'xyz',
      '123',
      'true',
      id.slice(1),
      `${id}0`,
      'g'.repeat(64),
      npubEncode(pubkey),
      nprofileEncode({ pubkey }),
    ]) {
      expect(parseNoteSearchParam(bad)).toBeNull()
    }
    expect(INVALID_NOTE_ID).toBe('Invalid note id')
  })
})

import {
  naddrEncode,
  neventEncode,
  noteEncode,
  nprofileEncode,
  npubEncode,
} from 'nostr-tools/nip19'
import { describe, expect, it } from 'vitest'
import { segmentContent } from '../../../../src/core/feed/content.ts'
import { decodeReference } from '../../../../src/core/platform/nip21.ts'

const PUBKEY = '3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d'
const ID = 'b'.repeat(64)

describe('decodeReference', () => {
  it('names the profile, event or address of every NIP-19 entity', () => {
    expect(decodeReference(npubEncode(PUBKEY))).toEqual({ type: 'profile', pubkey: PUBKEY })
    expect(
      decodeReference(nprofileEncode({ pubkey: PUBKEY, relays: ['wss://r.example'] })),
    ).toEqual({ type: 'profile', pubkey: PUBKEY })
    expect(decodeReference(noteEncode(ID))).toEqual({ type: 'event', id: ID })
    expect(decodeReference(neventEncode({ id: ID, relays: [] }))).toEqual({ type: 'event', id: ID })
    expect(
      decodeReference(naddrEncode({ kind: 30023, pubkey: PUBKEY, identifier: 'post' })),
    ).toMatchObject({
      type: 'address',
      kind: 30023,
      pubkey: PUBKEY,
      identifier: 'post',
    })
  })

  it('gives null for a broken checksum', () => {
    const npub = npubEncode(PUBKEY)
    expect(decodeReference(`${npub.slice(0, -1)}${npub.endsWith('q') ? 'p' : 'q'}`)).toBeNull()
  })
})

describe('references in content', () => {
  it('become reference segments; broken ones stay text', () => {
    const npub = npubEncode(PUBKEY)
    const note = noteEncode(ID)
    expect(segmentContent(`gm nostr:${npub}, see nostr:${note}. nostr:npub1broken`)).toEqual([
      { kind: 'text', text: 'gm ' },
      { kind: 'reference', entity: npub, reference: { type: 'profile', pubkey: PUBKEY } },
      { kind: 'text', text: ', see ' },
      { kind: 'reference', entity: note, reference: { type: 'event', id: ID } },
      { kind: 'text', text: '. nostr:npub1broken' },
    ])
  })
})

import { neventEncode, noteEncode, nprofileEncode, npubEncode } from 'nostr-tools/nip19'
import { describe, expect, it } from 'vitest'
import { routeForNostrLink } from '../../../../src/core/app/nostr-link.ts'

const PUBKEY = '3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d'
const ID = 'd'.repeat(64)

describe('web+nostr links (NIP-21) to app routes', () => {
  it('opens notes and events', () => {
    const note = noteEncode(ID)
    expect(routeForNostrLink(`web+nostr:${note}`)).toEqual({
      to: '/note/$noteId',
      params: { noteId: note },
    })
    const nevent = neventEncode({ id: ID, relays: ['wss://relay.example'] })
    expect(routeForNostrLink(`nostr:${nevent}`)?.params).toEqual({ noteId: nevent })
  })

  it('opens profiles, with or without the scheme', () => {
    const npub = npubEncode(PUBKEY)
    expect(routeForNostrLink(`web+nostr://${npub}`)).toEqual({
      to: '/npub/$npub',
      params: { npub },
    })
    const nprofile = nprofileEncode({ pubkey: PUBKEY })
    expect(routeForNostrLink(` ${nprofile} `)?.params).toEqual({ npub: nprofile })
  })

  it('opens nothing for what is not a note or profile', () => {
    expect(routeForNostrLink('web+nostr:npub1garbage')).toBeNull()
    expect(routeForNostrLink('https://example.com')).toBeNull()
    expect(routeForNostrLink('')).toBeNull()
  })
})

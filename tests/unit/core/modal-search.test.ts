import { describe, expect, it } from 'vitest'
import { parseModalSearch } from '../../../src/core/modal-search.ts'

describe('parseModalSearch', () => {
  it('keeps known flags set to true and drops everything else', () => {
    expect(
      parseModalSearch({
        settings: true,
        nsecLogin: 'true',
        signOut: 'yes',
        unlockKey: false,
        other: true,
      }),
    ).toEqual({
      settings: true,
      nsecLogin: true,
    })
  })

  it('knows the Auxiliary Relays statistics modal', () => {
    expect(parseModalSearch({ auxRelays: 'true', relayHealth: true })).toEqual({
      auxRelays: true,
      relayHealth: true,
    })
  })

  it('keeps removeRelay only when it is a relay URL, normalised', () => {
    expect(parseModalSearch({ removeRelay: 'wss://Relay.Example.com/' })).toEqual({
      removeRelay: 'wss://relay.example.com',
    })
    expect(parseModalSearch({ removeRelay: 'javascript:alert(1)' })).toEqual({})
    expect(parseModalSearch({ removeRelay: 42 })).toEqual({})
  })
})

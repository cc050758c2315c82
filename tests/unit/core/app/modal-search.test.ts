import { describe, expect, it } from 'vitest'
import {
  anyOverlayOpen,
  MODAL_FLAGS,
  NOTE_SEARCH_PARAMS,
  parseModalSearch,
} from '../../../../src/core/app/modal-search.ts'

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

describe('anyOverlayOpen', () => {
  it('is false for a plain page and true for every flag and every modal parameter', () => {
    expect(anyOverlayOpen({})).toBe(false)
    for (const flag of MODAL_FLAGS) expect(anyOverlayOpen({ [flag]: true })).toBe(true)
    expect(anyOverlayOpen({ removeRelay: 'wss://r.example' })).toBe(true)
    for (const param of NOTE_SEARCH_PARAMS) {
      expect(anyOverlayOpen({ [param]: 'ab'.repeat(32) })).toBe(true)
      // One that names no note opens its modal too: the modal says so.
      expect(anyOverlayOpen({ [param]: 'garbage' })).toBe(true)
    }
  })
})

import { describe, expect, it } from 'vitest'
import { knownIndexers, relayAddition } from '../../../../src/core/relays/relay-add.ts'

const listed = ['wss://relay.example.com', 'ws://localhost:7777']
const config = {
  blacklistedRelays: ['wss://bad.example.com'],
  indexerRelays: ['wss://indexer.example.com'],
  profileRelays: ['wss://profiles.example.com'],
}

describe('relayAddition: refused', () => {
  it('says each reason the add field gives, in its words', () => {
    const refusals: Array<[string, string]> = [
      ['', 'Please enter a relay URL'],
      ['   ', 'Please enter a relay URL'],
      ['not a relay', 'Invalid relay URL: it contains spaces'],
      [
        'https://other.example.com',
        'Invalid relay URL: https:// is not a relay address, relays start with wss://',
      ],
      ['wss://', 'Invalid relay URL: there is no host name'],
      [
        'wss://other..example.com',
        'Invalid relay URL: "other..example.com" is not a valid host name',
      ],
      [
        'wss://other.example.com:99999',
        'Invalid relay URL: the port must be a number from 1 to 65535',
      ],
      [
        'wss://me:pw@other.example.com',
        'Invalid relay URL: a relay URL has no user name or password',
      ],
      ['Relay.Example.com/', 'This relay is already added'],
      ['Bad.Example.com', 'This relay is blacklisted'],
    ]
    for (const [input, error] of refusals) {
      expect(relayAddition(input, listed, config), input).toEqual({ error })
    }
  })

  it('knows no blacklist before the configuration has loaded', () => {
    expect(relayAddition('wss://bad.example.com', listed, null)).toEqual({
      edit: { type: 'pool.add', url: 'wss://bad.example.com', permission: 'readwrite' },
      notice: null,
    })
  })
})

describe('relayAddition: added', () => {
  it('adds the normal form, readwrite', () => {
    expect(relayAddition('Other.Example.com/', listed, config)).toEqual({
      edit: { type: 'pool.add', url: 'wss://other.example.com', permission: 'readwrite' },
      notice: null,
    })
  })

  it('adds a relay the configuration names as an indexer or profile relay as indexer (§6)', () => {
    expect(relayAddition('wss://Indexer.Example.com', listed, config)).toEqual({
      edit: { type: 'pool.add', url: 'wss://indexer.example.com', permission: 'indexer' },
      notice: null,
    })
    expect(relayAddition('profiles.example.com', listed, config)).toEqual({
      edit: { type: 'pool.add', url: 'wss://profiles.example.com', permission: 'indexer' },
      notice: null,
    })
    expect(relayAddition('wss://indexer.example.com', listed, null)).toMatchObject({
      edit: { permission: 'readwrite' },
    })
  })

  it('says so when a ws:// relay is kept as wss://', () => {
    expect(relayAddition('ws://other.example.com', listed, config)).toEqual({
      edit: { type: 'pool.add', url: 'wss://other.example.com', permission: 'readwrite' },
      notice: 'Changed to wss://other.example.com: plain ws:// is only allowed on this device',
    })
    expect(relayAddition('ws://127.0.0.1:7777', listed, config)).toEqual({
      edit: { type: 'pool.add', url: 'ws://127.0.0.1:7777', permission: 'readwrite' },
      notice: null,
    })
  })
})

describe('knownIndexers', () => {
  it('is the indexer relays, then the profile relays; none before the configuration loads', () => {
    expect(knownIndexers(config)).toEqual([
      'wss://indexer.example.com',
      'wss://profiles.example.com',
    ])
    expect(knownIndexers(null)).toEqual([])
  })
})

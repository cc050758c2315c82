import { describe, expect, it } from 'vitest'
import {
  chooseRelayList,
  type FetchedRelayList,
  parseStoredRelays,
  RELAYS_APPLIED_PREFIX,
  relaysAppliedKey,
  STORED_RELAYS_PREFIX,
  type StoredRelays,
  serializeStoredRelays,
  storedRelaysKey,
} from '../../../../src/core/relays/stored-relays.ts'

const PK = 'ab'.repeat(32)

const record: StoredRelays = {
  relays: [
    { url: 'wss://relay.example.com', permission: 'readwrite' },
    { url: 'wss://write.example.com', permission: 'write' },
    { url: 'wss://purplepag.es', permission: 'indexer' },
  ],
  createdAt: 1_700_000_000,
  unpublished: true,
}

describe('keys', () => {
  it('one localStorage record per pubkey, one session flag per pubkey', () => {
    expect(STORED_RELAYS_PREFIX).toBe('nostrRelays:')
    expect(storedRelaysKey(PK)).toBe(`nostrRelays:${PK}`)
    expect(RELAYS_APPLIED_PREFIX).toBe('relayDefaultsApplied:')
    expect(relaysAppliedKey(PK)).toBe(`relayDefaultsApplied:${PK}`)
  })
})

describe('serializeStoredRelays / parseStoredRelays', () => {
  it('round-trips, indexer entries included', () => {
    expect(parseStoredRelays(serializeStoredRelays(record))).toEqual(record)
  })

  it('writes only the record, not whatever else an entry carries', () => {
    const extra = {
      ...record,
      relays: [{ url: 'wss://a.example', permission: 'read' as const, note: 'x' }],
    }
    expect(JSON.parse(serializeStoredRelays(extra))).toEqual({
      relays: [{ url: 'wss://a.example', permission: 'read' }],
      createdAt: record.createdAt,
      unpublished: true,
    })
  })

  it('no record, bad JSON or the wrong shape: null', () => {
    expect(parseStoredRelays(null)).toBeNull()
    expect(parseStoredRelays('')).toBeNull()
    expect(parseStoredRelays('{not json')).toBeNull()
    expect(parseStoredRelays('null')).toBeNull()
    expect(parseStoredRelays('"wss://a.example"')).toBeNull()
    expect(parseStoredRelays('[]')).toBeNull()
    expect(parseStoredRelays('{"relays":"wss://a.example"}')).toBeNull()
  })

  it('normalises URLs, drops bad entries, keeps the first of a relay listed twice', () => {
    const text = JSON.stringify({
      relays: [
        { url: ' Relay.Example.COM/ ', permission: 'read' },
        { url: 'wss://relay.example.com', permission: 'write' },
        { url: 'https://not-a-relay.example', permission: 'read' },
        { url: 'wss://b.example', permission: 'owner' },
        { url: 42, permission: 'read' },
        null,
        'wss://c.example',
        { url: 'ws://localhost:7777', permission: 'indexer' },
      ],
      createdAt: 5,
      unpublished: false,
    })
    expect(parseStoredRelays(text)).toEqual({
      relays: [
        { url: 'wss://relay.example.com', permission: 'read' },
        { url: 'ws://localhost:7777', permission: 'indexer' },
      ],
      createdAt: 5,
      unpublished: false,
    })
  })

  it('an empty list is the user’s choice; a list whose every entry is bad is damage', () => {
    expect(parseStoredRelays('{"relays":[],"createdAt":9,"unpublished":true}')).toEqual({
      relays: [],
      createdAt: 9,
      unpublished: true,
    })
    expect(parseStoredRelays('{"relays":[{"url":"http://x","permission":"read"}]}')).toBeNull()
  })

  it('an unreadable time is the oldest (0); anything but true is published', () => {
    for (const createdAt of [-1, 1.5, '12', null, Number.MAX_VALUE]) {
      const text = JSON.stringify({ relays: [], createdAt, unpublished: 'yes' })
      expect(parseStoredRelays(text)).toEqual({ relays: [], createdAt: 0, unpublished: false })
    }
  })
})

describe('chooseRelayList', () => {
  const stored: StoredRelays = { relays: record.relays, createdAt: 100, unpublished: false }
  const list = (createdAt: number | null): FetchedRelayList => ({
    relays: [{ url: 'wss://f.example', permission: 'readwrite' }],
    createdAt,
  })

  it('the newer of the published list and the stored copy', () => {
    expect(chooseRelayList(stored, list(101))).toBe('fetched')
    expect(chooseRelayList(stored, list(99))).toBe('stored')
    // Same time: the same list, or edits made in that second and not yet published.
    expect(chooseRelayList(stored, list(100))).toBe('stored')
    expect(chooseRelayList(null, list(1))).toBe('fetched')
  })

  it('a guess from notes never beats a stored copy', () => {
    expect(chooseRelayList(stored, list(null))).toBe('stored')
    expect(chooseRelayList(null, list(null))).toBe('guessed')
  })

  it('nothing anywhere: the defaults', () => {
    expect(chooseRelayList(null, null)).toBe('defaults')
    expect(chooseRelayList(null, { relays: [], createdAt: null })).toBe('defaults')
    expect(chooseRelayList(stored, null)).toBe('stored')
  })
})

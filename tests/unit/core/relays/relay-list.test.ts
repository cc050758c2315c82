import { describe, expect, it } from 'vitest'
import {
  addedRelayPermission,
  parseRelayList,
  RELAY_FALLBACK_NOTES_LIMIT,
  RELAY_LIST_KIND,
  RELAY_LIST_QUERY_LIMIT,
  relayListTemplate,
  relaysFromNotes,
} from '../../../../src/core/relays/relay-list.ts'

const P = 'a'.repeat(64)
const E = 'b'.repeat(64)

describe('constants', () => {
  it('asks for kind 10002, limit 10; falls back to 50 notes', () => {
    expect(RELAY_LIST_KIND).toBe(10002)
    expect(RELAY_LIST_QUERY_LIMIT).toBe(10)
    expect(RELAY_FALLBACK_NOTES_LIMIT).toBe(50)
  })
})

describe('parseRelayList', () => {
  it('reads the NIP-65 example: no marker is readwrite', () => {
    expect(
      parseRelayList({
        kind: 10002,
        tags: [
          ['r', 'wss://alicerelay.example.com'],
          ['r', 'wss://brando-relay.com'],
          ['r', 'wss://expensive-relay.example2.com', 'write'],
          ['r', 'wss://nostr-relay.example.com', 'read'],
        ],
      }),
    ).toEqual([
      { url: 'wss://alicerelay.example.com', permission: 'readwrite' },
      { url: 'wss://brando-relay.com', permission: 'readwrite' },
      { url: 'wss://expensive-relay.example2.com', permission: 'write' },
      { url: 'wss://nostr-relay.example.com', permission: 'read' },
    ])
  })

  it('normalises, drops invalid URLs and other tags, merges duplicates', () => {
    expect(
      parseRelayList({
        kind: 10002,
        tags: [
          ['r', 'wss://One.example.com/', 'read'],
          ['r', 'https://web.example.com'],
          ['r'],
          ['p', P, 'wss://hint.example.com'],
          ['r', 'ws://one.example.com', 'write'],
          ['r', 'two.example.com', 'Read '],
          ['r', 'wss://two.example.com', 'read'],
          ['r', 'ws://localhost:7777', 'unknown-marker'],
        ],
      }),
    ).toEqual([
      { url: 'wss://one.example.com', permission: 'readwrite' },
      { url: 'wss://two.example.com', permission: 'read' },
      { url: 'ws://localhost:7777', permission: 'readwrite' },
    ])
  })

  it('reads nothing from another kind', () => {
    expect(parseRelayList({ kind: 3, tags: [['r', 'wss://relay.example.com']] })).toEqual([])
  })
})

describe('relaysFromNotes', () => {
  it('reads r and relay tags and the relay hints of e, p, a and q tags, ranked by notes', () => {
    const notes = [
      {
        kind: 1,
        tags: [
          ['e', E, 'wss://hint-e.example.com', 'reply'],
          ['p', P, 'wss://Shared.example.com/'],
          ['r', 'wss://shared.example.com'],
        ],
      },
      {
        kind: 1,
        tags: [
          ['relay', 'wss://old-client.example.com'],
          ['q', E, 'wss://shared.example.com'],
          ['a', `30023:${P}:slug`, 'ws://localhost:7777'],
        ],
      },
    ]
    expect(relaysFromNotes(notes)).toEqual([
      { url: 'wss://shared.example.com', permission: 'readwrite' },
      { url: 'wss://hint-e.example.com', permission: 'readwrite' },
      { url: 'wss://old-client.example.com', permission: 'readwrite' },
      { url: 'ws://localhost:7777', permission: 'readwrite' },
    ])
  })

  it('ignores web links, bare words, empty hints and other tags', () => {
    expect(
      relaysFromNotes([
        {
          kind: 1,
          tags: [
            ['r', 'https://blog.example.com/post'],
            ['r', 'relay.example.com'],
            ['e', E, ''],
            ['p', P],
            ['t', 'wss://tag.example.com'],
            ['e', E, 'wss://bad host'],
          ],
        },
      ]),
    ).toEqual([])
  })
})

describe('relayListTemplate', () => {
  it('marks read-only and write-only relays, leaves readwrite unmarked, skips indexers, names the client', () => {
    expect(
      relayListTemplate(
        [
          { url: 'wss://both.example.com/', permission: 'readwrite' },
          { url: 'wss://in.example.com', permission: 'read' },
          { url: 'wss://out.example.com', permission: 'write' },
          { url: 'wss://indexer.example.com', permission: 'indexer' },
          { url: 'https://invalid.example.com', permission: 'read' },
          { url: 'wss://in.example.com/', permission: 'write' },
        ],
        1_700_000_000,
      ),
    ).toEqual({
      kind: 10002,
      created_at: 1_700_000_000,
      content: '',
      tags: [
        ['r', 'wss://both.example.com'],
        ['r', 'wss://in.example.com'],
        ['r', 'wss://out.example.com', 'write'],
        ['client', 'Plume'],
      ],
    })
  })

  it('round-trips through parseRelayList', () => {
    const entries = [
      { url: 'wss://a.example.com', permission: 'read' as const },
      { url: 'wss://b.example.com', permission: 'write' as const },
      { url: 'wss://c.example.com', permission: 'readwrite' as const },
    ]
    expect(parseRelayList(relayListTemplate(entries, 1))).toEqual(entries)
  })
})

describe('addedRelayPermission', () => {
  const indexers = ['wss://indexer.example.com', 'wss://profiles.example.com/']

  it('makes a relay the client knows as an indexer an indexer, however it is spelled', () => {
    expect(addedRelayPermission('wss://indexer.example.com', indexers)).toBe('indexer')
    expect(addedRelayPermission('WSS://Profiles.Example.com', indexers)).toBe('indexer')
  })

  it('starts any other relay readwrite', () => {
    expect(addedRelayPermission('wss://general.example.com', indexers)).toBe('readwrite')
    expect(addedRelayPermission('wss://indexer.example.com', [])).toBe('readwrite')
  })
})

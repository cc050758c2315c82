import { describe, expect, it } from 'vitest'
import { NO_PERSON_RELAYS } from '../../../../src/core/relays/person-relays.ts'
import { discoverRelays } from '../../../../src/core/relays/relay-discovery.ts'

describe('discoverRelays', () => {
  it('lists their relays, then where notes came from, then hints, each once', () => {
    const rows = discoverRelays({
      person: {
        source: 'relay-list',
        createdAt: 1,
        relays: [
          { url: 'wss://w.example.com', permission: 'write' },
          { url: 'wss://mine.example.com', permission: 'readwrite' },
        ],
      },
      hints: ['wss://hint.example.com/', 'wss://w.example.com'],
      seenOn: new Map([
        ['wss://few.example.com', 1],
        ['wss://mine.example.com', 7],
        ['wss://many.example.com', 3],
      ]),
      yours: ['wss://mine.example.com/'],
    })
    expect(rows.map((row) => row.url)).toEqual([
      'wss://w.example.com',
      'wss://mine.example.com',
      'wss://many.example.com',
      'wss://few.example.com',
      'wss://hint.example.com',
    ])
    expect(rows[0]).toEqual({
      url: 'wss://w.example.com',
      listed: 'write',
      fromNotes: false,
      hint: true,
      notesSeen: 0,
      yours: false,
    })
    expect(rows[1]).toMatchObject({ listed: 'readwrite', notesSeen: 7, yours: true })
  })

  it('marks relays guessed from notes, and drops invalid URLs', () => {
    const rows = discoverRelays({
      person: {
        source: 'notes',
        createdAt: null,
        relays: [{ url: 'wss://g.example.com', permission: 'readwrite' }],
      },
      hints: ['https://not-a-relay.example.com'],
      seenOn: new Map(),
      yours: [],
    })
    expect(rows).toEqual([
      {
        url: 'wss://g.example.com',
        listed: null,
        fromNotes: true,
        hint: false,
        notesSeen: 0,
        yours: false,
      },
    ])
    expect(
      discoverRelays({ person: NO_PERSON_RELAYS, hints: [], seenOn: new Map(), yours: [] }),
    ).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import {
  NO_PERSON_RELAYS,
  personRelaysFromLists,
  personRelaysFromNotes,
  writeRelaysOf,
} from '../../../../src/core/relays/person-relays.ts'

const list = (id: string, createdAt: number, tags: string[][]) => ({
  id,
  kind: 10002,
  created_at: createdAt,
  tags,
})

describe('personRelaysFromLists (kind 10002, newest taken)', () => {
  it('parses the newest list with its markers', () => {
    const person = personRelaysFromLists([
      list('1', 10, [['r', 'wss://old.example.com']]),
      list('2', 20, [
        ['r', 'wss://a.example.com', 'write'],
        ['r', 'wss://b.example.com', 'read'],
        ['r', 'wss://c.example.com'],
      ]),
    ])
    expect(person).toEqual({
      source: 'relay-list',
      createdAt: 20,
      relays: [
        { url: 'wss://a.example.com', permission: 'write' },
        { url: 'wss://b.example.com', permission: 'read' },
        { url: 'wss://c.example.com', permission: 'readwrite' },
      ],
    })
    expect(writeRelaysOf(person!)).toEqual(['wss://a.example.com', 'wss://c.example.com'])
  })

  it('is null without a relay list', () => {
    expect(personRelaysFromLists([])).toBeNull()
    expect(personRelaysFromLists([{ ...list('1', 1, []), kind: 1 }])).toBeNull()
  })
})

describe('personRelaysFromNotes (the fallback)', () => {
  it('reads relays named in notes as readwrite guesses', () => {
    const note = {
      id: 'n',
      kind: 1,
      created_at: 1,
      tags: [['e', 'x'.repeat(64), 'wss://hint.example.com']],
    }
    const person = personRelaysFromNotes([note])
    expect(person).toEqual({
      source: 'notes',
      createdAt: null,
      relays: [{ url: 'wss://hint.example.com', permission: 'readwrite' }],
    })
    expect(writeRelaysOf(person)).toEqual(['wss://hint.example.com'])
  })

  it('knows nothing when notes name no relay', () => {
    expect(personRelaysFromNotes([])).toEqual(NO_PERSON_RELAYS)
    expect(writeRelaysOf(NO_PERSON_RELAYS)).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import {
  hintRelays,
  MAX_HINT_RELAYS,
  taggedHints,
} from '../../../../src/core/relays/hint-relays.ts'

describe('relay hints', () => {
  it('are normalized, each once, most trusted list first, at most 4', () => {
    expect(MAX_HINT_RELAYS).toBe(4)
    expect(
      hintRelays([
        ['wss://a.example.com/', 'not a relay'],
        ['wss://A.example.com', 'wss://b.example.com', 'wss://c.example.com'],
        ['wss://d.example.com', 'wss://e.example.com'],
      ]),
    ).toEqual([
      'wss://a.example.com',
      'wss://b.example.com',
      'wss://c.example.com',
      'wss://d.example.com',
    ])
  })

  it('are read from the e and q tags naming the event', () => {
    const id = 'a'.repeat(64)
    const tags = [
      ['e', id, 'wss://root.example.com', 'root'],
      ['q', id, 'wss://quote.example.com/'],
      ['e', 'b'.repeat(64), 'wss://other.example.com'],
      ['e', id, ''],
      ['p', id, 'wss://person.example.com'],
    ]
    expect(taggedHints(tags, id)).toEqual(['wss://root.example.com', 'wss://quote.example.com'])
  })
})

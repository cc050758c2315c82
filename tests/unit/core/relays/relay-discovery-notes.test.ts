import { describe, expect, it } from 'vitest'
import { notesPerRelay } from '../../../../src/core/relays/relay-discovery.ts'

describe('notesPerRelay', () => {
  it('counts the notes each relay gave first, over every page', () => {
    const pages: { seenOn: Record<string, string> }[] = [
      {
        seenOn: { n1: 'wss://a.example.com', n2: 'wss://b.example.com', n3: 'wss://a.example.com' },
      },
      { seenOn: {} },
      { seenOn: { n4: 'wss://a.example.com', n5: 'wss://c.example.com' } },
    ]
    expect([...notesPerRelay(pages)]).toEqual([
      ['wss://a.example.com', 3],
      ['wss://b.example.com', 1],
      ['wss://c.example.com', 1],
    ])
  })

  it('is empty before any page', () => {
    expect(notesPerRelay([]).size).toBe(0)
  })
})

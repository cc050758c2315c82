import { describe, expect, it } from 'vitest'
import {
  INBOX_RELAYS_MAX,
  INBOX_RELAYS_PER_PERSON,
  inboxRecipients,
  selectInboxRelays,
} from '../../../../src/core/relays/inbox.ts'

const key = (n: number) => n.toString(16).padStart(64, '0')
const [author, alice, bob, carol, dave] = [1, 2, 3, 4, 5].map(key) as [
  string,
  string,
  string,
  string,
  string,
]

const lists: Record<string, string[]> = {
  [alice]: ['wss://alice.example.com', 'wss://shared.example.com/', 'wss://third.example.com'],
  [bob]: ['wss://bob.example.com', 'WSS://Shared.example.com'],
  [carol]: ['wss://carol.example.com', 'wss://ours.example.com', 'wss://shared.example.com'],
  [dave]: ['https://not-a-relay.example.com'],
}
const readOf = (pubkey: string) => lists[pubkey]

describe('constants', () => {
  it('sends to 2 read relays per person and at most 12 relays beyond our own', () => {
    expect(INBOX_RELAYS_PER_PERSON).toBe(2)
    expect(INBOX_RELAYS_MAX).toBe(12)
  })
})

describe('inboxRecipients', () => {
  it('takes the p tags in order, once each, without the author or malformed keys', () => {
    const event = {
      pubkey: author,
      tags: [
        ['e', key(9)],
        ['p', bob],
        ['p', author],
        ['p', alice.toUpperCase()],
        ['p', bob, 'wss://hint.example.com'],
        ['p', 'npub1notahexkey'],
        ['p'],
        ['t', carol],
      ],
    }
    expect(inboxRecipients(event)).toEqual([bob, alice])
  })
})

describe('selectInboxRelays', () => {
  it('takes 2 read relays per person, shared ones first, normalised, with who reads there', () => {
    const selection = selectInboxRelays([alice, bob], readOf, [])
    expect(Object.fromEntries(selection)).toEqual({
      'wss://shared.example.com': [alice, bob],
      'wss://alice.example.com': [alice],
      'wss://bob.example.com': [bob],
    })
    expect([...selection.keys()][0]).toBe('wss://shared.example.com')
  })

  it('counts one of our relays toward a person and does not return it', () => {
    const selection = selectInboxRelays([carol], readOf, ['wss://OURS.example.com/'])
    // Her second: the first of the rest in her own order (no other recipient shares any).
    expect(Object.fromEntries(selection)).toEqual({ 'wss://carol.example.com': [carol] })
  })

  it('adds nothing for people without a list, or without a usable relay', () => {
    expect(selectInboxRelays(['ghost', dave], readOf, ['wss://ours.example.com']).size).toBe(0)
  })

  it('ignores repeated people and honours other limits', () => {
    const selection = selectInboxRelays([alice, alice, bob], readOf, [], { perPerson: 1 })
    expect(Object.fromEntries(selection)).toEqual({ 'wss://shared.example.com': [alice, bob] })
  })

  it('caps the total, reaching everyone once before anyone twice', () => {
    const people = Array.from({ length: 50 }, (_, n) => key(100 + n))
    const own = (pubkey: string) => [
      `wss://${pubkey.slice(-4)}-a.example.com`,
      `wss://${pubkey.slice(-4)}-b.example.com`,
    ]
    const selection = selectInboxRelays(people, own, [])
    expect(selection.size).toBe(INBOX_RELAYS_MAX)
    // Twelve people, each on their first choice.
    expect([...selection.values()]).toEqual(people.slice(0, 12).map((pubkey) => [pubkey]))
    expect([...selection.keys()].every((url) => url.endsWith('-a.example.com'))).toBe(true)
  })

  it('prefers, under the cap, a relay shared by more recipients', () => {
    const people = Array.from({ length: 20 }, (_, n) => key(200 + n))
    const relaysOf = (pubkey: string) =>
      people.indexOf(pubkey) % 2 === 0
        ? [`wss://${pubkey.slice(-4)}.example.com`, 'wss://hub.example.com']
        : [`wss://${pubkey.slice(-4)}.example.com`]
    const selection = selectInboxRelays(people, relaysOf, [], { max: 3 })
    expect([...selection.keys()][0]).toBe('wss://hub.example.com')
    expect(selection.get('wss://hub.example.com')).toHaveLength(10)
    expect(selection.size).toBe(3)
  })
})

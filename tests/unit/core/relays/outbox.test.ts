import { describe, expect, it } from 'vitest'
import {
  createLru,
  OUTBOX_RELAYS_PER_AUTHOR,
  RELAY_LIST_LRU_SIZE,
  selectOutboxRelays,
} from '../../../../src/core/relays/outbox.ts'

const lists: Record<string, string[]> = {
  alice: ['wss://alice.example.com', 'wss://big.example.com', 'wss://mid.example.com'],
  bob: ['wss://bob.example.com', 'wss://big.example.com/', 'wss://mid.example.com'],
  carol: ['wss://big.example.com', 'wss://carol.example.com'],
  dave: ['ws://Big.Example.com', 'wss://mid.example.com', 'wss://dave.example.com'],
  erin: ['wss://erin.example.com'],
  frank: ['https://not-a-relay.example.com'],
}
const writeRelaysOf = (pubkey: string) => lists[pubkey]
const fallback = ['wss://fallback-1.example.com', 'wss://fallback-2.example.com/']

describe('constants', () => {
  it('selects 2 relays per author and keeps 25 relay lists', () => {
    expect(OUTBOX_RELAYS_PER_AUTHOR).toBe(2)
    expect(RELAY_LIST_LRU_SIZE).toBe(25)
  })
})

describe('selectOutboxRelays', () => {
  it('takes 2 write relays per author, preferring those shared by many authors', () => {
    const selection = selectOutboxRelays(['alice', 'bob', 'carol', 'dave'], writeRelaysOf, fallback)
    expect(Object.fromEntries(selection)).toEqual({
      'wss://big.example.com': ['alice', 'bob', 'carol', 'dave'],
      'wss://mid.example.com': ['alice', 'bob', 'dave'],
      'wss://carol.example.com': ['carol'],
    })
    // Ordered by the number of authors each relay serves.
    expect([...selection.keys()]).toEqual([
      'wss://big.example.com',
      'wss://mid.example.com',
      'wss://carol.example.com',
    ])
  })

  it('asks for authors without a list, or without a usable relay, on every fallback relay', () => {
    const selection = selectOutboxRelays(['ghost', 'frank'], writeRelaysOf, fallback)
    expect(Object.fromEntries(selection)).toEqual({
      'wss://fallback-1.example.com': ['ghost', 'frank'],
      'wss://fallback-2.example.com': ['ghost', 'frank'],
    })
  })

  it('tops up an author with fewer write relays than wanted from the fallback', () => {
    expect(Object.fromEntries(selectOutboxRelays(['erin'], writeRelaysOf, fallback))).toEqual({
      'wss://erin.example.com': ['erin'],
      'wss://fallback-1.example.com': ['erin'],
    })
  })

  it('honours another count per author and ignores repeated authors', () => {
    const selection = selectOutboxRelays(['carol', 'carol', 'alice'], writeRelaysOf, [], 1)
    expect(Object.fromEntries(selection)).toEqual({ 'wss://big.example.com': ['carol', 'alice'] })
  })

  it('is empty for no authors, and for list-less authors with no fallback', () => {
    expect(selectOutboxRelays([], writeRelaysOf, fallback).size).toBe(0)
    expect(selectOutboxRelays(['ghost'], writeRelaysOf, []).size).toBe(0)
  })
})

describe('createLru', () => {
  it('holds 25 entries by default and evicts the least recently used', () => {
    const lru = createLru<string, number>()
    expect(lru.max).toBe(25)
    for (let i = 0; i < 26; i++) lru.set(`k${i}`, i)
    expect(lru.size).toBe(25)
    expect(lru.has('k0')).toBe(false)
    expect(lru.get('k1')).toBe(1)
  })

  it('counts a get as a use, but not a has', () => {
    const lru = createLru<string, string>(2)
    lru.set('a', 'A')
    lru.set('b', 'B')
    expect(lru.get('a')).toBe('A')
    lru.set('c', 'C')
    expect(lru.keys()).toEqual(['a', 'c'])
    expect(lru.has('a')).toBe(true)
    lru.set('d', 'D')
    expect(lru.keys()).toEqual(['c', 'd'])
  })

  it('replaces, deletes and clears', () => {
    const lru = createLru<string, number>(3)
    lru.set('a', 1)
    lru.set('b', 2)
    lru.set('a', 3)
    expect(lru.keys()).toEqual(['b', 'a'])
    expect(lru.get('a')).toBe(3)
    expect(lru.delete('b')).toBe(true)
    expect(lru.get('b')).toBeUndefined()
    lru.clear()
    expect(lru.size).toBe(0)
  })

  it('keeps at least one entry', () => {
    const lru = createLru<string, number>(0)
    lru.set('a', 1)
    lru.set('b', 2)
    expect(lru.keys()).toEqual(['b'])
  })
})

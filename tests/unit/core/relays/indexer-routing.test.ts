import type { Filter } from 'nostr-tools/filter'
import { describe, expect, it } from 'vitest'
import {
  INDEXER_KINDS,
  isIndexerFilter,
  routeFilters,
} from '../../../../src/core/relays/indexer-routing.ts'

describe('INDEXER_KINDS', () => {
  it('holds metadata, contacts, the relay list and the other per-user lists', () => {
    expect([...INDEXER_KINDS].sort((a, b) => a - b)).toEqual([
      0, 3, 10000, 10001, 10002, 10003, 10019, 10050,
    ])
  })
})

describe('isIndexerFilter', () => {
  it('needs kinds, all of them indexer kinds', () => {
    expect(isIndexerFilter({ kinds: [0], authors: ['a'] })).toBe(true)
    expect(isIndexerFilter({ kinds: [3, 10002] })).toBe(true)
    expect(isIndexerFilter({ kinds: [0, 1] })).toBe(false)
    expect(isIndexerFilter({ kinds: [] })).toBe(false)
    expect(isIndexerFilter({ authors: ['a'] })).toBe(false)
  })
})

describe('routeFilters', () => {
  const metadata: Filter = { kinds: [0], authors: ['a'], limit: 10 }
  const relayList: Filter = { kinds: [10002], authors: ['a'], limit: 10 }
  const notes: Filter = { kinds: [1], authors: ['a'], limit: 10 }
  const mixed: Filter = { kinds: [0, 1], authors: ['a'] }
  const filters = [metadata, notes, relayList, mixed]

  it('gives read relays everything, indexers only indexer filters, write-only relays nothing', () => {
    const routed = routeFilters(filters, [
      { url: 'wss://read.example.com', permission: 'read' },
      { url: 'wss://indexer.example.com', permission: 'indexer' },
      { url: 'wss://write.example.com', permission: 'write' },
      { url: 'wss://both.example.com', permission: 'readwrite' },
    ])
    expect([...routed.keys()]).toEqual([
      'wss://read.example.com',
      'wss://indexer.example.com',
      'wss://both.example.com',
    ])
    expect(routed.get('wss://read.example.com')).toEqual(filters)
    expect(routed.get('wss://indexer.example.com')).toEqual([metadata, relayList])
    expect(routed.get('wss://both.example.com')).toEqual(filters)
  })

  it('leaves out an indexer that no filter suits', () => {
    const routed = routeFilters(
      [notes],
      [{ url: 'wss://indexer.example.com', permission: 'indexer' }],
    )
    expect(routed.size).toBe(0)
  })

  it('gives a relay listed twice the union, in the filters’ order', () => {
    const routed = routeFilters(filters, [
      { url: 'wss://x.example.com', permission: 'indexer' },
      { url: 'wss://x.example.com', permission: 'read' },
    ])
    expect(routed.get('wss://x.example.com')).toEqual(filters)
  })
})

import { describe, expect, it } from 'vitest'
import {
  CONTACT_BYTES,
  cacheBreakdown,
  estimateQueryBytes,
  formatBytes,
  groupOf,
  METADATA_ITEM_BYTES,
} from '../../../../src/core/app/cache-breakdown.ts'

describe('groupOf (spec §3: groups by the first element of the query key)', () => {
  it.each([
    [['feed', 'global'], 'feed'],
    [['note', 'ab'], 'feed'],
    [['profile', 'notes', 'ab'], 'feed'],
    [['metadata', 'ab'], 'metadata'],
    [['profile', 'metadata', 'ab'], 'metadata'],
    [['profile', 'contacts-metadata', 'ab'], 'metadata'],
    [['contacts', 'ab'], 'contacts'],
    [['profile', 'contacts', 'ab'], 'contacts'],
    [['profile', 'contacts', 'ab', 'followers'], 'contacts'],
    [['thread', 'root'], 'thread'],
    [['zap-totals', 'id'], 'zap-totals'],
    [['relay-info', 'wss://r'], 'other'],
    [['profile', 'relays', 'ab'], 'other'],
    [[], 'other'],
  ] as const)('%j is %s', (key, group) => {
    expect(groupOf(key)).toBe(group)
  })
})

describe('estimateQueryBytes (spec §9: 500 bytes per metadata item, 100 per contact)', () => {
  it('counts a metadata query as one item', () => {
    expect(
      estimateQueryBytes({ queryKey: ['metadata', 'ab'], data: { name: 'x'.repeat(5000) } }),
    ).toBe(METADATA_ITEM_BYTES)
  })

  it('counts the entries of a contact list, whatever holds them', () => {
    expect(
      estimateQueryBytes({ queryKey: ['profile', 'contacts', 'ab'], data: ['a', 'b', 'c'] }),
    ).toBe(3 * CONTACT_BYTES)
    const list = { contacts: [{ pubkey: 'a' }, { pubkey: 'b' }], createdAt: 5 }
    expect(estimateQueryBytes({ queryKey: ['profile', 'contacts', 'ab'], data: list })).toBe(
      2 * CONTACT_BYTES,
    )
  })

  it('measures other data as JSON, an infinite query by its pages only', () => {
    expect(estimateQueryBytes({ queryKey: ['thread', 'r'], data: ['abc'] })).toBe(7)
    const infinite = { pages: [[1, 2]], pageParams: [{ long: 'x'.repeat(1000) }] }
    expect(estimateQueryBytes({ queryKey: ['feed'], data: infinite })).toBe('[[1,2]]'.length)
  })

  it('is 0 without data or for what JSON cannot write', () => {
    expect(estimateQueryBytes({ queryKey: ['thread'], data: undefined })).toBe(0)
    expect(estimateQueryBytes({ queryKey: ['other'], data: { n: 1n } })).toBe(0)
  })
})

describe('cacheBreakdown', () => {
  it('counts and sizes each group, and totals them', () => {
    const breakdown = cacheBreakdown(
      [
        { queryKey: ['feed'], bytes: 1000 },
        { queryKey: ['note', 'a'], bytes: 200 },
        { queryKey: ['metadata', 'a'], bytes: 500 },
        { queryKey: ['relay-info', 'r'], bytes: 30 },
      ],
      2,
      1234,
    )
    expect(breakdown).toEqual({
      totalQueries: 4,
      totalMutations: 2,
      totalSizeBytes: 1730,
      lastUpdatedAt: 1234,
      groups: {
        feed: { count: 2, bytes: 1200 },
        metadata: { count: 1, bytes: 500 },
        contacts: { count: 0, bytes: 0 },
        thread: { count: 0, bytes: 0 },
        'zap-totals': { count: 0, bytes: 0 },
        other: { count: 1, bytes: 30 },
      },
    })
  })
})

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [14_200, '14.2 KB'],
    [3_100_000, '3.1 MB'],
  ])('%d is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text)
  })
})

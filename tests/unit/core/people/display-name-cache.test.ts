import { describe, expect, it } from 'vitest'
import {
  attempted,
  DISPLAY_NAME_CACHE_LIMIT,
  DISPLAY_NAME_TTL_MS,
  type DisplayNameEntry,
  entriesToStore,
  entryFromMetadata,
  failed,
  isFresh,
  MAX_FAILED_ATTEMPTS,
  METADATA_FETCH_CLOSE_MS,
  mayFetch,
  RETRY_AFTER_MS,
  readStoredEntries,
  shownName,
  succeeded,
} from '../../../../src/core/people/display-name-cache.ts'

const PUBKEY = 'ab'.repeat(32)
const NOW = 1_700_000_000_000
const entry = (o: Partial<DisplayNameEntry> = {}): DisplayNameEntry => ({
  pubkey: PUBKEY,
  displayName: 'Ann',
  name: 'ann',
  timestamp: NOW,
  createdAt: 1000,
  ...o,
})

describe('display-name cache (lightning-and-ecash §3, §4, §9)', () => {
  it('has the spec constants: 7 days, 10 s, 3 attempts, 30 s', () => {
    expect(DISPLAY_NAME_TTL_MS).toBe(7 * 24 * 3600 * 1000)
    expect(METADATA_FETCH_CLOSE_MS).toBe(10_000)
    expect(MAX_FAILED_ATTEMPTS).toBe(3)
    expect(RETRY_AFTER_MS).toBe(30_000)
  })

  it('keeps an entry 7 days', () => {
    expect(isFresh(entry(), NOW + DISPLAY_NAME_TTL_MS - 1)).toBe(true)
    expect(isFresh(entry(), NOW + DISPLAY_NAME_TTL_MS)).toBe(false)
  })

  it('fetches once at a time; retries a failure after 30 s, fewer than 3 failed attempts', () => {
    expect(mayFetch(undefined, NOW)).toBe(true)
    let record = attempted(undefined, NOW)
    expect(record.status).toBe('pending')
    expect(mayFetch(record, NOW + 60_000)).toBe(false)
    for (let failures = 1; failures <= 3; failures++) {
      record = failed(record)
      expect(record).toMatchObject({ status: 'failed', failures })
      expect(mayFetch(record, record.lastAttempt + RETRY_AFTER_MS)).toBe(false)
      expect(mayFetch(record, record.lastAttempt + RETRY_AFTER_MS + 1)).toBe(failures < 3)
      record = attempted(record, record.lastAttempt + RETRY_AFTER_MS + 1)
    }
    const done = succeeded(attempted(undefined, NOW))
    expect(done).toMatchObject({ status: 'success', failures: 0 })
    expect(mayFetch(done, NOW + 1)).toBe(false)
    expect(mayFetch(done, NOW + 1, true)).toBe(true)
  })

  it('reads display_name (or displayName) and name from a kind 0', () => {
    const event = (content: string) => ({ pubkey: PUBKEY, content, created_at: 1234 })
    expect(entryFromMetadata(event('{"display_name":" Ann ","name":"ann"}'), NOW)).toEqual(
      entry({ createdAt: 1234 }),
    )
    expect(entryFromMetadata(event('{"displayName":"Old Ann"}'), NOW)?.displayName).toBe('Old Ann')
    expect(entryFromMetadata(event('not json'), NOW)).toBeNull()
    expect(entryFromMetadata(event('[1]'), NOW)).toBeNull()
    expect(shownName(entry())).toBe('Ann')
    expect(shownName(entry({ displayName: '' }))).toBe('ann')
    expect(shownName(entry({ displayName: '', name: '' }))).toBeNull()
    expect(shownName(null)).toBeNull()
  })

  it('stores well-formed fresh entries only, the most recent up to the limit', () => {
    const stale = entry({ pubkey: 'cd'.repeat(32), timestamp: NOW - DISPLAY_NAME_TTL_MS })
    expect(readStoredEntries([entry(), stale, { pubkey: 'x' }, null], NOW)).toEqual([entry()])
    expect(readStoredEntries('nope', NOW)).toEqual([])
    const many = Array.from({ length: DISPLAY_NAME_CACHE_LIMIT + 5 }, (_, i) =>
      entry({ pubkey: i.toString(16).padStart(64, '0'), timestamp: NOW - i }),
    )
    const kept = entriesToStore(many)
    expect(kept).toHaveLength(DISPLAY_NAME_CACHE_LIMIT)
    expect(kept[0]?.timestamp).toBe(NOW)
  })
})

import { describe, expect, it } from 'vitest'
import type { CacheGroup } from '../../../../src/core/app/cache-breakdown.ts'
import {
  EMERGENCY_KEEP_FEED,
  IOS_KEEP_FEED,
  MAX_FEED_QUERIES,
  MAX_METADATA_QUERIES,
  MAX_THREAD_QUERIES,
  planCleanup,
  SELECTIVE_TARGET_BYTES,
  smartLevel,
} from '../../../../src/core/app/memory-cleanup.ts'
import type { QueryFacts } from '../../../../src/core/app/memory-pressure.ts'

const NOW = 10_000_000_000
const MIN = 60_000

let next = 0
function query(group: CacheGroup, ageMin: number, extra: Partial<QueryFacts> = {}): QueryFacts {
  return {
    hash: `${group}-${next++}`,
    group,
    updatedAt: NOW - ageMin * MIN,
    active: false,
    bytes: 10,
    ...extra,
  }
}
const many = (count: number, group: CacheGroup, ageMin = 1) =>
  Array.from({ length: count }, (_, i) => query(group, ageMin + i / 1000))
const plan = (
  level: Parameters<typeof planCleanup>[0],
  queries: QueryFacts[],
  pressure = 'low' as const,
) => planCleanup(level, queries, { now: NOW, pressure })

describe('planCleanup (spec §4 levels, §9 limits)', () => {
  it('proactive: queries past 30 minutes go, threads past 15; shown ones never', () => {
    const old = query('feed', 31)
    const fresh = query('feed', 29)
    const oldThread = query('thread', 16)
    const freshThread = query('thread', 14)
    const shown = query('other', 600, { active: true })
    const removed = plan('proactive', [old, fresh, oldThread, freshThread, shown])
    expect([...removed].sort()).toEqual([old.hash, oldThread.hash].sort())
  })

  it('background: also holds feed to 200, thread to 50, metadata to 1000, oldest first', () => {
    const feed = many(MAX_FEED_QUERIES + 3, 'feed')
    const thread = many(MAX_THREAD_QUERIES + 1, 'thread')
    const metadata = many(MAX_METADATA_QUERIES + 2, 'metadata')
    const removed = plan('background', [...feed, ...thread, ...metadata])
    expect(removed.size).toBe(6)
    // The oldest of each group (the last made, as ages grow along the list).
    expect(removed.has(feed.at(-1)!.hash)).toBe(true)
    expect(removed.has(feed[0]!.hash)).toBe(false)
    expect(removed.has(thread.at(-1)!.hash)).toBe(true)
  })

  it('a cap counts shown queries but removes only idle ones', () => {
    const shown = Array.from({ length: MAX_THREAD_QUERIES }, () =>
      query('thread', 0, { active: true }),
    )
    const idle = query('thread', 1)
    expect([...plan('background', [...shown, idle])]).toEqual([idle.hash])
  })

  it('iOS optimised keeps 100 feed queries and removes what is older than 10 minutes', () => {
    const feed = many(IOS_KEEP_FEED + 5, 'feed')
    const old = query('metadata', 11)
    const removed = plan('ios', [...feed, old])
    expect(removed.size).toBe(6)
    expect(removed.has(old.hash)).toBe(true)
  })

  it('emergency keeps 50 feed queries and removes what is older than 5 minutes', () => {
    const feed = many(EMERGENCY_KEEP_FEED + 10, 'feed')
    const old = query('thread', 6)
    const young = query('thread', 4)
    const removed = plan('emergency', [...feed, old, young])
    expect(removed.size).toBe(11)
    expect(removed.has(young.hash)).toBe(false)
  })

  it('aggressive halves the caps and the ages', () => {
    const removed = plan('aggressive', [
      ...many(MAX_FEED_QUERIES / 2 + 1, 'feed'),
      query('other', 16),
    ])
    expect(removed.size).toBe(2)
  })

  it('selective removes the largest idle queries until the cache is down to 40 MB', () => {
    const big = query('feed', 0, { bytes: 30 * 1024 * 1024 })
    const medium = query('thread', 0, { bytes: 15 * 1024 * 1024 })
    const shownHuge = query('feed', 0, { bytes: 35 * 1024 * 1024, active: true })
    const small = query('other', 0, { bytes: 1024 })
    const removed = plan('selective', [big, medium, shownHuge, small])
    expect([...removed].sort()).toEqual([big.hash, medium.hash].sort())
    expect(plan('selective', [query('feed', 0, { bytes: SELECTIVE_TARGET_BYTES })]).size).toBe(0)
  })

  it('smart follows the pressure; under high pressure it also trims to 40 MB', () => {
    expect(smartLevel('low')).toBe('proactive')
    expect(smartLevel('medium')).toBe('background')
    expect(smartLevel('high')).toBe('aggressive')
    expect(smartLevel('critical')).toBe('emergency')
    const big = query('feed', 0, { bytes: 50 * 1024 * 1024 })
    expect(planCleanup('smart', [big], { now: NOW, pressure: 'high' }).has(big.hash)).toBe(true)
    expect(planCleanup('smart', [big], { now: NOW, pressure: 'medium' }).size).toBe(0)
  })
})

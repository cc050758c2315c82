/**
 * The cleanup levels (spec §4) and what each removes (§9). Only queries no screen is showing are
 * ever removed: the next screen that needs one fetches it again.
 *
 * - proactive: queries past their age (30 min; thread 15 min).
 * - background: proactive, and each group held to its cap (feed 200, thread 50, metadata 1000).
 * - aggressive: background with caps and ages halved (our choice: the spec names the level only).
 * - iOS optimised: feed keeps 100, anything older than 10 min goes.
 * - emergency: feed keeps 50, anything older than 5 min goes.
 * - selective: the largest first, until the cache's estimate is down to 40 MB.
 * - smart: chosen by pressure (low proactive, medium background, high selective then aggressive,
 *   critical emergency).
 */
import type { CacheGroup } from './cache-breakdown.ts'
import type { PressureLevel, QueryFacts } from './memory-pressure.ts'

const MINUTE = 60_000
const MB = 1024 * 1024

export const MAX_QUERY_AGE_MS = 30 * MINUTE
export const MAX_THREAD_AGE_MS = 15 * MINUTE
export const MAX_FEED_QUERIES = 200
export const MAX_THREAD_QUERIES = 50
export const MAX_METADATA_QUERIES = 1000
export const IOS_KEEP_FEED = 100
export const IOS_MAX_AGE_MS = 10 * MINUTE
export const EMERGENCY_KEEP_FEED = 50
export const EMERGENCY_MAX_AGE_MS = 5 * MINUTE
export const SELECTIVE_TARGET_BYTES = 40 * MB

export type CleanupLevel =
  | 'proactive'
  | 'background'
  | 'aggressive'
  | 'emergency'
  | 'ios'
  | 'selective'
  | 'smart'

interface Rules {
  maxAgeMs: number
  threadMaxAgeMs: number
  caps: Partial<Record<CacheGroup, number>>
}

const PROACTIVE: Rules = {
  maxAgeMs: MAX_QUERY_AGE_MS,
  threadMaxAgeMs: MAX_THREAD_AGE_MS,
  caps: {},
}
const BACKGROUND: Rules = {
  ...PROACTIVE,
  caps: { feed: MAX_FEED_QUERIES, thread: MAX_THREAD_QUERIES, metadata: MAX_METADATA_QUERIES },
}
const AGGRESSIVE: Rules = {
  maxAgeMs: MAX_QUERY_AGE_MS / 2,
  threadMaxAgeMs: MAX_THREAD_AGE_MS / 2,
  caps: {
    feed: MAX_FEED_QUERIES / 2,
    thread: MAX_THREAD_QUERIES / 2,
    metadata: MAX_METADATA_QUERIES / 2,
  },
}
const IOS: Rules = {
  maxAgeMs: IOS_MAX_AGE_MS,
  threadMaxAgeMs: IOS_MAX_AGE_MS,
  caps: { feed: IOS_KEEP_FEED },
}
const EMERGENCY: Rules = {
  maxAgeMs: EMERGENCY_MAX_AGE_MS,
  threadMaxAgeMs: EMERGENCY_MAX_AGE_MS,
  caps: { feed: EMERGENCY_KEEP_FEED },
}

const newestFirst = (a: QueryFacts, b: QueryFacts) => b.updatedAt - a.updatedAt

function byRules(queries: readonly QueryFacts[], rules: Rules, now: number): Set<string> {
  const removed = new Set<string>()
  const idle = queries.filter((query) => !query.active)
  for (const query of idle) {
    const maxAge = query.group === 'thread' ? rules.threadMaxAgeMs : rules.maxAgeMs
    if (now - query.updatedAt > maxAge) removed.add(query.hash)
  }
  for (const [group, cap] of Object.entries(rules.caps) as [CacheGroup, number][]) {
    const kept = queries.filter((query) => query.group === group && !removed.has(query.hash))
    // Shown queries count towards the cap but are not removed; the oldest idle ones go.
    let over = kept.length - cap
    for (const query of kept
      .filter((q) => !q.active)
      .sort(newestFirst)
      .reverse()) {
      if (over <= 0) break
      removed.add(query.hash)
      over--
    }
  }
  return removed
}

function selective(queries: readonly QueryFacts[], targetBytes: number): Set<string> {
  const removed = new Set<string>()
  let total = queries.reduce((sum, query) => sum + query.bytes, 0)
  const largestFirst = queries.filter((q) => !q.active).sort((a, b) => b.bytes - a.bytes)
  for (const query of largestFirst) {
    if (total <= targetBytes) break
    removed.add(query.hash)
    total -= query.bytes
  }
  return removed
}

/** The level `smart` stands for at this pressure (high is handled in two steps, see planCleanup). */
export function smartLevel(pressure: PressureLevel): Exclude<CleanupLevel, 'smart'> {
  switch (pressure) {
    case 'critical':
      return 'emergency'
    case 'high':
      return 'aggressive'
    case 'medium':
      return 'background'
    default:
      return 'proactive'
  }
}

/** The hashes of the queries a cleanup at this level removes. */
export function planCleanup(
  level: CleanupLevel,
  queries: readonly QueryFacts[],
  { now, pressure }: { now: number; pressure: PressureLevel },
): Set<string> {
  switch (level) {
    case 'proactive':
      return byRules(queries, PROACTIVE, now)
    case 'background':
      return byRules(queries, BACKGROUND, now)
    case 'aggressive':
      return byRules(queries, AGGRESSIVE, now)
    case 'ios':
      return byRules(queries, IOS, now)
    case 'emergency':
      return byRules(queries, EMERGENCY, now)
    case 'selective':
      return selective(queries, SELECTIVE_TARGET_BYTES)
    case 'smart': {
      const removed = planCleanup(smartLevel(pressure), queries, { now, pressure })
      if (pressure !== 'high') return removed
      const left = queries.filter((query) => !removed.has(query.hash))
      for (const hash of selective(left, SELECTIVE_TARGET_BYTES)) removed.add(hash)
      return removed
    }
  }
}

/**
 * Memory pressure (spec §3 memory info, §9 memory manager). Where the browser reports its heap
 * (`performance.memory`), what is left of it decides first: under 50 MB critical, under 80 MB
 * high. Then the cache: over 100 MB (the most it may hold) or over 500 queries high; over 300
 * queries, or over 50 MB used (the heap where known, else the cache's estimate), medium.
 */
import type { CacheGroup } from './cache-breakdown.ts'

const MB = 1024 * 1024

export const MEMORY_CRITICAL_BYTES = 50 * MB
export const MEMORY_WARNING_BYTES = 80 * MB
export const MAX_CACHE_BYTES = 100 * MB
export const HIGH_QUERY_COUNT = 500
export const MEDIUM_QUERY_COUNT = 300
export const MEDIUM_USED_BYTES = 50 * MB

export type PressureLevel = 'low' | 'medium' | 'high' | 'critical'

/** The browser's heap figures, when it gives them (Chromium's performance.memory). */
export interface HeapFigures {
  used: number
  total: number
  limit: number
}

export interface MemoryReading {
  heap: HeapFigures | null
  queryCount: number
  cacheBytes: number
}

export function pressureLevel({ heap, queryCount, cacheBytes }: MemoryReading): PressureLevel {
  if (heap) {
    const available = heap.limit - heap.used
    if (available < MEMORY_CRITICAL_BYTES) return 'critical'
    if (available < MEMORY_WARNING_BYTES) return 'high'
  }
  if (cacheBytes > MAX_CACHE_BYTES || queryCount > HIGH_QUERY_COUNT) return 'high'
  const used = heap ? heap.used : cacheBytes
  if (queryCount > MEDIUM_QUERY_COUNT || used > MEDIUM_USED_BYTES) return 'medium'
  return 'low'
}

export const PRESSURE_ORDER: readonly PressureLevel[] = ['low', 'medium', 'high', 'critical']
export const atLeast = (level: PressureLevel, floor: PressureLevel): boolean =>
  PRESSURE_ORDER.indexOf(level) >= PRESSURE_ORDER.indexOf(floor)

/** One query as the cleanup sees it. */
export interface QueryFacts {
  hash: string
  group: CacheGroup
  /** When its data last changed (ms). */
  updatedAt: number
  /** A screen is showing it: never removed, whatever the level. */
  active: boolean
  bytes: number
}

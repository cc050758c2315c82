/**
 * The memory manager (spec §3 memory info, §4 cleanup levels, §9 timings): it watches the query
 * cache (and the browser's heap where it reports one) and removes what no screen shows before
 * memory runs short. Timings: pressure every 30 s (critical: emergency cleanup; high: selective);
 * proactive every 2 min, background every 5 min and when the page is hidden, aggressive every
 * 10 min under high pressure; on iOS, a check every 10 s that cleans up after two readings over
 * 45 MB in a row or a jump of more than 10 MB.
 */
import type { Query, QueryClient } from '@tanstack/react-query'
import {
  type CacheBreakdown,
  cacheBreakdown,
  estimateQueryBytes,
  groupOf,
} from '../../core/app/cache-breakdown.ts'
import { type CleanupLevel, planCleanup } from '../../core/app/memory-cleanup.ts'
import {
  atLeast,
  type HeapFigures,
  type PressureLevel,
  pressureLevel,
  type QueryFacts,
} from '../../core/app/memory-pressure.ts'

const SECOND = 1000
const MINUTE = 60 * SECOND
const MB = 1024 * 1024

export const PRESSURE_CHECK_MS = 30 * SECOND
export const PROACTIVE_EVERY_MS = 2 * MINUTE
export const BACKGROUND_EVERY_MS = 5 * MINUTE
export const AGGRESSIVE_EVERY_MS = 10 * MINUTE
export const IOS_CHECK_MS = 10 * SECOND
export const IOS_THRESHOLD_BYTES = 45 * MB
export const IOS_SPIKE_BYTES = 10 * MB

export interface MemoryInfo {
  /** Heap figures in bytes; null where the browser does not report them. */
  used: number | null
  available: number | null
  total: number | null
  /** The query cache's estimate plus the ASCII pictures'. */
  cacheSize: number
  queryCount: number
  lastCleanup: { level: CleanupLevel; at: number; removed: number } | null
  pressureLevel: PressureLevel
}

export interface MemoryManager {
  info(): MemoryInfo
  breakdown(): CacheBreakdown
  /** Runs one cleanup now; returns how many queries it removed. */
  cleanup(level: CleanupLevel): number
  stop(): void
}

export interface MemoryManagerOptions {
  queryClient: QueryClient
  /** Other caches that count towards the size and go in an emergency (the ASCII pictures). */
  extraBytes?: () => number
  clearExtra?: () => void
  /** The browser's heap; by default Chromium's performance.memory, where there is one. */
  heap?: () => HeapFigures | null
  ios?: boolean
  now?: () => number
}

interface ChromeMemory {
  usedJSHeapSize: number
  totalJSHeapSize: number
  jsHeapSizeLimit: number
}

function browserHeap(): HeapFigures | null {
  const memory = (performance as Performance & { memory?: ChromeMemory }).memory
  if (!memory) return null
  return {
    used: memory.usedJSHeapSize,
    total: memory.totalJSHeapSize,
    limit: memory.jsHeapSizeLimit,
  }
}

/** iPhone and iPad, including iPadOS that calls itself a Mac but has touch. */
export const isIos = (): boolean =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1)

export function startMemoryManager(options: MemoryManagerOptions): MemoryManager {
  const { queryClient, extraBytes = () => 0, clearExtra = () => {} } = options
  const heap = options.heap ?? browserHeap
  const now = options.now ?? Date.now
  const cache = queryClient.getQueryCache()
  // A query's size is measured once per version of its data.
  const sizes = new WeakMap<Query, { at: number; bytes: number }>()
  let lastCleanup: MemoryInfo['lastCleanup'] = null

  const bytesOf = (query: Query): number => {
    const known = sizes.get(query)
    if (known && known.at === query.state.dataUpdatedAt) return known.bytes
    const bytes = estimateQueryBytes({ queryKey: query.queryKey, data: query.state.data })
    sizes.set(query, { at: query.state.dataUpdatedAt, bytes })
    return bytes
  }
  const facts = (): QueryFacts[] =>
    cache.getAll().map((query) => ({
      hash: query.queryHash,
      group: groupOf(query.queryKey),
      updatedAt: query.state.dataUpdatedAt,
      // A query kept for ever (gcTime Infinity) holds what only this device has: never cleaned.
      active: query.getObserversCount() > 0 || query.gcTime === Number.POSITIVE_INFINITY,
      bytes: bytesOf(query),
    }))
  const reading = () => {
    const queries = facts()
    const cacheBytes = queries.reduce((sum, query) => sum + query.bytes, 0) + extraBytes()
    const figures = heap()
    return {
      queries,
      cacheBytes,
      figures,
      pressure: pressureLevel({ heap: figures, queryCount: queries.length, cacheBytes }),
    }
  }

  const cleanup = (level: CleanupLevel): number => {
    const { queries, pressure } = reading()
    const removed = planCleanup(level, queries, { now: now(), pressure })
    for (const hash of removed) {
      const query = cache.get(hash)
      if (query) cache.remove(query)
    }
    if (level === 'emergency') clearExtra()
    lastCleanup = { level, at: now(), removed: removed.size }
    return removed.size
  }

  const timers = [
    setInterval(() => {
      const { pressure } = reading()
      if (pressure === 'critical') cleanup('emergency')
      else if (pressure === 'high') cleanup('selective')
    }, PRESSURE_CHECK_MS),
    setInterval(() => cleanup('proactive'), PROACTIVE_EVERY_MS),
    setInterval(() => cleanup('background'), BACKGROUND_EVERY_MS),
    setInterval(() => {
      if (atLeast(reading().pressure, 'high')) cleanup('aggressive')
    }, AGGRESSIVE_EVERY_MS),
  ]
  if (options.ios ?? isIos()) {
    let previous: number | null = null
    let overInARow = 0
    timers.push(
      setInterval(() => {
        const { figures, cacheBytes } = reading()
        const used = figures ? figures.used : cacheBytes
        overInARow = used > IOS_THRESHOLD_BYTES ? overInARow + 1 : 0
        const spike = previous !== null && used - previous > IOS_SPIKE_BYTES
        previous = used
        if (overInARow >= 2 || spike) {
          overInARow = 0
          cleanup('ios')
        }
      }, IOS_CHECK_MS),
    )
  }
  const onHidden = () => {
    if (document.visibilityState === 'hidden') cleanup('background')
  }
  document.addEventListener('visibilitychange', onHidden)

  return {
    info() {
      const { queries, cacheBytes, figures, pressure } = reading()
      return {
        used: figures?.used ?? null,
        available: figures ? figures.limit - figures.used : null,
        total: figures?.total ?? null,
        cacheSize: cacheBytes,
        queryCount: queries.length,
        lastCleanup,
        pressureLevel: pressure,
      }
    },
    breakdown: () =>
      cacheBreakdown(
        cache.getAll().map((query) => ({ queryKey: query.queryKey, bytes: bytesOf(query) })),
        queryClient.getMutationCache().getAll().length,
        now(),
      ),
    cleanup,
    stop() {
      for (const timer of timers) clearInterval(timer)
      document.removeEventListener('visibilitychange', onHidden)
    },
  }
}

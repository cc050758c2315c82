import { describe, expect, it } from 'vitest'
import { atLeast, pressureLevel } from '../../../../src/core/app/memory-pressure.ts'

const MB = 1024 * 1024
const heap = (usedMb: number, limitMb: number) => ({
  used: usedMb * MB,
  total: usedMb * MB,
  limit: limitMb * MB,
})

describe('pressureLevel (spec §9: critical 50 MB, warning 80, max cache 100 MB; 500 / 300 queries)', () => {
  it('is critical under 50 MB of heap left, high under 80 MB', () => {
    expect(pressureLevel({ heap: heap(100, 149), queryCount: 0, cacheBytes: 0 })).toBe('critical')
    expect(pressureLevel({ heap: heap(100, 150), queryCount: 0, cacheBytes: 0 })).toBe('high')
    expect(pressureLevel({ heap: heap(100, 179), queryCount: 0, cacheBytes: 0 })).toBe('high')
    expect(pressureLevel({ heap: heap(40, 2000), queryCount: 0, cacheBytes: 0 })).toBe('low')
  })

  it('is high over 500 queries or over 100 MB of cache', () => {
    expect(pressureLevel({ heap: null, queryCount: 501, cacheBytes: 0 })).toBe('high')
    expect(pressureLevel({ heap: null, queryCount: 500, cacheBytes: 0 })).toBe('medium')
    expect(pressureLevel({ heap: null, queryCount: 0, cacheBytes: 100 * MB + 1 })).toBe('high')
  })

  it('is medium over 300 queries or over 50 MB used (the heap where known, else the cache)', () => {
    expect(pressureLevel({ heap: null, queryCount: 301, cacheBytes: 0 })).toBe('medium')
    expect(pressureLevel({ heap: null, queryCount: 300, cacheBytes: 0 })).toBe('low')
    expect(pressureLevel({ heap: null, queryCount: 0, cacheBytes: 50 * MB + 1 })).toBe('medium')
    expect(pressureLevel({ heap: heap(51, 4000), queryCount: 0, cacheBytes: 0 })).toBe('medium')
    // With a heap figure, the cache's own estimate does not count as "used" twice.
    expect(pressureLevel({ heap: heap(20, 4000), queryCount: 0, cacheBytes: 60 * MB })).toBe('low')
  })

  it('orders levels', () => {
    expect(atLeast('critical', 'high')).toBe(true)
    expect(atLeast('high', 'high')).toBe(true)
    expect(atLeast('medium', 'high')).toBe(false)
  })
})

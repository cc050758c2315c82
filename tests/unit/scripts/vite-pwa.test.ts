import { describe, expect, it } from 'vitest'
import { IMAGE_RUNTIME_CACHE } from '../../../scripts/vite-pwa.ts'

describe('the service worker image cache', () => {
  it('keeps only status 200 answers: never an opaque one (status 0), which costs MBs of quota each', () => {
    const statuses = IMAGE_RUNTIME_CACHE.options?.cacheableResponse?.statuses
    expect(statuses).toEqual([200])
    expect(statuses).not.toContain(0)
    // Headers alone must not make a response cacheable either (an opaque one has none to read).
    expect(IMAGE_RUNTIME_CACHE.options?.cacheableResponse?.headers).toBeUndefined()
  })

  it('is the cache for pictures, cache-first and bounded', () => {
    expect(IMAGE_RUNTIME_CACHE.handler).toBe('CacheFirst')
    expect(IMAGE_RUNTIME_CACHE.options?.cacheName).toBe('plume-images')
    expect(IMAGE_RUNTIME_CACHE.options?.expiration?.maxEntries).toBeGreaterThan(0)
  })
})

// @vitest-environment happy-dom
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  IOS_CHECK_MS,
  PRESSURE_CHECK_MS,
  PROACTIVE_EVERY_MS,
  startMemoryManager,
} from '../../../../src/actors/app/memory-manager.ts'
import type { HeapFigures } from '../../../../src/core/app/memory-pressure.ts'

const MB = 1024 * 1024
const MIN = 60_000
const NOW = 1_800_000_000_000

let client: QueryClient
let stop: (() => void) | undefined

beforeEach(() => {
  vi.useFakeTimers({ now: NOW })
  client = new QueryClient()
})
afterEach(() => {
  stop?.()
  client.clear()
  vi.useRealTimers()
})

function start(options: { heap?: () => HeapFigures | null; ios?: boolean; extra?: number } = {}) {
  const cleared = { extra: 0 }
  const manager = startMemoryManager({
    queryClient: client,
    heap: options.heap ?? (() => null),
    ios: options.ios ?? false,
    extraBytes: () => options.extra ?? 0,
    clearExtra: () => {
      cleared.extra++
    },
  })
  stop = manager.stop
  return { manager, cleared }
}

/** A query with data set `ageMin` minutes ago. */
function cached(key: unknown[], data: unknown, ageMin = 0) {
  client.setQueryData(key, data, { updatedAt: Date.now() - ageMin * MIN })
}
const keys = () =>
  client
    .getQueryCache()
    .getAll()
    .map((query) => query.queryKey)

describe('memory manager', () => {
  it('reports memory info: queries, estimated size with the ASCII pictures, pressure', () => {
    cached(['metadata', 'a'], { name: 'a' })
    cached(['thread', 'r'], ['x'])
    const { manager } = start({ extra: 4000 })
    expect(manager.info()).toEqual({
      used: null,
      available: null,
      total: null,
      cacheSize: 500 + '["x"]'.length + 4000,
      queryCount: 2,
      lastCleanup: null,
      pressureLevel: 'low',
    })
    expect(manager.breakdown().groups.metadata).toEqual({ count: 1, bytes: 500 })
  })

  it('every 2 minutes removes queries past their age, but not one a screen shows', async () => {
    cached(['thread', 'old'], ['x'], 20)
    cached(['feed', 'old'], ['x'], 40)
    cached(['feed', 'shown'], ['x'], 40)
    const observer = new QueryObserver(client, { queryKey: ['feed', 'shown'], enabled: false })
    const unsubscribe = observer.subscribe(() => {})
    cached(['feed', 'new'], ['x'], 1)
    const { manager } = start()
    await vi.advanceTimersByTimeAsync(PROACTIVE_EVERY_MS)
    expect(keys()).toEqual([
      ['feed', 'shown'],
      ['feed', 'new'],
    ])
    expect(manager.info().lastCleanup).toEqual({ level: 'proactive', at: Date.now(), removed: 2 })
    unsubscribe()
  })

  it('a query kept for ever (the follow list’s versions) survives every cleanup', async () => {
    client.setQueryDefaults(['profile', 'contact-versions'], { gcTime: Number.POSITIVE_INFINITY })
    cached(['profile', 'contact-versions', 'me'], { versions: [], accepted: null }, 60 * 24)
    cached(['profile', 'contacts', 'me'], { contacts: [] }, 60 * 24)
    const heap = { used: 1000 * MB, total: 1000 * MB, limit: 1040 * MB }
    start({ heap: () => heap })
    await vi.advanceTimersByTimeAsync(PROACTIVE_EVERY_MS)
    expect(keys()).toEqual([['profile', 'contact-versions', 'me']])
  })

  it('under critical pressure the 30 s check runs an emergency cleanup, the ASCII cache too', async () => {
    cached(['thread', 'six-minutes'], ['x'], 6)
    cached(['thread', 'four-minutes'], ['x'], 4)
    const heap = { used: 1000 * MB, total: 1000 * MB, limit: 1040 * MB }
    const { manager, cleared } = start({ heap: () => heap })
    expect(manager.info()).toMatchObject({
      pressureLevel: 'critical',
      used: 1000 * MB,
      available: 40 * MB,
    })
    await vi.advanceTimersByTimeAsync(PRESSURE_CHECK_MS)
    expect(keys()).toEqual([['thread', 'four-minutes']])
    expect(cleared.extra).toBe(1)
    expect(manager.info().lastCleanup?.level).toBe('emergency')
  })

  it('on iOS, two readings over 45 MB in a row clean up', async () => {
    cached(['thread', 'old'], ['x'], 11)
    const used = 46 * MB
    const { manager } = start({ ios: true, heap: () => ({ used, total: used, limit: 4000 * MB }) })
    await vi.advanceTimersByTimeAsync(IOS_CHECK_MS)
    expect(manager.info().lastCleanup).toBeNull()
    await vi.advanceTimersByTimeAsync(IOS_CHECK_MS)
    expect(manager.info().lastCleanup?.level).toBe('ios')
    expect(keys()).toEqual([])
  })

  it('on iOS, a jump of more than 10 MB between readings cleans up', async () => {
    let used = 10 * MB
    const { manager } = start({ ios: true, heap: () => ({ used, total: used, limit: 4000 * MB }) })
    await vi.advanceTimersByTimeAsync(IOS_CHECK_MS)
    used = 21 * MB
    await vi.advanceTimersByTimeAsync(IOS_CHECK_MS)
    expect(manager.info().lastCleanup?.level).toBe('ios')
  })

  it('a hidden page cleans up in the background', () => {
    cached(['thread', 'old'], ['x'], 16)
    const { manager } = start()
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
    expect(manager.info().lastCleanup?.level).toBe('background')
    expect(keys()).toEqual([])
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
  })
})

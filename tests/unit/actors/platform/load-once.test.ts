import { describe, expect, it, vi } from 'vitest'
import { loadOnce } from '../../../../src/actors/platform/load-once.ts'

describe('loadOnce', () => {
  it('loads with the first call and shares it with every call after', async () => {
    const load = vi.fn(async () => ({ made: true }))
    const loaded = loadOnce(load)
    expect(load).not.toHaveBeenCalled()
    const [first, second] = await Promise.all([loaded(), loaded()])
    expect(first).toBe(second)
    expect(await loaded()).toBe(first)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries a failed load again with the next call', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('loaded')
    const loaded = loadOnce(load)
    await expect(loaded()).rejects.toThrow('offline')
    expect(await loaded()).toBe('loaded')
    expect(load).toHaveBeenCalledTimes(2)
  })
})

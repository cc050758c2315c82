import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createGatherer,
  GATHER_MAX_MS,
  GATHER_QUIET_MS,
} from '../../../../src/actors/platform/gather.ts'

/** A gatherer whose loads are recorded and answer each key with its upper case. */
function recording(maxBatch = 100, times: { quietMs?: number; maxMs?: number } = {}) {
  const loads: string[][] = []
  const ask = createGatherer<string>({
    maxBatch,
    ...times,
    load: async (keys) => {
      loads.push([...keys])
      return keys.map((key) => key.toUpperCase())
    },
  })
  return { ask, loads }
}

describe('createGatherer', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('answers asks that keep coming within the quiet time with one load, each key once', async () => {
    const { ask, loads } = recording()
    const a = ask('a')
    await vi.advanceTimersByTimeAsync(GATHER_QUIET_MS - 10)
    const b = ask('b')
    const again = ask('a')
    await vi.advanceTimersByTimeAsync(GATHER_QUIET_MS - 10)
    expect(loads).toEqual([])
    await vi.advanceTimersByTimeAsync(10)
    expect(loads).toEqual([['a', 'b']])
    expect(await Promise.all([a, b, again])).toEqual(['A', 'B', 'A'])
  })

  it('sends a long stream of asks at most GATHER_MAX_MS after its first', async () => {
    const { ask, loads } = recording()
    const step = GATHER_QUIET_MS / 2
    for (let t = 0; t < GATHER_MAX_MS; t += step) {
      void ask(`k${t}`)
      await vi.advanceTimersByTimeAsync(step)
    }
    expect(loads).toHaveLength(1)
    expect(loads[0]).toHaveLength(GATHER_MAX_MS / step)
  })

  it('asks after a quiet time go in a batch of their own', async () => {
    const { ask, loads } = recording()
    void ask('a')
    await vi.advanceTimersByTimeAsync(GATHER_QUIET_MS)
    void ask('b')
    await vi.advanceTimersByTimeAsync(GATHER_QUIET_MS)
    expect(loads).toEqual([['a'], ['b']])
  })

  it('splits a moment’s keys into batches of maxBatch', async () => {
    const { ask, loads } = recording(2)
    const answers = Promise.all(['a', 'b', 'c'].map(ask))
    await vi.advanceTimersByTimeAsync(GATHER_QUIET_MS)
    expect(loads).toEqual([['a', 'b'], ['c']])
    expect(await answers).toEqual(['A', 'B', 'C'])
  })

  it('fails every ask of a batch whose load fails', async () => {
    const ask = createGatherer<string>({
      maxBatch: 10,
      load: async () => {
        throw new Error('relays unreachable')
      },
    })
    const asks = [ask('a'), ask('b')].map((p) => p.catch((error: Error) => error.message))
    await vi.advanceTimersByTimeAsync(GATHER_QUIET_MS)
    expect(await Promise.all(asks)).toEqual(['relays unreachable', 'relays unreachable'])
  })

  it('waits as long as told: asks further apart than the usual quiet time still go together', async () => {
    const { ask, loads } = recording(100, { quietMs: 600, maxMs: 2000 })
    void ask('a')
    await vi.advanceTimersByTimeAsync(GATHER_QUIET_MS * 4)
    void ask('b')
    await vi.advanceTimersByTimeAsync(599)
    expect(loads).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(loads).toEqual([['a', 'b']])
  })
})

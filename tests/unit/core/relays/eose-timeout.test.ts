import { describe, expect, it } from 'vitest'
import {
  EOSE_BASE_TIMEOUT_MS,
  EOSE_HISTORY,
  EOSE_MIN_TIMEOUT_MS,
  eoseTimeout,
  recordEoseDuration,
} from '../../../../src/core/relays/eose-timeout.ts'

describe('constants', () => {
  it('waits 4400 ms at most and remembers 100 durations', () => {
    expect(EOSE_BASE_TIMEOUT_MS).toBe(4400)
    expect(EOSE_HISTORY).toBe(100)
    expect(EOSE_MIN_TIMEOUT_MS).toBe(1000)
  })
})

describe('recordEoseDuration', () => {
  it('appends without changing the history it was given', () => {
    const history = [100]
    expect(recordEoseDuration(history, 200)).toEqual([100, 200])
    expect(history).toEqual([100])
  })

  it('keeps the last 100 durations', () => {
    let history: number[] = []
    for (let i = 1; i <= 150; i++) history = recordEoseDuration(history, i)
    expect(history).toHaveLength(100)
    expect(history[0]).toBe(51)
    expect(history.at(-1)).toBe(150)
  })

  it('ignores durations that are not durations', () => {
    expect(recordEoseDuration([5], Number.NaN)).toEqual([5])
    expect(recordEoseDuration([5], -1)).toEqual([5])
    expect(recordEoseDuration([5], Number.POSITIVE_INFINITY)).toEqual([5])
  })
})

describe('eoseTimeout', () => {
  it('is the base with no history, or too little of it', () => {
    expect(eoseTimeout([])).toBe(4400)
    expect(eoseTimeout([100, 100, 100, 100])).toBe(4400)
  })

  it('is the 95th percentile times 1.5', () => {
    // 100..1 x 20 ms, the quickest last: the 95th percentile is 1900 ms, times 1.5 is 2850 ms.
    const history = Array.from({ length: 100 }, (_, i) => (100 - i) * 20)
    expect(eoseTimeout(history)).toBe(2850)
  })

  it('ignores the rare stall, once five durations came after it', () => {
    const thousand = (n: number) => Array.from({ length: n }, () => 1000)
    const history = [...thousand(40), 30_000, ...thousand(40), 30_000, 30_000, ...thousand(5)]
    expect(eoseTimeout(history)).toBe(1500)
  })

  it('counts the longest of the last five: a relay turned slow is waited for at once', () => {
    const quick = Array.from({ length: 95 }, () => 100)
    expect(eoseTimeout([...quick, 2000, 100, 100, 100, 100])).toBe(3000)
    expect(eoseTimeout([...quick, 2000, 100, 100, 100, 100, 100])).toBe(1000)
  })

  it('never drops below 1000 ms nor rises above the base', () => {
    expect(eoseTimeout([50, 60, 70, 80, 90])).toBe(1000)
    expect(eoseTimeout([5000, 6000, 7000, 8000, 9000])).toBe(4400)
  })

  it('looks only at the last 100 durations', () => {
    const history = [
      ...Array.from({ length: 100 }, () => 4000),
      ...Array.from({ length: 100 }, () => 800),
    ]
    expect(eoseTimeout(history)).toBe(1200)
  })
})

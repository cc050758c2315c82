import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  partActivity,
  partEnded,
  startPart,
} from '../../../../src/actors/relays/subscription-part.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const now = () => Date.now()

describe("a relay's part of a subscription", () => {
  it('times out after one wait of quiet', () => {
    const timedOut = vi.fn()
    startPart(now, { waitMs: 500, deadlineMs: 1500 }, false, timedOut)
    vi.advanceTimersByTime(499)
    expect(timedOut).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(timedOut).toHaveBeenCalledWith(500)
  })

  it('waits on while the relay streams, but never past its deadline from the REQ', () => {
    const timedOut = vi.fn()
    const part = startPart(now, { waitMs: 500, deadlineMs: 1500 }, false, timedOut)
    // An event every 100 ms: never quiet for a wait.
    for (let t = 100; t < 1500; t += 100) {
      vi.advanceTimersByTime(100)
      partActivity(part, now)
    }
    expect(timedOut).not.toHaveBeenCalled()
    vi.advanceTimersByTime(100)
    expect(timedOut).toHaveBeenCalledWith(1500)
  })

  it('stops waiting at EOSE', () => {
    const timedOut = vi.fn()
    const part = startPart(now, { waitMs: 500, deadlineMs: 1500 }, false, timedOut)
    vi.advanceTimersByTime(200)
    expect(partEnded(part, now)).toEqual({ responseMs: 200, inTime: true })
    vi.advanceTimersByTime(2000)
    expect(timedOut).not.toHaveBeenCalled()
  })
})

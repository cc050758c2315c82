import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFirstScreen, FIRST_SCREEN_MAX_MS } from '../../../../src/actors/app/first-screen.ts'

describe('first screen', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('holds work back on the feed until its rows are drawn, then runs it once', () => {
    const screen = createFirstScreen({ onFeed: () => true })
    const run = vi.fn()
    screen.after(run)
    expect(run).not.toHaveBeenCalled()
    screen.drawn()
    screen.drawn()
    expect(run).toHaveBeenCalledTimes(1)
    // Drawn already: later work runs at once.
    const later = vi.fn()
    screen.after(later)
    expect(later).toHaveBeenCalledTimes(1)
  })

  it('waits for the rows’ pictures when they are still being drawn, whether drawn or not', async () => {
    const screen = createFirstScreen({ onFeed: () => true })
    const run = vi.fn()
    screen.after(run)
    let fail = (_: Error) => {}
    screen.drawn(new Promise((_, reject) => (fail = reject)))
    await vi.advanceTimersByTimeAsync(1000)
    expect(run).not.toHaveBeenCalled()
    fail(new Error('picture refused'))
    await vi.advanceTimersByTimeAsync(0)
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('runs work at once off the feed, and lets what waited on the feed go too', () => {
    let onFeed = true
    const screen = createFirstScreen({ onFeed: () => onFeed })
    const waiting = vi.fn()
    screen.after(waiting)
    onFeed = false // the reader opened a note before the feed had rows
    const here = vi.fn()
    screen.after(here)
    expect(here).toHaveBeenCalledTimes(1)
    expect(waiting).toHaveBeenCalledTimes(1)
  })

  it('gives up waiting after FIRST_SCREEN_MAX_MS when the feed never gets rows', () => {
    const screen = createFirstScreen({ onFeed: () => true })
    const run = vi.fn()
    screen.after(run)
    vi.advanceTimersByTime(FIRST_SCREEN_MAX_MS - 1)
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledTimes(1)
    expect(FIRST_SCREEN_MAX_MS).toBe(10_000)
  })

  it('forgets work that was cancelled before the screen was drawn', () => {
    const screen = createFirstScreen({ onFeed: () => true })
    const run = vi.fn()
    const cancel = screen.after(run)
    cancel()
    screen.drawn()
    expect(run).not.toHaveBeenCalled()
  })
})

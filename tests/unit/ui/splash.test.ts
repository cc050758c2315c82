// @vitest-environment happy-dom
// The start-up splash (spec §2): logo and title for 1.2 s, then a 0.4 s fade, then gone. The times
// below are the spec's, written here; the code's constants are what they check.
import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { holdSplash, showSplashOnStart } from '../../../src/ui/components/app/splash.ts'

const root = document.documentElement
// happy-dom's import.meta.url is not a file URL: the path is the repository's.
const splashCss = readFileSync('src/ui/components/app/splash.css', 'utf8')

beforeEach(() => {
  vi.useFakeTimers()
  sessionStorage.clear()
  delete root.dataset.splash
  root.removeAttribute('style')
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the start-up splash (spec §2)', () => {
  it('stays up through 1.2 s shown and 0.4 s of fade, and is taken away at 1.6 s', () => {
    showSplashOnStart()
    expect(root.dataset.splash).toBe('start')
    vi.advanceTimersByTime(1599)
    expect(root.dataset.splash).toBe('start')
    vi.advanceTimersByTime(1)
    expect(root.dataset.splash).toBeUndefined()
  })

  it('fades from 1.2 s over 0.4 s: the CSS fade takes its times from the code, none of its own', () => {
    showSplashOnStart()
    expect(root.style.getPropertyValue('--splash-show')).toBe('1200ms')
    expect(root.style.getPropertyValue('--splash-fade')).toBe('400ms')
    const animation = /animation:\s*([^;]+);/.exec(splashCss)?.[1] ?? ''
    expect(animation).toBe('splash-fade var(--splash-fade) ease-out var(--splash-show) forwards')
  })

  it('shows once per browser session', () => {
    showSplashOnStart()
    vi.advanceTimersByTime(1600)
    showSplashOnStart()
    expect(root.dataset.splash).toBeUndefined()
  })

  it('held for an update, it stays past the fade until the reload', () => {
    showSplashOnStart()
    holdSplash()
    vi.advanceTimersByTime(60_000)
    expect(root.dataset.splash).toBe('held')
  })
})

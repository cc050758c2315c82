import { describe, expect, it } from 'vitest'
import {
  isChunkLoadError,
  PRELOAD_RELOAD_GUARD_MS,
  shouldReloadOnPreloadError,
} from '../../../../src/core/app/preload-recovery.ts'
import { showsSplashOnStart } from '../../../../src/core/app/splash.ts'

// Its times are tested where they are used: tests/unit/ui/splash.test.ts.
describe('splash (spec §2)', () => {
  it('shows once per browser session', () => {
    expect(
      showsSplashOnStart({ standalone: false, shownThisSession: false, afterUpdate: false }),
    ).toBe(true)
    expect(
      showsSplashOnStart({ standalone: false, shownThisSession: true, afterUpdate: false }),
    ).toBe(false)
  })

  it('shows in standalone only while an update completes', () => {
    expect(
      showsSplashOnStart({ standalone: true, shownThisSession: false, afterUpdate: false }),
    ).toBe(false)
    expect(
      showsSplashOnStart({ standalone: true, shownThisSession: true, afterUpdate: true }),
    ).toBe(true)
  })
})

describe('reload after a failed chunk load', () => {
  const NOW = 1_700_000_000_000
  it('reloads once, not again within the guard window', () => {
    expect(shouldReloadOnPreloadError(null, NOW)).toBe(true)
    expect(shouldReloadOnPreloadError(NOW - 1000, NOW)).toBe(false)
    expect(shouldReloadOnPreloadError(NOW - PRELOAD_RELOAD_GUARD_MS, NOW)).toBe(false)
    expect(shouldReloadOnPreloadError(NOW - PRELOAD_RELOAD_GUARD_MS - 1, NOW)).toBe(true)
    // A clock set back since: the stored time proves nothing.
    expect(shouldReloadOnPreloadError(NOW + 5000, NOW)).toBe(true)
  })

  it("tells a screen's code that could not be fetched from a screen that broke", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://plume.example/assets/about-1.js',
      'error loading dynamically imported module: https://plume.example/assets/about-1.js',
      'Importing a module script failed.',
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true)
    }
    expect(
      isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'id')")),
    ).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  dismissedBefore,
  rememberDismissal,
} from '../../../../src/actors/app/install-dismissal-store.ts'
import {
  INSTALL_DISMISS_MS,
  INSTALL_DISMISSED_KEY,
} from '../../../../src/core/app/install-dismissal.ts'

/** localStorage as a map; `refuses` throws on every call, as a private mode may. */
function stubStorage(refuses = false) {
  const items = new Map<string, string>()
  const refuse = () => {
    throw new DOMException('refused', 'SecurityError')
  }
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => (refuses ? refuse() : (items.get(key) ?? null)),
    setItem: (key: string, value: string) => (refuses ? refuse() : void items.set(key, value)),
  })
  return items
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the Install prompt dismissal in storage', () => {
  it('keeps the time of Not now under installDismissedAt', () => {
    const items = stubStorage()
    expect(dismissedBefore(1_000)).toBe(false)
    rememberDismissal(1_000)
    expect(items.get(INSTALL_DISMISSED_KEY)).toBe('1000')
    expect(dismissedBefore(1_000 + INSTALL_DISMISS_MS - 1)).toBe(true)
    expect(dismissedBefore(1_000 + INSTALL_DISMISS_MS)).toBe(false)
  })

  it('reads a refusing storage as never dismissed, and writes nothing to it', () => {
    stubStorage(true)
    expect(() => rememberDismissal(1_000)).not.toThrow()
    expect(dismissedBefore(1_000)).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { INSTALL_DISMISS_MS, installDismissed } from '../../../../src/core/app/install-dismissal.ts'

describe('installDismissed', () => {
  const now = Date.UTC(2026, 10, 24)

  it('holds for 30 days after Not now', () => {
    expect(installDismissed(String(now), now)).toBe(true)
    expect(installDismissed(String(now - INSTALL_DISMISS_MS + 1), now)).toBe(true)
    expect(installDismissed(String(now - INSTALL_DISMISS_MS), now)).toBe(false)
  })

  it('is off with nothing stored, a malformed record, or one from the future', () => {
    expect(installDismissed(null, now)).toBe(false)
    expect(installDismissed('true', now)).toBe(false)
    expect(installDismissed(String(now + 60_000), now)).toBe(false)
  })
})

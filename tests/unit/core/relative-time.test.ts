import { describe, expect, it } from 'vitest'
import { relativeTime } from '../../../src/core/relative-time.ts'

const NOW = Date.UTC(2026, 10, 20, 12) / 1000

describe('relativeTime', () => {
  it('counts up in minutes, hours and days', () => {
    expect(relativeTime(NOW - 10, NOW)).toBe('now')
    expect(relativeTime(NOW - 60, NOW)).toBe('1m')
    expect(relativeTime(NOW - 59 * 60, NOW)).toBe('59m')
    expect(relativeTime(NOW - 3 * 3600, NOW)).toBe('3h')
    expect(relativeTime(NOW - 6 * 86400, NOW)).toBe('6d')
  })

  it('shows a date after a week, with the year only when it differs', () => {
    expect(relativeTime(Date.UTC(2026, 0, 5, 12) / 1000, NOW)).toBe('Jan 5')
    expect(relativeTime(Date.UTC(2025, 0, 5, 12) / 1000, NOW)).toBe('Jan 5, 2025')
  })

  it('treats a clock skewed into the future as now', () => {
    expect(relativeTime(NOW + 300, NOW)).toBe('now')
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { absoluteTime, relativeTime } from '../../../../src/core/platform/relative-time.ts'

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

// The formats are written out instead of made by Intl (for its start-up cost): they must be what
// Intl.DateTimeFormat('en') writes, in the local time zone, for any moment, in any zone.
describe.each(['UTC', 'Australia/Adelaide', 'America/New_York'])(
  'dates as Intl writes them, in %s',
  (zone) => {
    // Made in each test, once the zone is set: Intl takes the zone when a formatter is made.
    const formatter = (options: Intl.DateTimeFormatOptions) => {
      const format = new Intl.DateTimeFormat('en', options)
      return (seconds: number) => format.format(new Date(seconds * 1000)).replace(/\u202f/g, ' ')
    }
    // Every hour or so of two years, so every month, day, hour and minute form comes round.
    const moments = Array.from(
      { length: 2 * 366 * 24 },
      (_, i) => Date.UTC(2025, 0, 1) / 1000 + i * 3607,
    )
    const zoneBefore = process.env.TZ
    beforeAll(() => {
      process.env.TZ = zone
    })
    afterAll(() => {
      process.env.TZ = zoneBefore
    })

    it('takes the zone', () => {
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone)
    })

    it('absoluteTime is the medium date with the short time', () => {
      const full = formatter({ dateStyle: 'medium', timeStyle: 'short' })
      for (const at of moments) expect(absoluteTime(at)).toBe(full(at))
    })

    it('relativeTime past a week is the short month and day, and the year when it differs', () => {
      const dayMonth = formatter({ month: 'short', day: 'numeric' })
      const dayMonthYear = formatter({ month: 'short', day: 'numeric', year: 'numeric' })
      const now = Date.UTC(2026, 11, 31, 23) / 1000
      for (const at of moments) {
        const sameYear = new Date(at * 1000).getUTCFullYear() === 2026
        const expected = sameYear ? dayMonth(at) : dayMonthYear(at)
        if (now - at >= 7 * 86400) expect(relativeTime(at, now)).toBe(expected)
      }
    })
  },
)

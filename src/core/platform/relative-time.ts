/** Compact relative times for note headers: "now", "5m", "3h", "2d", then a date. */
const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WEEK = 7 * DAY

/**
 * Dates are written out as Intl.DateTimeFormat('en') writes them, in local time, rather than by
 * it: a page's first Intl formatter loads ICU's locale data, 25-140 ms of main thread on the test
 * host, and every note card shows a date.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "Nov 23", Intl's { month: 'short', day: 'numeric' }. */
const dayMonth = (date: Date): string => `${MONTHS[date.getMonth()]} ${date.getDate()}`

/** "Nov 23, 2026", Intl's { month: 'short', day: 'numeric', year: 'numeric' }. */
const dayMonthYear = (date: Date): string => `${dayMonth(date)}, ${date.getFullYear()}`

export function relativeTime(createdAt: number, nowSeconds: number): string {
  const age = Math.max(0, nowSeconds - createdAt)
  if (age < MINUTE) return 'now'
  if (age < HOUR) return `${Math.floor(age / MINUTE)}m`
  if (age < DAY) return `${Math.floor(age / HOUR)}h`
  if (age < WEEK) return `${Math.floor(age / DAY)}d`
  const date = new Date(createdAt * 1000)
  const sameYear = date.getUTCFullYear() === new Date(nowSeconds * 1000).getUTCFullYear()
  return sameYear ? dayMonth(date) : dayMonthYear(date)
}

/**
 * The full timestamp for a tooltip or a screen reader: "Nov 23, 2026, 5:05 PM", Intl's
 * { dateStyle: 'medium', timeStyle: 'short' }.
 */
export function absoluteTime(createdAt: number): string {
  const date = new Date(createdAt * 1000)
  const hours = date.getHours()
  const minutes = String(date.getMinutes()).padStart(2, '0')
  return `${dayMonthYear(date)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`
}

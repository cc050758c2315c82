/** Compact relative times for note headers: "now", "5m", "3h", "2d", then a date. */
const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WEEK = 7 * DAY

// Formatters are built once: toLocale*String builds one per call, which is most of a note
// card's render time on a feed (measured in a CPU profile of the login re-render).
const DAY_MONTH = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' })
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})
const FULL = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

export function relativeTime(createdAt: number, nowSeconds: number): string {
  const age = Math.max(0, nowSeconds - createdAt)
  if (age < MINUTE) return 'now'
  if (age < HOUR) return `${Math.floor(age / MINUTE)}m`
  if (age < DAY) return `${Math.floor(age / HOUR)}h`
  if (age < WEEK) return `${Math.floor(age / DAY)}d`
  const date = new Date(createdAt * 1000)
  const sameYear = date.getUTCFullYear() === new Date(nowSeconds * 1000).getUTCFullYear()
  return (sameYear ? DAY_MONTH : DAY_MONTH_YEAR).format(date)
}

/** The full timestamp for a tooltip or a screen reader. */
export const absoluteTime = (createdAt: number): string => FULL.format(new Date(createdAt * 1000))

/** Compact relative times for note headers: "now", "5m", "3h", "2d", then a date. */
const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WEEK = 7 * DAY

export function relativeTime(createdAt: number, nowSeconds: number): string {
  const age = Math.max(0, nowSeconds - createdAt)
  if (age < MINUTE) return 'now'
  if (age < HOUR) return `${Math.floor(age / MINUTE)}m`
  if (age < DAY) return `${Math.floor(age / HOUR)}h`
  if (age < WEEK) return `${Math.floor(age / DAY)}d`
  const date = new Date(createdAt * 1000)
  const sameYear = date.getUTCFullYear() === new Date(nowSeconds * 1000).getUTCFullYear()
  return date.toLocaleDateString('en', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  })
}

/** The full timestamp for a tooltip or a screen reader. */
export const absoluteTime = (createdAt: number): string =>
  new Date(createdAt * 1000).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' })

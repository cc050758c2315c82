/**
 * A whole number with its thousands grouped, 12345 → "12,345", as Intl.NumberFormat('en-US')
 * writes it. Written out because a page's first Intl formatter loads ICU's locale data, 25-140 ms
 * of main thread on the test host, and the feed's zap totals are its first numbers.
 */
export const groupDigits = (value: number): string =>
  String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

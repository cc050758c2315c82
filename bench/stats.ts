/** Medians resist the odd slow run (a GC pause, the other core busy) better than means. */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export const round = (value: number, digits = 1): number => {
  const scale = 10 ** digits
  return Math.round(value * scale) / scale
}

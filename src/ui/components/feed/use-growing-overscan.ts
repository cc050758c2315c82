import { startTransition, useEffect, useState } from 'react'

/** Rows rendered beyond the screen, above and below: ready for j/k and quick scrolls. */
const OVERSCAN = 8

/**
 * The overscan, from none up to OVERSCAN one row at a time once the feed has rows: the rows on
 * the screen come first, alone, and the ones out of sight follow in small transitions rather than
 * all in the update that brought the first page (that one update was the longest task
 * before the first note, and the pictures out of sight were fetched alongside the first one).
 */
export function useGrowingOverscan(hasRows: boolean): number {
  const [overscan, setOverscan] = useState(0)
  useEffect(() => {
    if (!hasRows || overscan >= OVERSCAN) return
    const timer = setTimeout(() => startTransition(() => setOverscan((rows) => rows + 1)))
    return () => clearTimeout(timer)
  }, [hasRows, overscan])
  return overscan
}

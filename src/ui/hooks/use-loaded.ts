import { useEffect, useState } from 'react'

/**
 * A service the system loads on first use, for a view that shows itself meanwhile: null until it
 * is loaded (asking starts the load). A failed load leaves it null.
 */
export function useLoaded<T>(load: () => Promise<T>): T | null {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null)
  useEffect(() => {
    let live = true
    load().then(
      (value) => live && setLoaded({ value }),
      () => {},
    )
    return () => {
      live = false
    }
  }, [load])
  return loaded?.value ?? null
}

import { useEffect, useState } from 'react'

/** Unix seconds, refreshed every `everyMs`, so relative times age while a page stays open. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000))
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}

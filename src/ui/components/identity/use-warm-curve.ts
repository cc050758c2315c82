import { useEffect } from 'react'
import { useSystem } from '../../system-context.tsx'

/** For screens that take a key: the curve is ready by the time the user submits. */
export function useWarmCurve(): void {
  const system = useSystem()
  useEffect(() => system.warmCurve(), [system])
}

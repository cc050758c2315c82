import { startTransition, useEffect, useState } from 'react'
import type { FirstScreen } from '../../actors/app/first-screen.ts'
import { whenIdle } from '../../actors/platform/when-idle.ts'
import { useSystem } from '../system-context.tsx'

/** Idle this long at most before the work waiting runs anyway. */
const IDLE_TIMEOUT_MS = 4000
/** Safari has no idle callback: this long a wait stands in. */
const IDLE_FALLBACK_MS = 200

function afterLoadAndIdle(run: () => void): () => void {
  let cancelIdle = () => {}
  const idle = () => {
    cancelIdle = whenIdle(run, { timeoutMs: IDLE_TIMEOUT_MS, fallbackMs: IDLE_FALLBACK_MS })
  }
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
  return () => {
    window.removeEventListener('load', idle)
    cancelIdle()
  }
}

/**
 * True once the first screen is drawn (actors/app/first-screen.ts), the page has loaded and the main
 * thread is idle: when a view may load what shows nothing on the first screen.
 */
export function useAfterFirstScreen(): boolean {
  const { firstScreen } = useSystem()
  const [ready, setReady] = useState(false)
  // In a transition: what was waiting (every card's zap total, the prompts) renders in slices,
  // not in one long task of the idle moment they all share.
  useEffect(
    () => afterFirstScreen(firstScreen, () => startTransition(() => setReady(true))),
    [firstScreen],
  )
  return ready
}

/** Runs `run` once the first screen is drawn, the page has loaded and it is idle. The cancel. */
export function afterFirstScreen(firstScreen: FirstScreen, run: () => void): () => void {
  let stopWaiting = () => {}
  const cancel = firstScreen.after(() => {
    stopWaiting = afterLoadAndIdle(run)
  })
  return () => {
    cancel()
    stopWaiting()
  }
}

import type { ErrorComponentProps } from '@tanstack/react-router'
import { browserOnline } from '../../../actors/platform/online.ts'
import { isChunkLoadError, SCREEN_OFFLINE } from '../../../core/app/preload-recovery.ts'
import './error-fallback.css'

/** The error boundary texts (spec §8). */
export const COMPONENT_ERROR = 'Component Error'
export const UNEXPECTED_ERROR = 'An unexpected error occurred'

/** The router's fallback when a screen throws: the message, and a way to try again. */
export function ErrorFallback({ error, reset }: ErrorComponentProps) {
  const message =
    isChunkLoadError(error) && !browserOnline()
      ? SCREEN_OFFLINE
      : error instanceof Error && error.message
        ? error.message
        : UNEXPECTED_ERROR
  return (
    <div className="error-fallback" role="alert">
      <h2>{COMPONENT_ERROR}</h2>
      <p>{message}</p>
      <button type="button" className="button-quiet" onClick={reset}>
        Try again
      </button>
    </div>
  )
}

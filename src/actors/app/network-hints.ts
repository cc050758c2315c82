/**
 * The browser's Network Information API (navigator.connection): data-saver mode and the effective
 * connection type, where the browser offers them (Chromium does; Firefox and Safari do not, and
 * then nothing holds prefetching back).
 */
import type { ConnectionHints } from '../../core/app/prefetch.ts'

interface NetworkInformation extends EventTarget, ConnectionHints {}

const connection = (): NetworkInformation | undefined =>
  typeof navigator === 'undefined'
    ? undefined
    : (navigator as Navigator & { connection?: NetworkInformation }).connection

/** The connection as the browser reports it now; null when it reports nothing. */
export function connectionHints(): ConnectionHints | null {
  const info = connection()
  return info ? { saveData: info.saveData, effectiveType: info.effectiveType } : null
}

/** Calls back when the connection changes (data saver toggled, network type changed). */
export function onConnectionChange(listener: () => void): () => void {
  const info = connection()
  if (!info) return () => {}
  info.addEventListener('change', listener)
  return () => info.removeEventListener('change', listener)
}

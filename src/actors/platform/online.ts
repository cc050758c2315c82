/**
 * Whether the browser reports a network. Outside a browser (tests in Node) there is no
 * `navigator.onLine`: online, so nothing is queued there unless a test says so.
 */
export const browserOnline = (): boolean =>
  typeof navigator === 'undefined' || navigator.onLine !== false

/** The part of `window` that announces 'online' and 'offline'. */
export type NetworkEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>

export interface WhenOnlineOptions {
  online?: () => boolean
  /** `window` by default. */
  network?: NetworkEvents
}

/**
 * Resolves true once the browser reports a network (at once when it does), false when it still
 * does not after `timeoutMs`.
 */
export function whenOnline(timeoutMs: number, options: WhenOnlineOptions = {}): Promise<boolean> {
  const online = options.online ?? browserOnline
  if (online()) return Promise.resolve(true)
  const network = options.network ?? window
  return new Promise((resolve) => {
    const settle = (value: boolean) => {
      clearTimeout(timer)
      network.removeEventListener('online', changed)
      resolve(value)
    }
    const changed = () => {
      if (online()) settle(true)
    }
    const timer = setTimeout(() => settle(online()), timeoutMs)
    network.addEventListener('online', changed)
  })
}

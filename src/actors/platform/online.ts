/**
 * Whether the browser reports a network. Outside a browser (tests in Node) there is no
 * `navigator.onLine`: online, so nothing is queued there unless a test says so.
 */
export const browserOnline = (): boolean =>
  typeof navigator === 'undefined' || navigator.onLine !== false

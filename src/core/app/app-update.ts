/**
 * App update constants (lightning-and-ecash spec §4, §9): a waiting service worker is an update;
 * the app checks for one every 30 minutes, and after the new worker takes over it reloads, 300 ms
 * later on iOS (its standalone web view may reload into the old worker otherwise).
 */

/** §9: update check every 30 minutes. */
export const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000
/** §9: iOS reload delay. */
export const IOS_RELOAD_DELAY_MS = 300
/**
 * Not in the spec: how long Update Now waits for the new worker to take control before reloading
 * anyway (a worker that was replaced or removed meanwhile never does).
 */
export const ACTIVATION_TIMEOUT_MS = 10_000

/** The message Workbox's generated worker answers with `skipWaiting()`. */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const

/** The prompt's titles and buttons (spec §2). */
export const UPDATE_TEXTS = {
  available: 'Update Available',
  updating: 'Updating',
  later: 'Later',
  updateNow: 'Update Now',
} as const

/** iPhone, iPod, and iPad (which reports itself as a Mac with a touch screen since iPadOS 13). */
export function isIosPlatform(
  userAgent: string,
  platform: string,
  maxTouchPoints: number,
): boolean {
  return /iPad|iPhone|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1)
}

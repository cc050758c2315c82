/**
 * A screen's code chunk that fails to load (spec §7: the preload-error event, usually a deploy
 * that removed the old hashed files) reloads the page once into the new version. A second failure
 * soon after the reload is not retried: that would loop; the error screen shows instead.
 */

/** A reload this recent means the last one did not help. */
export const PRELOAD_RELOAD_GUARD_MS = 10_000
export const PRELOAD_RELOAD_KEY = 'plume-preload-reload-at'

export function shouldReloadOnPreloadError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt > PRELOAD_RELOAD_GUARD_MS || now < lastReloadAt
}

/** How Chromium, Firefox and Safari word a dynamic import whose file could not be fetched. */
const CHUNK_LOAD_MESSAGES = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
] as const

/** A screen whose code could not be fetched offline: the page reloads once back online (start.ts). */
export const SCREEN_OFFLINE =
  'This screen could not load while you are offline. It will once you are back online.'

/** A screen's code that could not be fetched (offline, or gone after a deploy), not a bug in it. */
export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && CHUNK_LOAD_MESSAGES.some((text) => error.message.startsWith(text))

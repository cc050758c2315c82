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
